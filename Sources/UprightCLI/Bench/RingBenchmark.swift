import Dispatch
import Synchronization
import UprightCore
#if canImport(Glibc)
import Glibc
#endif

/// `SPSCRing` against a mutex-guarded queue (`MutexQueue`): the same `Sample`s through the
/// same capacity, a producer thread and a consumer thread, every item delivered (a full queue
/// makes the producer retry, an empty one the consumer), and single-threaded push/pop pairs.
/// `upright bench` prints `RingBenchmark.run()`; items per second, higher is better.
enum RingBenchmark {
    struct Measurement: Sendable {
        /// What was measured, e.g. "ring, two threads, pop".
        var name: String
        var items: Int
        var seconds: Double
        var itemsPerSecond: Double { seconds > 0 ? Double(items) / seconds : 0 }
    }

    /// Capacity shared by both queues: a few hundred milliseconds of samples at 1 kHz.
    static let capacity = 1024
    /// Batch size for the batch-draining consumers.
    static let batchSize = 64

    /// Runs every case with `itemCount` items each (10 million by default).
    static func run(itemCount: Int = 10_000_000) -> [Measurement] {
        [
            ringTwoThreads(itemCount: itemCount, batch: false),
            mutexTwoThreads(itemCount: itemCount, batch: false),
            ringTwoThreads(itemCount: itemCount, batch: true),
            mutexTwoThreads(itemCount: itemCount, batch: true),
            ringSingleThread(itemCount: itemCount, batch: false),
            mutexSingleThread(itemCount: itemCount, batch: false),
            ringSingleThread(itemCount: itemCount, batch: true),
            mutexSingleThread(itemCount: itemCount, batch: true),
        ]
    }

    /// Human-readable lines: each case in millions of items per second, then the ratios.
    static func describe(_ measurements: [Measurement]) -> [String] {
        var lines = measurements.map { m in
            "\(m.name): \(formatted(m.itemsPerSecond / 1e6)) M items/s (\(m.items) items in \(formatted(m.seconds)) s)"
        }
        for pair in stride(from: 0, to: measurements.count - 1, by: 2) {
            let ring = measurements[pair]
            let mutex = measurements[pair + 1]
            guard mutex.itemsPerSecond > 0 else { continue }
            lines.append("\(ring.name) / \(mutex.name): \(formatted(ring.itemsPerSecond / mutex.itemsPerSecond))x")
        }
        return lines
    }

    static func formatted(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func sample(_ sequence: Int) -> Sample {
        Sample(time: Instant(nanoseconds: Int64(sequence)), accelerationG: Vector3(x: 0, y: 1, z: 0))
    }

    /// Lets the other thread run when ours cannot make progress (two threads may share a core).
    static func backOff(_ attempts: inout Int) {
        attempts += 1
        if attempts >= 4 {
            attempts = 0
            #if canImport(Glibc)
            sched_yield()
            #endif
        }
    }

    /// Moves a `~Copyable` producer handle onto the producer thread.
    final class Handoff<Value: ~Copyable>: @unchecked Sendable {
        private var value: Value?
        init(_ value: consuming Value) { self.value = consume value }
        func take() -> Value? { value.take() }
    }

    static func ringTwoThreads(itemCount: Int, batch: Bool) -> Measurement {
        let ring = SPSCRing<Sample>.make(minimumCapacity: capacity, overrun: .rejectNewest)
        let handoff = Handoff(ring.producer)
        var consumer = ring.consumer
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: batchSize)
        buffer.initialize(repeating: sample(0))
        defer { buffer.deallocate() }
        let group = DispatchGroup()
        let start = ContinuousClock.now
        DispatchQueue.global().async(group: group) {
            guard var producer = handoff.take() else { return }
            var attempts = 0
            for sequence in 0..<itemCount {
                let item = sample(sequence)
                while !producer.push(item) { backOff(&attempts) }
            }
        }
        var received = 0
        var checksum: Int64 = 0
        var attempts = 0
        while received < itemCount {
            if batch {
                let n = consumer.popBatch(into: buffer)
                if n == 0 {
                    backOff(&attempts)
                    continue
                }
                for item in buffer[0..<n] { checksum &+= item.time.nanoseconds }
                received += n
            } else if let item = consumer.pop() {
                checksum &+= item.time.nanoseconds
                received += 1
            } else {
                backOff(&attempts)
            }
        }
        group.wait()
        let elapsed = start.duration(to: .now)
        return Measurement(
            name: batch ? "ring, two threads, batch pop" : "ring, two threads, pop",
            items: checksum == Int64(itemCount) * Int64(itemCount - 1) / 2 ? received : 0,
            seconds: seconds(elapsed))
    }

