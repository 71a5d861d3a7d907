import UprightCore
import UprightHost

/// A Pi's worker thread (`WorkerThread`) modelled in virtual time over a `SimCard`
/// (`SimCardQueue`), for the journal's worker (`DurableWork`): a job offered at the simulated
/// clock's `now` starts when the one before it has ended and is done (its body run: the line
/// appended, then output) once the clock has passed its end, at the worker's next look
/// (`offer`, `poll`: the engine's every step). A full queue refuses at once, as the thread's
/// does, and `DurableWork` holds the lines: the swarm meets `journal-queue` where a Pi on that
/// card would. Single-threaded: the bodies run on the caller's thread.
///
/// `waitForRoom`, `drain` and `finish` are called when a run ends: nothing is judged after
/// them, so they do the jobs at once rather than move the clock.
public final class SimulatedWorkQueue<Job>: WorkQueue {
    private var queue: SimCardQueue<Job>
    private let now: () -> Instant
    private var body: ((Job) -> Void)?
    private var running = false

    /// A worker of `capacity` on `card` reading the simulated clock `now`, each job taking
    /// `flushes(job)` of the card's flushes; `body` does each.
    public init(
        card: SimCard, capacity: Int, generator: SeededGenerator, now: @escaping () -> Instant, flushes: @escaping (Job) -> Int64,
        body: @escaping (Job) -> Void
    ) {
        queue = SimCardQueue(card: card, capacity: capacity, generator: generator, flushes: flushes)
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
        while queue.jobs.count > queue.capacity, let job = queue.nextEnded(through: .distantFuture)?.job { body?(job) }
        return running
    }

    public func drain() { doJobs(through: .distantFuture) }

    public func finish() {
        drain()
        running = false
        body = nil
    }

    public var isRunning: Bool { running }

    /// The jobs ended by `time`, done in order. Bounded by the jobs in hand.
    private func doJobs(through time: Instant) {
        while let job = queue.nextEnded(through: time)?.job { body?(job) }
    }
}
