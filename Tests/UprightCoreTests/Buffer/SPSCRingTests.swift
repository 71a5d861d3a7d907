import Testing
@testable import UprightCore

@Suite struct SPSCRingTests {
    @Test func capacityIsRoundedUpToAPowerOfTwo() {
        do {
            let actual = SPSCRing<Int>.make(minimumCapacity: 5, overrun: .rejectNewest).consumer.capacity
            #expect(actual == 8)
        }
        do {
            let actual = SPSCRing<Int>.make(minimumCapacity: 8, overrun: .rejectNewest).consumer.capacity
            #expect(actual == 8)
        }
        do {
            let actual = SPSCRing<Int>.make(minimumCapacity: 0, overrun: .rejectNewest).consumer.capacity
            #expect(actual == 2)
        }
        do {
            let actual = SPSCRing<Int>.make(minimumCapacity: -3, overrun: .rejectNewest).consumer.capacity
            #expect(actual == 2)
        }
        do {
            let actual = SPSCRing<Int>.make(minimumCapacity: 1 << 40, overrun: .rejectNewest).consumer.capacity
            #expect(actual == 1_048_576)
        }
    }

    @Test func emptyRingPopsNothing() {
        let ring = SPSCRing<Int>.make(minimumCapacity: 4, overrun: .rejectNewest)
        var consumer = ring.consumer
        do {
            let actual = consumer.pop()
            #expect(actual == nil)
        }
        do {
            let actual = consumer.count
            #expect(actual == 0)
        }
        var batch: [Int] = []
        do {
            let actual = consumer.popBatch(into: &batch, max: 4)
            #expect(actual == 0)
        }
        #expect(batch.isEmpty)
    }

    @Test func itemsComeOutInOrderAcrossManyWrapArounds() {
        for overrun in [SPSCRingOverrun.rejectNewest, .overwriteOldest] {
            let ring = SPSCRing<Int>.make(minimumCapacity: 4, overrun: overrun)
            var producer = ring.producer
            var consumer = ring.consumer
            var popped: [Int] = []
            for round in 0..<10 {
                for k in 0..<3 {
                    do {
                        let actual = producer.push(round * 3 + k)
                        #expect(actual)
                    }
                }
                do {
                    let actual = consumer.count
                    #expect(actual == 3)
                }
                do {
                    let actual = producer.count
                    #expect(actual == 3)
                }
                while let value = consumer.pop() { popped.append(value) }
            }
            #expect(popped == Array(0..<30))
            do {
                let actual = consumer.counters
                #expect(actual == SPSCRingCounters(accepted: 30, rejected: 0, overwritten: 0, popped: 30))
            }
        }
    }

    @Test func fullRingRejectsTheNewestAndCountsIt() {
        let ring = SPSCRing<Int>.make(minimumCapacity: 4, overrun: .rejectNewest)
        var producer = ring.producer
        var consumer = ring.consumer
        do {
            let actual = producer.push(10)
            #expect(actual)
        }
        do {
            let actual = producer.push(11)
            #expect(actual)
        }
        do {
            let actual = producer.push(12)
            #expect(actual)
        }
        do {
            let actual = producer.push(13)
            #expect(actual)
        }
        do {
            let actual = producer.push(14)
            #expect(actual == false)
        }
        do {
            let actual = producer.push(15)
            #expect(actual == false)
        }
        do {
            let actual = consumer.count
            #expect(actual == 4)
        }
        do {
            let actual = consumer.pop()
            #expect(actual == 10)
        }
        do {
            let actual = producer.push(16)
            #expect(actual)
        }
        var rest: [Int] = []
        do {
            let actual = consumer.popBatch(into: &rest, max: 10)
            #expect(actual == 4)
        }
        #expect(rest == [11, 12, 13, 16])
        let counters = consumer.counters
        #expect(counters == SPSCRingCounters(accepted: 5, rejected: 2, overwritten: 0, popped: 5))
        #expect(counters.pushed == 7)
        #expect(counters.dropped == 2)
    }

    @Test func fullRingOverwritesTheOldestAndCountsIt() {
        let ring = SPSCRing<Int>.make(minimumCapacity: 4, overrun: .overwriteOldest)
        var producer = ring.producer
        var consumer = ring.consumer
        for value in 1...6 {
            do {
                let actual = producer.push(value)
                #expect(actual)
            }
        }
        do {
            let actual = consumer.count
            #expect(actual == 4)
        }
        do {
            let actual = producer.count
            #expect(actual == 4)
        }
        do {
            let actual = consumer.pop()
            #expect(actual == 3)
        }
        do {
            let actual = consumer.counters
            #expect(actual == SPSCRingCounters(accepted: 6, rejected: 0, overwritten: 2, popped: 1))
        }
        // A long stall: ten more, of which only the last four survive.
        for value in 7...16 {
            do {
                let actual = producer.push(value)
                #expect(actual)
            }
        }
        var rest: [Int] = []
        do {
            let actual = consumer.popBatch(into: &rest, max: 100)
            #expect(actual == 4)
        }
        #expect(rest == [13, 14, 15, 16])
        let counters = consumer.counters
        #expect(counters == SPSCRingCounters(accepted: 16, rejected: 0, overwritten: 11, popped: 5))
        #expect(counters.pushed == counters.popped + counters.dropped)
        do {
            let actual = consumer.pop()
            #expect(actual == nil)
        }
    }

