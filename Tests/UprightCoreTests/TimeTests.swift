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
}
