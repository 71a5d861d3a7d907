import UprightCore
import UprightHost

/// A Pi's batching worker thread (`WorkerThread(capacity:batchBody:)`) modelled in virtual
/// time over a `SimCard` (`SimCardQueue`), for the journal's worker (`DurableWork`): the jobs
/// waiting when the worker is free start together, when the ones before them have ended, and
/// are done (its body run: the lines appended, one flush, then output) once the clock has
/// passed their end, at the worker's next look (`offer`, `poll`: the engine's every step). A full queue refuses at once, as the thread's
/// does, and `DurableWork` holds the lines: the swarm meets `journal-queue` where a Pi on that
/// card would. Single-threaded: the bodies run on the caller's thread.
///
/// `waitForRoom`, `drain` and `finish` are called when a run ends: nothing is judged after
/// them, so they do the jobs at once rather than move the clock.
public final class SimulatedWorkQueue<Job>: WorkQueue {
    private var queue: SimCardQueue<Job>
    private let now: () -> Instant
    private var body: (([Job]) -> Void)?
    private var running = false

    /// A worker of `capacity` on `card` reading the simulated clock `now`, each batch taking
    /// the most `flushes(job)` of its jobs of the card's flushes; `body` does each batch.
    public init(
        card: SimCard, capacity: Int, generator: SeededGenerator, now: @escaping () -> Instant, flushes: @escaping (Job) -> Int64,
        body: @escaping ([Job]) -> Void
    ) {
        queue = SimCardQueue(card: card, capacity: capacity, generator: generator, batches: true, flushes: flushes)
        self.now = now
        self.body = body
    }

    public var capacity: Int { queue.capacity }

    /// Always starts: there is no thread to make.
    public func start() -> Int32 {
        running = body != nil
        return 0
    }

    public func offer(_ job: Job) -> WorkSubmission {
        guard running else { return .full }
        let time = now()
        doJobs(through: time)
        guard queue.offer(job, at: time) == .accepted else { return .full }
        // A job that takes no time is done as it is offered.
        doJobs(through: time)
        return .accepted
    }

    public func poll() { doJobs(through: now()) }

    public var oldestJob: Job? { queue.jobs.first }

    public func waitForRoom() -> Bool {
        // Bounded: the queue holds at most `capacity` + 1 jobs.
        while queue.jobs.count > queue.capacity, doBatch(through: .distantFuture) {}
        return running
    }

    public func drain() { doJobs(through: .distantFuture) }

    public func finish() {
        drain()
        running = false
        body = nil
    }

    public var isRunning: Bool { running }

    /// The card's end of the batch in hand.
    public var nextJobEnd: Instant? { queue.firstEnds }

    /// The jobs ended by `time`, done in order, a batch at a time. Bounded by the jobs in hand.
    private func doJobs(through time: Instant) {
        while doBatch(through: time) {}
    }

    /// The batch in hand, done as one when it has ended by `time`; false when it has not.
    private func doBatch(through time: Instant) -> Bool {
        var batch: [Job] = []
        // Bounded by the batch: the jobs in hand end together.
        for _ in 0..<queue.inHand {
            guard let (job, _) = queue.nextEnded(through: time) else { break }
            batch.append(job)
        }
        guard !batch.isEmpty else { return false }
        body?(batch)
        return true
    }
}
