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

    /// A batch consumer's buffer (the caller deallocates it).
    static func batchBuffer() -> UnsafeMutableBufferPointer<Sample> {
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: batchSize)
        buffer.initialize(repeating: sample(0))
        return buffer
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
        let buffer = batchBuffer()
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
        let items = receive(itemCount: itemCount, batch: batch, buffer: buffer, popBatch: { consumer.popBatch(into: $0) }, pop: { consumer.pop() })
        group.wait()
        let elapsed = start.duration(to: .now)
        return Measurement(name: batch ? "ring, two threads, batch pop" : "ring, two threads, pop", items: items, seconds: seconds(elapsed))
    }

    static func mutexTwoThreads(itemCount: Int, batch: Bool) -> Measurement {
        let queue = MutexQueue<Sample>(capacity: capacity)
        let buffer = batchBuffer()
        defer { buffer.deallocate() }
        let group = DispatchGroup()
        let start = ContinuousClock.now
        DispatchQueue.global().async(group: group) {
            var attempts = 0
            for sequence in 0..<itemCount {
                while !queue.push(sample(sequence)) { backOff(&attempts) }
            }
        }
        let items = receive(itemCount: itemCount, batch: batch, buffer: buffer, popBatch: { queue.popBatch(into: $0) }, pop: { queue.pop() })
        group.wait()
        let elapsed = start.duration(to: .now)
        return Measurement(
            name: batch ? "mutex queue, two threads, batch pop" : "mutex queue, two threads, pop", items: items, seconds: seconds(elapsed))
    }

    /// One thread: push then pop, half a ring at a time.
    static func ringSingleThread(itemCount: Int, batch: Bool) -> Measurement {
        let ring = SPSCRing<Sample>.make(minimumCapacity: capacity, overrun: .rejectNewest)
        var producer = ring.producer
        var consumer = ring.consumer
        return oneThread(
            batch ? "ring, one thread, push+batch pop" : "ring, one thread, push+pop", itemCount: itemCount, batch: batch,
            push: { producer.push($0) }, popBatch: { consumer.popBatch(into: $0) }, pop: { consumer.pop() })
    }

    static func mutexSingleThread(itemCount: Int, batch: Bool) -> Measurement {
        let queue = MutexQueue<Sample>(capacity: capacity)
        return oneThread(
            batch ? "mutex queue, one thread, push+batch pop" : "mutex queue, one thread, push+pop", itemCount: itemCount, batch: batch,
            push: { queue.push($0) }, popBatch: { queue.popBatch(into: $0) }, pop: { queue.pop() })
    }

    /// A one-thread case, for either queue: half a ring pushed, then everything popped (one at
    /// a time, or in batches), until `itemCount` items went through.
    @inline(__always)
    static func oneThread(
        _ name: String, itemCount: Int, batch: Bool, push: (Sample) -> Bool, popBatch: (UnsafeMutableBufferPointer<Sample>) -> Int,
        pop: () -> Sample?
    ) -> Measurement {
        let buffer = batchBuffer()
        defer { buffer.deallocate() }
        var checksum: Int64 = 0
        var sequence = 0
        let start = ContinuousClock.now
        while sequence < itemCount {
            let end = Swift.min(sequence + capacity / 2, itemCount)
            for s in sequence..<end { _ = push(sample(s)) }
            checksum &+= drain(batch: batch, buffer: buffer, popBatch: popBatch, pop: pop)
            sequence = end
        }
        let elapsed = start.duration(to: .now)
        return Measurement(name: name, items: checked(checksum, itemCount: itemCount, received: itemCount), seconds: seconds(elapsed))
    }

    /// The consumer's side of a two-thread case, for either queue: pops (one at a time, or in
    /// batches into `buffer`) until `itemCount` items came, backing off when none is there;
    /// returns how many came (`checked`).
    @inline(__always)
    static func receive(
        itemCount: Int, batch: Bool, buffer: UnsafeMutableBufferPointer<Sample>, popBatch: (UnsafeMutableBufferPointer<Sample>) -> Int,
        pop: () -> Sample?
    ) -> Int {
        var received = 0
        var checksum: Int64 = 0
        var attempts = 0
        while received < itemCount {
            if batch {
                let n = popBatch(buffer)
                if n == 0 {
                    backOff(&attempts)
                    continue
                }
                for item in buffer[0..<n] { checksum &+= item.time.nanoseconds }
                received += n
            } else if let item = pop() {
                checksum &+= item.time.nanoseconds
                received += 1
            } else {
                backOff(&attempts)
            }
        }
        return checked(checksum, itemCount: itemCount, received: received)
    }

    /// Pops everything waiting (one at a time, or in batches into `buffer`); returns the sum of
    /// the items' sequence numbers.
    @inline(__always)
    static func drain(
        batch: Bool, buffer: UnsafeMutableBufferPointer<Sample>, popBatch: (UnsafeMutableBufferPointer<Sample>) -> Int, pop: () -> Sample?
    ) -> Int64 {
        var checksum: Int64 = 0
        if batch {
            while true {
                let n = popBatch(buffer)
                if n == 0 { break }
                for item in buffer[0..<n] { checksum &+= item.time.nanoseconds }
            }
        } else {
            while let item = pop() { checksum &+= item.time.nanoseconds }
        }
        return checksum
    }

    /// `received`, when the items' sequence numbers add up to those of `itemCount` items (none
    /// lost or repeated), else 0.
    static func checked(_ checksum: Int64, itemCount: Int, received: Int) -> Int {
        checksum == Int64(itemCount) * Int64(itemCount - 1) / 2 ? received : 0
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
