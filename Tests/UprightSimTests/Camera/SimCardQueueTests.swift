import Testing
import UprightCore
import UprightHost
import UprightSim

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The card's queue model: a plain queue (the files') does its jobs one at a time, each its
/// own flushes; a batching one (the journal's) starts every job waiting at once, as one, for
/// the flushes of the one that takes most.
@Suite struct SimCardQueueTests {
    static let card = SimCard(flushMilliseconds: 300, stallProbability: 0, stallMilliseconds: 0)

    /// Jobs of 1, 2 and 1 flushes offered at 0, 100 and 200 ms.
    static func ends(batches: Bool) -> [(Int64, Instant)] {
        var queue = SimCardQueue<Int64>(card: card, capacity: 4, generator: SeededGenerator(seed: 1), batches: batches) { $0 }
        for (offset, flushes) in [Int64(1), 2, 1].enumerated() {
            #expect(queue.offer(flushes, at: ms(Int64(offset) * 100)) == .accepted)
        }
        var ended: [(Int64, Instant)] = []
        while let (job, at) = queue.nextEnded(through: ms(10_000)) { ended.append((job, at)) }
        return ended
    }

    /// One at a time: 300 ms, then 600 more, then 300 more.
    @Test func aPlainQueueDoesOneJobAtATime() {
        #expect(Self.ends(batches: false).map(\.1) == [ms(300), ms(900), ms(1200)])
    }

    /// The first alone (300 ms); the two that waited start together there and end together,
    /// after the two flushes of the longer (900 ms).
    @Test func aBatchingQueueStartsEveryWaitingJobAtOnce() {
        let ended = Self.ends(batches: true)
        #expect(ended.map(\.0) == [1, 2, 1])
        #expect(ended.map(\.1) == [ms(300), ms(900), ms(900)])
    }

    /// An idle queue of no capacity takes a job (none waits: it is being done); a second is
    /// refused until the first has ended.
    @Test func aQueueOfNoCapacityTakesOneJobWhenIdle() {
        var queue = SimCardQueue<Int64>(card: Self.card, capacity: 0, generator: SeededGenerator(seed: 1), batches: true) { $0 }
        #expect(queue.offer(1, at: ms(0)) == .accepted)
        #expect(queue.offer(1, at: ms(100)) == .full)
        #expect(queue.nextEnded(through: ms(300))?.ended == ms(300))
        #expect(queue.offer(1, at: ms(300)) == .accepted)
    }
}
