import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import UprightSim

/// The renderer's libm-free atan2 against libm's, and its quadrant conventions.
@Suite struct FastArctangentTests {
    @Test func quadrantsAndAxes() {
        #expect(FastArctangent.degrees(y: 0, x: 1) == 0)
        #expect(abs(FastArctangent.degrees(y: 1, x: 0) - 90) < 1e-9)
        #expect(abs(FastArctangent.degrees(y: 1, x: 1) - 45) < 1e-4)
        #expect(abs(FastArctangent.degrees(y: 1, x: -1) - 135) < 1e-4)
        #expect(abs(FastArctangent.degrees(y: -1, x: -1) + 135) < 1e-4)
        #expect(abs(FastArctangent.degrees(y: -1, x: 0) + 90) < 1e-9)
        #expect(FastArctangent.degrees(y: 0, x: 0) == 0)
    }

    @Test func agreesWithLibmWithinATenThousandthOfADegree() {
        var worst = 0.0
        for i in 0..<73 {
            for j in 0..<73 {
                let y = Double(i - 36) * 0.37
                let x = Double(j - 36) * 0.53 + 0.01
                let exact = atan2(y, x) * 180 / Double.pi
                worst = max(worst, abs(FastArctangent.degrees(y: y, x: x) - exact))
            }
        }
        #expect(worst < 1e-4, "worst error \(worst) degrees")
    }
}
