import Testing
@testable import UprightSim

/// The picture loops' rounding: nearest integer, ties to even, negative values too.
@Suite struct FastRoundingTests {
    @Test func roundingIsToNearestWithTiesToEven() {
        #expect(FastRounding.nearest(2.5) == 2)
        #expect(FastRounding.nearest(3.5) == 4)
        #expect(FastRounding.nearest(-1.5) == -2)
        #expect(FastRounding.nearest(-0.6) == -1)
        #expect(FastRounding.nearest(1023.4) == 1023)
        #expect(FastRounding.nearest(-1023) == -1023)
        #expect(FastRounding.nearest(254.51) == 255)
    }
}
