import Testing
import UprightCore

@Suite struct BackoffTests {
    @Test func doublesUpToTheCeilingAndStartsAgainAfterASuccess() {
        var backoff = Backoff(first: .milliseconds(250), longest: .milliseconds(1500))
        var delays: [Int64] = []
        for _ in 0..<5 {
            delays.append(backoff.current.milliseconds)
            backoff.lengthen()
        }
        #expect(delays == [250, 500, 1000, 1500, 1500])
        #expect(backoff.isLongest)
        backoff.reset(to: .milliseconds(100))
        #expect(backoff.current == .milliseconds(100))
        #expect(!backoff.isLongest)
    }

    @Test func aFirstDelayAboveTheCeilingIsKeptNotShortened() {
        // A board's ready_ms may be longer than the restarts' ceiling: lengthening never shortens it.
        var backoff = Backoff(first: .seconds(20), longest: .seconds(8))
        #expect(backoff.isLongest)
        backoff.lengthen()
        #expect(backoff.current == .seconds(20))
    }
}
