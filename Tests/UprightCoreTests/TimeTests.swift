import Testing
import UprightCore

@Suite struct TimeTests {
    @Test func spansInUnits() {
        #expect(TimeSpan.milliseconds(30).nanoseconds == 30_000_000)
        #expect(TimeSpan.microseconds(1_000).nanoseconds == 1_000_000)
        #expect(TimeSpan.seconds(2).nanoseconds == 2_000_000_000)
        #expect(TimeSpan(seconds: 0.0015).nanoseconds == 1_500_000)
        #expect(TimeSpan.seconds(1).milliseconds == 1_000)
    }

    @Test func instantArithmetic() {
        let start = Instant(nanoseconds: 1_000)
        let later = start + .milliseconds(5)
        #expect(later.nanoseconds == 5_001_000)
        #expect(later - start == .milliseconds(5))
        #expect(start - later == TimeSpan(nanoseconds: -5_000_000))
        #expect(start < later)
        #expect(later - .milliseconds(5) == start)
    }

    /// `secondsFloat` converts without `Float(Int64)` (a Cortex-M0 would link double-precision
    /// routines for it) and rounds exactly as it does: ties to even at the 24th bit, both signs,
    /// the extremes, and a million values of every magnitude.
    @Test func secondsFloatRoundsAsFloatOfInt64Does() {
        let edges: [Int64] = [
            0, 1, -1, 16_777_217, 1 << 31, (1 << 31) - 1, -(1 << 31), -(1 << 31) - 1,
            // 2^24 + 1 at the 8th bit: exactly half-way (ties to even, down), just past half (up),
            // and half-way from an odd significand (ties to even, up).
            16_777_217 << 8 + 128, 16_777_217 << 8 + 129, 16_777_219 << 8 + 128, Int64.max, Int64.min, Int64.min + 1,
        ]
        var generator = SplitMix(seed: 7)
        var values = edges
        for _ in 0..<1_000_000 { values.append(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)) }
        var mismatches: [Int64] = []
        for value in values where TimeSpan(nanoseconds: value).secondsFloat.bitPattern != (Float(value) / 1e9).bitPattern {
            mismatches.append(value)
        }
        #expect(mismatches.isEmpty)
        #expect(TimeSpan.milliseconds(30).secondsFloat == 0.03)
    }

    /// `quotient` divides by the magnitude (no signed 64-bit division on a Cortex-M0) and
    /// truncates toward zero as `/` does: both signs, the extremes, a million values.
    @Test func quotientTruncatesTowardZeroAsDivisionDoes() {
        #expect(TimeSpan(nanoseconds: -1_999_999).milliseconds == -1)
        #expect(TimeSpan(nanoseconds: 1_999_999).milliseconds == 1)
        #expect(TimeSpan(nanoseconds: -999).microseconds == 0)
        #expect(TimeSpan.quotient(Int64.min, 1) == Int64.min)
        #expect(TimeSpan.quotient(Int64.min, 1_000_000) == -9_223_372_036_854)
        #expect(TimeSpan.quotient(Int64.max, 1_000_000) == 9_223_372_036_854)
        var generator = SplitMix(seed: 11)
        var mismatches: [(Int64, UInt64)] = []
        for _ in 0..<1_000_000 {
            let value = Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)
            let divisor = generator.next() >> (1 + generator.next() % 63)
            guard divisor > 0 else { continue }
            if TimeSpan.quotient(value, divisor) != value / Int64(divisor) { mismatches.append((value, divisor)) }
        }
        #expect(mismatches.isEmpty)
    }
}

/// A small seeded generator for the conversion test (SplitMix64).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
