import Dispatch
import Synchronization
import UprightCore
#if canImport(Glibc)
import Glibc
#endif

/// What the lock-free ring is for: the sampler thread must never wait for the consumer. A
/// producer pushes one sample every `pushInterval` (a sampler at a fixed rate) and times each
/// push; the consumer drains what is there every `drainInterval` and, every `stallInterval`,
/// is descheduled for `stall` in the middle of its work (it sleeps there). For the mutex queue
/// that is inside its critical section, holding the lock, as a consumer preempted there would:
/// the producer can only wait it out. The ring has no lock, so wherever its consumer stops the
/// producer goes on. The figure is each push's duration: its worst and its 99th percentile.
enum StalledConsumerBenchmark {
    struct Plan: Sendable {
        var pushInterval: TimeSpan = .microseconds(100)
        var duration: TimeSpan = .milliseconds(300)
        var drainInterval: TimeSpan = .microseconds(500)
        var stall: TimeSpan = .milliseconds(1)
        var stallInterval: TimeSpan = .milliseconds(20)

        var pushes: Int { Int(duration.nanoseconds / pushInterval.nanoseconds) }
    }

    struct Measurement: Sendable {
        /// How long each push took, in push order.
        var pushNanoseconds: [Int64]
        /// Pushes refused because the queue was full (none with the default plan).
        var rejected: Int
        /// Samples the consumer received, in order (checked by sequence).
        var delivered: Int
        /// Times the consumer was descheduled.
        var stalls: Int

        var worstNanoseconds: Double { Double(pushNanoseconds.max() ?? 0) }
        var p99Nanoseconds: Double { EventLatencyBenchmark.quantile(pushNanoseconds, 0.99) }
    }

    /// What the producer thread records; read by the consumer only after the producer ended.
    final class PushLog: @unchecked Sendable {
        var nanoseconds: [Int64]
        var rejected = 0
        let finished = Atomic<Bool>(false)

        init(count: Int) { nanoseconds = [Int64](repeating: 0, count: count) }
    }

    static func ring(_ plan: Plan = Plan()) -> Measurement {
        let ring = SPSCRing<Sample>.make(minimumCapacity: RingBenchmark.capacity, overrun: .rejectNewest)
        let handoff = RingBenchmark.Handoff(ring.producer)
        var consumer = ring.consumer
        return run(
            plan,
            produce: { log in
                guard var producer = handoff.take() else { return }
                pushAtFixedRate(plan, log) { producer.push($0) }
            },
            drain: { buffer in
                consumer.popBatch(into: buffer)
            },
            stall: {
                // No lock to hold: descheduled between pops, which is anywhere as far as the
                // producer is concerned.
                sleep(plan.stall)
            })
    }

    static func mutex(_ plan: Plan = Plan()) -> Measurement {
        let queue = MutexQueue<Sample>(capacity: RingBenchmark.capacity)
        return run(
            plan,
            produce: { log in
                pushAtFixedRate(plan, log) { queue.push($0) }
            },
            drain: { buffer in
                queue.popBatch(into: buffer)
            },
            stall: {
                queue.withLockHeld { sleep(plan.stall) }
            })
    }

    /// The producer on its own thread, the consumer on this one until the producer is done.
    static func run(
        _ plan: Plan, produce: @escaping @Sendable (PushLog) -> Void,
        drain: (UnsafeMutableBufferPointer<Sample>) -> Int, stall: () -> Void
    ) -> Measurement {
        let log = PushLog(count: plan.pushes)
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: RingBenchmark.batchSize)
        buffer.initialize(repeating: RingBenchmark.sample(0))
        defer { buffer.deallocate() }
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            produce(log)
            log.finished.store(true, ordering: .releasing)
        }
        var delivered = 0
        var inOrder = true
        var stalls = 0
        var nextStall = MonotonicClock.now() + plan.stallInterval
        func drainAll() {
            while true {
                let n = drain(buffer)
                if n == 0 { return }
                for item in buffer[0..<n] {
                    if item.time.nanoseconds != Int64(delivered) { inOrder = false }
                    delivered += 1
                }
            }
        }
        while !log.finished.load(ordering: .acquiring) {
            drainAll()
            if MonotonicClock.now() >= nextStall {
                stall()
                stalls += 1
                nextStall = nextStall + plan.stallInterval
            } else {
                sleep(plan.drainInterval)
            }
        }
        group.wait()
        drainAll()
        return Measurement(
            pushNanoseconds: log.nanoseconds, rejected: log.rejected,
            delivered: inOrder ? delivered : 0, stalls: stalls)
    }

    /// Pushes samples 0, 1, 2... one per `pushInterval` (absolute deadlines, so a late push
    /// does not shift the rest), timing each push alone.
    static func pushAtFixedRate(_ plan: Plan, _ log: PushLog, _ push: (Sample) -> Bool) {
        var deadline = MonotonicClock.now()
        var sequence = 0
        for index in 0..<plan.pushes {
            deadline = deadline + plan.pushInterval
            sleep(until: deadline)
            let start = MonotonicClock.now()
            let accepted = push(RingBenchmark.sample(sequence))
            log.nanoseconds[index] = (MonotonicClock.now() - start).nanoseconds
            if accepted { sequence += 1 } else { log.rejected += 1 }
        }
    }

    static func sleep(_ span: TimeSpan) {
        sleep(until: MonotonicClock.now() + span)
    }

    /// CLOCK_MONOTONIC absolute sleep, resumed after a signal.
    static func sleep(until deadline: Instant) {
        #if canImport(Glibc)
        var request = timespec(tv_sec: Int(deadline.nanoseconds / 1_000_000_000), tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
        #endif
    }
}

extension StalledConsumerBenchmark {
    /// The bench figures: worst and 99th-percentile push, ring against mutex queue, each run
    /// one pass of both.
    static func figures(runs: Int) -> [BenchFigure] {
        var ring: [Measurement] = []
        var mutex: [Measurement] = []
        _ = measure(runs: runs) {
            ring.append(Self.ring())
            mutex.append(Self.mutex())
            return 0
        }
        // The warm-up run's values are the first ones: drop them.
        let r = Array(ring.dropFirst())
        let m = Array(mutex.dropFirst())
        return [
            BenchFigure(key: "ring_worst_push_ns", unit: "ns", values: r.map(\.worstNanoseconds)),
            BenchFigure(key: "mutex_worst_push_ns", unit: "ns", values: m.map(\.worstNanoseconds)),
            BenchFigure(key: "ring_push_ns_p99", unit: "ns", values: r.map(\.p99Nanoseconds)),
            BenchFigure(key: "mutex_push_ns_p99", unit: "ns", values: m.map(\.p99Nanoseconds)),
        ]
    }
}
