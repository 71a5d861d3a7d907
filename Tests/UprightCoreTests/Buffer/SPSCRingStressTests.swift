import Dispatch
import Testing
import UprightCore

/// Moves a `~Copyable` handle into a closure that runs on another thread.
final class Handoff<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value?
    init(_ value: consuming Value) { self.value = consume value }
    func take() -> Value? { value.take() }
}

/// Two threads, ten million samples each run: the producer stamps sequence numbers into
/// `Sample.time`; the consumer checks they only ever increase (order kept, nothing duplicated)
/// and that every gap is paid for by the ring's drop counters (nothing lost silently).
@Suite(.serialized) struct SPSCRingStressTests {
    static let itemCount: Int64 = 10_000_000

    @Test(arguments: [SPSCRingOverrun.rejectNewest, .overwriteOldest])
    func twoThreadsKeepOrderAndAccountForEveryItem(overrun: SPSCRingOverrun) {
        let ring = SPSCRing<Sample>.make(minimumCapacity: 64, overrun: overrun)
        let producer = Handoff(ring.producer)
        var consumer = ring.consumer
        let total = Self.itemCount

        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            guard var producer = producer.take() else { return }
            for sequence in 1...total {
                _ = producer.push(Sample(time: Instant(nanoseconds: sequence), accelerationG: .zero))
            }
        }

        var last: Int64 = 0
        var gaps: Int64 = 0
        var popped: Int64 = 0
        var outOfOrder = 0
        var batch: [Sample] = []
        batch.reserveCapacity(32)
        // Bounded: far more rounds than a live producer needs, so a hang fails instead.
        var rounds = 0
        var finished = false
        while !finished && rounds < 1_000_000_000 {
            rounds += 1
            batch.removeAll(keepingCapacity: true)
            // Alternate single pops and batches so both paths race the producer.
            if rounds % 2 == 0 {
                if let sample = consumer.pop() { batch.append(sample) }
            } else {
                _ = consumer.popBatch(into: &batch, max: 32)
            }
            if batch.isEmpty {
                // Done once every push has happened and the ring is drained after that.
                guard consumer.counters.pushed == UInt(total) else { continue }
                if let sample = consumer.pop() {
                    batch.append(sample)
                } else {
                    finished = true
                    continue
                }
            }
            for sample in batch {
                let sequence = sample.time.nanoseconds
                if sequence <= last { outOfOrder += 1 }
                gaps += sequence - last - 1
                last = sequence
                popped += 1
            }
        }
        group.wait()
        gaps += total - last

        let counters = consumer.counters
        #expect(finished)
        #expect(outOfOrder == 0)
        #expect(counters.pushed == UInt(total))
        #expect(counters.popped == UInt(popped))
        #expect(counters.dropped == UInt(gaps))
        #expect(counters.popped + counters.dropped == UInt(total))
        #expect(popped > 0)
        if overrun == .rejectNewest { #expect(counters.overwritten == 0) }
    }
}
