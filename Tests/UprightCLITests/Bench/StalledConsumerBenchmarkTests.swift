import Testing
@testable import UprightCLI

@Suite struct StalledConsumerBenchmarkTests {
    /// Short enough for a test: 0.1 s of pushes every 100 us, the consumer descheduled for
    /// 2 ms every 20 ms.
    static let plan = StalledConsumerBenchmark.Plan(
        pushInterval: .microseconds(100), duration: .milliseconds(100), drainInterval: .microseconds(500),
        stall: .milliseconds(2), stallInterval: .milliseconds(20))

    /// Through either queue every one of the 1,000 samples arrives, in order, none refused,
    /// while the consumer stalls.
    @Test func everyPushIsDeliveredInOrder() {
        for measurement in [StalledConsumerBenchmark.ring(Self.plan), StalledConsumerBenchmark.mutex(Self.plan)] {
            #expect(measurement.pushNanoseconds.count == 1000)
            #expect(measurement.rejected == 0)
            #expect(measurement.delivered == 1000)
            #expect(measurement.stalls >= 2)
        }
    }

    /// The consumer holds the lock for 2 ms while the producer pushes every 100 us: a push
    /// lands in the hold and waits for the lock, so the mutex queue's worst push is at least
    /// 1 ms. (The ring's is what the bench reports; no bound on it holds on a busy machine.)
    @Test func aConsumerHoldingTheLockBlocksTheMutexProducer() {
        #expect(StalledConsumerBenchmark.mutex(Self.plan).worstNanoseconds >= 1_000_000)
    }
}
