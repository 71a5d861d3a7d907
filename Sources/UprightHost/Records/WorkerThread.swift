#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// One thread doing jobs in the order they were offered, one at a time, with at most
/// `capacity` waiting: the one thread-and-queue implementation behind the journal's worker
/// (`DurableWork`) and the camera's files worker (`CameraFileWorker`), so that a slow card
/// never holds the engine's thread.
///
/// A batching worker (`init(capacity:batchBody:)`, the journal's) takes every job waiting at
/// once, in order: its body does them as one (one `fsync` for all the lines that piled up
/// while the card was busy with the last), so the worker keeps up with a card whose every
/// flush is slow instead of falling a flush behind for each job.
///
/// The contract (`WorkSubmission`): `offer` never waits. A job is `accepted`, or refused at
/// once, `full`, when `capacity` jobs wait; the one offering holds it and offers it again (its
/// wait is a `bound` record). `drain` and `finish` are the only calls that wait, bounded by
/// the card: `drain` until every job offered is done, `finish` until the thread has ended.
///
/// The thread starts with every signal blocked (the firmware takes SIGTERM, SIGINT and SIGHUP
/// through a signalfd on its loop, and a process-directed signal goes to any thread that does
/// not block it).
public final class WorkerThread<Job>: WorkQueue, @unchecked Sendable {
    // @unchecked: every `var` is touched only with `monitor` held, but `body`, which is called
    // on the thread only and dropped once it has been joined.
    public let capacity: Int
    private let monitor = ThreadMonitor()
    private var jobs: [Job] = []
    /// The oldest job being done, nil when none.
    private var current: Job?
    private var stopping = false
    private var thread: pthread_t?
    /// Whether the thread takes every waiting job at once.
    private let batches: Bool
    /// Dropped once the thread has been joined, so that a body that holds its owner (the
    /// journal's worker) leaves no cycle behind.
    private var body: (([Job]) -> Void)?

    /// A worker doing `body` for each job, not started yet.
    public init(capacity: Int, body: @escaping (Job) -> Void) {
        self.capacity = max(1, capacity)
        batches = false
        self.body = { jobs in for job in jobs { body(job) } }
    }

    /// A worker handing `batchBody` every job waiting when it looks (at least one, at most
    /// `capacity`, in the order offered), not started yet.
    public init(capacity: Int, batchBody: @escaping ([Job]) -> Void) {
        self.capacity = max(1, capacity)
        batches = true
        body = batchBody
    }

    deinit { finish() }

    /// Starts the thread; pthread_create's error when it could not (0: started).
    public func start() -> Int32 {
        // The thread holds the worker until it ends, so `deinit` runs after it.
        let (handle, result) = PosixThread.start(blockingEverySignal: true) { [self] in run() }
        monitor.lock()
        thread = handle
        monitor.unlock()
        return result
    }

    /// Queues `job` when fewer than `capacity` wait; never waits.
    public func offer(_ job: Job) -> WorkSubmission {
        monitor.lock()
        defer { monitor.unlock() }
        guard jobs.count < capacity, !stopping else { return .full }
        jobs.append(job)
        monitor.broadcast()
        return .accepted
    }

    /// How many jobs wait, and whether one is being done.
    public var counts: (waiting: Int, working: Bool) {
        monitor.lock()
        defer { monitor.unlock() }
        return (jobs.count, current != nil)
    }

    /// Nothing to catch up: the thread keeps up with the clock by itself.
    public func poll() {}

    /// The job being done, else the first waiting.
    public var oldestJob: Job? {
        monitor.lock()
        defer { monitor.unlock() }
        return current ?? jobs.first
    }

    /// Waits until every job offered is done (bounded by the card).
    public func drain() {
        monitor.lock()
        // Bounded by the thread, which takes every job queued before it ends.
        while (!jobs.isEmpty || current != nil) && thread != nil { monitor.wait() }
        monitor.unlock()
    }

    /// Waits until room for one more job (bounded by the card); false once finished.
    public func waitForRoom() -> Bool {
        monitor.lock()
        defer { monitor.unlock() }
        // Bounded by the thread, which takes one job a pass until it ends.
        while jobs.count >= capacity && thread != nil { monitor.wait() }
        return thread != nil
    }

    /// Does the jobs queued, then ends the thread and joins it. Idempotent.
    public func finish() {
        monitor.lock()
        stopping = true
        monitor.broadcast()
        let running = thread
        monitor.unlock()
        if let running { pthread_join(running, nil) }
        monitor.lock()
        thread = nil
        body = nil
        monitor.broadcast()
        monitor.unlock()
    }

    /// Unknown: a thread says when it is done, not when it will be.
    public var nextJobEnd: Instant? { nil }

    /// Whether the thread runs (started and not finished).
    public var isRunning: Bool {
        monitor.lock()
        defer { monitor.unlock() }
        return thread != nil
    }

    /// The thread: one job (or, batching, every job waiting) at a time, in order, until
    /// `finish` and an empty queue.
    private func run() {
        // Bounded by `finish`: the loop ends once stopping is set and the queue is empty.
        while true {
            monitor.lock()
            while jobs.isEmpty && !stopping { monitor.wait() }
            guard !jobs.isEmpty else {
                monitor.unlock()
                return
            }
            let taken: [Job]
            if batches {
                taken = jobs
                jobs.removeAll(keepingCapacity: true)
            } else {
                taken = [jobs.removeFirst()]
            }
            current = taken.first
            monitor.broadcast()
            monitor.unlock()
            body?(taken)
            monitor.lock()
            current = nil
            monitor.broadcast()
            monitor.unlock()
        }
    }
}
