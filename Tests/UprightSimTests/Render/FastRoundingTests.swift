import Testing
@testable import UprightSim

/// The picture loops' rounding: nearest integer, ties to even, over a channel's range.
@Suite struct FastRoundingTests {
    @Test func roundingIsToNearestWithTiesToEven() {
        #expect(FastRounding.byte(2.5) == 2)
        #expect(FastRounding.byte(3.5) == 4)
        #expect(FastRounding.byte(0.5) == 0)
        #expect(FastRounding.byte(0.49) == 0)
        #expect(FastRounding.byte(127.6) == 128)
        #expect(FastRounding.byte(254.51) == 255)
        #expect(FastRounding.byte(255) == 255)
        #expect(FastRounding.byte(0) == 0)
    }
}