    @Test func overwriteRefusesASlotTheConsumerIsReading() {
        let ring = SPSCRing<Int>.make(minimumCapacity: 4, overrun: .overwriteOldest)
        var producer = ring.producer
        var consumer = ring.consumer
        for value in 1...4 {
            do {
                let actual = producer.push(value)
                #expect(actual)
            }
        }
        // Freeze the consumer between its claim on index 0 and its floor check.
        // (A claim on index 0 is stored as 0 << 1 | 1.)
        producer.ring.claim.store(1, ordering: .sequentiallyConsistent)
        do {
            let actual = producer.push(5)
            #expect(actual == false)
        }
        producer.ring.claim.store(0, ordering: .sequentiallyConsistent)
        // The producer had already discarded item 1 (index 0) before it saw the claim, so the
        // consumer skips it on its next attempt: both losses are counted.
        var rest: [Int] = []
        do {
            let actual = consumer.popBatch(into: &rest, max: 10)
            #expect(actual == 3)
        }
        #expect(rest == [2, 3, 4])
        do {
            let actual = consumer.counters
            #expect(actual == SPSCRingCounters(accepted: 4, rejected: 1, overwritten: 1, popped: 3))
        }
    }

    @Test func batchPopStopsAtMax() {
        for overrun in [SPSCRingOverrun.rejectNewest, .overwriteOldest] {
            let ring = SPSCRing<Int>.make(minimumCapacity: 8, overrun: overrun)
            var producer = ring.producer
            var consumer = ring.consumer
            // Start near the end of the storage so the batch crosses the wrap.
            for value in 0..<6 {
                do {
                    let actual = producer.push(value)
                    #expect(actual)
                }
            }
            do {
                let actual = consumer.pop()
                #expect(actual == 0)
            }
            while consumer.pop() != nil {}
            for value in 100..<107 {
                do {
                    let actual = producer.push(value)
                    #expect(actual)
                }
            }
            var batch: [Int] = [-1]
            do {
                let actual = consumer.popBatch(into: &batch, max: 4)
                #expect(actual == 4)
            }
            #expect(batch == [-1, 100, 101, 102, 103])
            do {
                let actual = consumer.popBatch(into: &batch, max: 0)
                #expect(actual == 0)
            }
            do {
                let actual = consumer.popBatch(into: &batch, max: 4)
                #expect(actual == 3)
            }
            #expect(batch == [-1, 100, 101, 102, 103, 104, 105, 106])
            do {
                let actual = consumer.popBatch(into: &batch, max: 4)
                #expect(actual == 0)
            }
            do {
                let actual = consumer.counters
                #expect(actual == SPSCRingCounters(accepted: 13, rejected: 0, overwritten: 0, popped: 13))
            }
        }
    }

    @Test func batchPopIntoABuffer() {
        let ring = SPSCRing<Int>.make(minimumCapacity: 4, overrun: .overwriteOldest)
        var producer = ring.producer
        var consumer = ring.consumer
        for value in 1...5 { _ = producer.push(value) }
        var storage = [Int](repeating: 0, count: 3)
        let first = storage.withUnsafeMutableBufferPointer { consumer.popBatch(into: $0) }
        #expect(first == 3)
        #expect(storage == [2, 3, 4])
        let second = storage.withUnsafeMutableBufferPointer { consumer.popBatch(into: $0) }
        #expect(second == 1)
        #expect(storage == [5, 3, 4])
        do {
            let actual = consumer.counters
            #expect(actual == SPSCRingCounters(accepted: 5, rejected: 0, overwritten: 1, popped: 4))
        }
    }

    @Test func carriesSamples() {
        let ring = SPSCRing<Sample>.make(minimumCapacity: 2, overrun: .rejectNewest)
        var producer = ring.producer
        var consumer = ring.consumer
        let sample = Sample(time: Instant(nanoseconds: 5_000_000), accelerationG: Vector3(x: 0, y: 1, z: 0), temperatureCelsius: 24.5)
        do {
            let actual = producer.push(sample)
            #expect(actual)
        }
        do {
            let actual = consumer.pop()
            #expect(actual == sample)
        }
    }

    @Test func releasesTheElementsItStillHolds() {
        final class Token {}
        weak var first: Token?
        weak var last: Token?
        do {
            let ring = SPSCRing<Token>.make(minimumCapacity: 2, overrun: .overwriteOldest)
            var producer = ring.producer
            let consumer = ring.consumer
            let a = Token()
            let b = Token()
            let c = Token()
            first = a
            last = c
            _ = producer.push(a)
            _ = producer.push(b)
            _ = producer.push(c) // overwrites a's slot
            _ = consume consumer
            _ = consume producer
        }
        #expect(first == nil)
        #expect(last == nil)
    }
}
