import UprightCore
import UprightHost

/// One worker's queue over a `SimCard`, in virtual time: the model both simulated workers share
/// (the camera's files', `SimulatedCameraFileWork`, and the journal's, `SimulatedWorkQueue`), as
/// a Pi's share `WorkerThread`. A job offered at `t` starts when the one before it has ended and
/// takes the card's time for its flushes (`flushes`); at most `capacity` wait besides the one
/// being done, and one more is refused (`WorkSubmission.full`). Deterministic: the card's draws
/// come from `generator`, one per job with flushes, when the job starts.
///
/// A batching queue (the journal's, as `WorkerThread(capacity:batchBody:)`) starts every job
/// waiting at once, as one: they take the flushes of the one that takes most (one `fsync` for
/// all the lines), draw once, and end together.
public struct SimCardQueue<Job> {
    public let card: SimCard
    public let capacity: Int
    /// Whether every waiting job starts at once.
    public let batches: Bool
    private let flushes: (Job) -> Int64
    private var generator: SeededGenerator
    /// Jobs offered and not yet ended, oldest first; the first `inHand` are being done.
    public private(set) var jobs: [Job] = []
    /// How many of `jobs`, from the first, are being done (they end together).
    public private(set) var inHand = 0
    /// When the jobs in hand end (nil: none in hand).
    public private(set) var firstEnds: Instant?

    /// A queue of `capacity` on `card`, each job taking `flushes(job)` of the card's flushes;
    /// `batches`: every job waiting starts at once.
    public init(card: SimCard, capacity: Int, generator: SeededGenerator, batches: Bool = false, flushes: @escaping (Job) -> Int64) {
        self.card = card
        self.capacity = max(0, capacity)
        self.generator = generator
        self.batches = batches
        self.flushes = flushes
    }

    /// Queues `job` at `now` unless `capacity` wait already. End the jobs due by `now` first
    /// (`nextEnded`), as a thread would have by then.
    public mutating func offer(_ job: Job, at now: Instant) -> WorkSubmission {
        // The thread's queue holds the jobs waiting, not those it is doing.
        guard jobs.isEmpty || jobs.count - inHand < capacity else { return .full }
        jobs.append(job)
        if inHand == 0 { start(at: now) }
        return .accepted
    }

    /// The first job, with its end, when it has ended by `now` (the next then start there).
    public mutating func nextEnded(through now: Instant) -> (job: Job, ended: Instant)? {
        guard let ends = firstEnds, ends <= now, inHand > 0 else { return nil }
        let job = jobs.removeFirst()
        inHand -= 1
        if inHand == 0 {
            firstEnds = nil
            if !jobs.isEmpty { start(at: ends) }
        }
        return (job, ends)
    }

    /// Takes the next job in hand (every one waiting, batching) at `time`.
    private mutating func start(at time: Instant) {
        inHand = batches ? jobs.count : 1
        var most: Int64 = 0
        for job in jobs[..<inHand] { most = max(most, flushes(job)) }
        firstEnds = time + card.duration(flushes: most, generator: &generator)
    }
}