    static func mutexTwoThreads(itemCount: Int, batch: Bool) -> Measurement {
        let queue = MutexQueue<Sample>(capacity: capacity)
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: batchSize)
        buffer.initialize(repeating: sample(0))
        defer { buffer.deallocate() }
        let group = DispatchGroup()
        let start = ContinuousClock.now
        DispatchQueue.global().async(group: group) {
            var attempts = 0
            for sequence in 0..<itemCount {
                while !queue.push(sample(sequence)) { backOff(&attempts) }
            }
        }
        var received = 0
        var checksum: Int64 = 0
        var attempts = 0
        while received < itemCount {
            if batch {
                let n = queue.popBatch(into: buffer)
                if n == 0 {
                    backOff(&attempts)
                    continue
                }
                for item in buffer[0..<n] { checksum &+= item.time.nanoseconds }
                received += n
            } else if let item = queue.pop() {
                checksum &+= item.time.nanoseconds
                received += 1
            } else {
                backOff(&attempts)
            }
        }
        group.wait()
        let elapsed = start.duration(to: .now)
        return Measurement(
            name: batch ? "mutex queue, two threads, batch pop" : "mutex queue, two threads, pop",
            items: checksum == Int64(itemCount) * Int64(itemCount - 1) / 2 ? received : 0,
            seconds: seconds(elapsed))
    }

    /// One thread: push then pop, half a ring at a time.
    static func ringSingleThread(itemCount: Int, batch: Bool) -> Measurement {
        let ring = SPSCRing<Sample>.make(minimumCapacity: capacity, overrun: .rejectNewest)
        var producer = ring.producer
        var consumer = ring.consumer
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: batchSize)
        buffer.initialize(repeating: sample(0))
        defer { buffer.deallocate() }
        var checksum: Int64 = 0
        var sequence = 0
        let start = ContinuousClock.now
        while sequence < itemCount {
            let end = Swift.min(sequence + capacity / 2, itemCount)
            for s in sequence..<end { _ = producer.push(sample(s)) }
            if batch {
                while true {
                    let n = consumer.popBatch(into: buffer)
                    if n == 0 { break }
                    for item in buffer[0..<n] { checksum &+= item.time.nanoseconds }
                }
            } else {
                while let item = consumer.pop() { checksum &+= item.time.nanoseconds }
            }
            sequence = end
        }
        let elapsed = start.duration(to: .now)
        return Measurement(
            name: batch ? "ring, one thread, push+batch pop" : "ring, one thread, push+pop",
            items: checksum == Int64(itemCount) * Int64(itemCount - 1) / 2 ? itemCount : 0,
            seconds: seconds(elapsed))
    }

    static func mutexSingleThread(itemCount: Int, batch: Bool) -> Measurement {
        let queue = MutexQueue<Sample>(capacity: capacity)
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: batchSize)
        buffer.initialize(repeating: sample(0))
        defer { buffer.deallocate() }
        var checksum: Int64 = 0
        var sequence = 0
        let start = ContinuousClock.now
        while sequence < itemCount {
            let end = Swift.min(sequence + capacity / 2, itemCount)
            for s in sequence..<end { _ = queue.push(sample(s)) }
            if batch {
                while true {
                    let n = queue.popBatch(into: buffer)
                    if n == 0 { break }
                    for item in buffer[0..<n] { checksum &+= item.time.nanoseconds }
                }
            } else {
                while let item = queue.pop() { checksum &+= item.time.nanoseconds }
            }
            sequence = end
        }
        let elapsed = start.duration(to: .now)
        return Measurement(
            name: batch ? "mutex queue, one thread, push+batch pop" : "mutex queue, one thread, push+pop",
            items: checksum == Int64(itemCount) * Int64(itemCount - 1) / 2 ? itemCount : 0,
            seconds: seconds(elapsed))
    }

    static func seconds(_ span: Swift.Duration) -> Double {
        let parts = span.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

extension RingBenchmark {
    /// Items per case in `upright bench` (each figure: a warm-up and `runs` rounds of it).
    static let benchItemCount = 1_000_000

    /// The bench figures: the two-thread workload for the ring and the mutex queue (item by
    /// item and in batches), their ratio, and one-thread push/pop.
    static func figures(runs: Int) -> [BenchFigure] {
        var cases: [[Measurement]] = []
        _ = measure(runs: runs) {
            cases.append(run(itemCount: benchItemCount))
            return 0
        }
        let measured = Array(cases.dropFirst())
        func rates(_ index: Int) -> [Double] { measured.map { $0[index].itemsPerSecond } }
        // Order of `run`: ring/mutex two threads pop, batch pop; then one thread, the same.
        return [
            BenchFigure(key: "ring_spsc_items_per_second", unit: "items/s", values: rates(0)),
            BenchFigure(key: "ring_mutex_items_per_second", unit: "items/s", values: rates(1)),
            BenchFigure(
                key: "ring_spsc_vs_mutex_ratio", unit: "x", values: measured.map { $0[0].itemsPerSecond / $0[1].itemsPerSecond }, target: .atLeast(5)),
            BenchFigure(key: "ring_spsc_batch_items_per_second", unit: "items/s", values: rates(2)),
            BenchFigure(key: "ring_mutex_batch_items_per_second", unit: "items/s", values: rates(3)),
            BenchFigure(key: "ring_single_thread_push_pop_items_per_second", unit: "items/s", values: rates(4)),
            BenchFigure(key: "mutex_single_thread_push_pop_items_per_second", unit: "items/s", values: rates(5)),
            BenchFigure(key: "ring_single_thread_push_batch_pop_items_per_second", unit: "items/s", values: rates(6)),
        ]
    }
}
