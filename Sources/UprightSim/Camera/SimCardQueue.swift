import UprightCore
import UprightHost

/// One worker's queue over a `SimCard`, in virtual time: the model both simulated workers share
/// (the camera's files', `SimulatedCameraFileWork`, and the journal's, `SimulatedWorkQueue`), as
/// a Pi's share `WorkerThread`. A job offered at `t` starts when the one before it has ended and
/// takes the card's time for its flushes (`flushes`); at most `capacity` wait besides the one
/// being done, and one more is refused (`WorkSubmission.full`). Deterministic: the card's draws
/// come from `generator`, one per job with flushes, when the job starts.
public struct SimCardQueue<Job> {
    public let card: SimCard
    public let capacity: Int
    private let flushes: (Job) -> Int64
    private var generator: SeededGenerator
    /// Jobs offered and not yet ended, oldest first; the first is being done.
    public private(set) var jobs: [Job] = []
    /// When the first job ends (nil: none in hand).
    public private(set) var firstEnds: Instant?

    /// A queue of `capacity` on `card`, each job taking `flushes(job)` of the card's flushes.
    public init(card: SimCard, capacity: Int, generator: SeededGenerator, flushes: @escaping (Job) -> Int64) {
        self.card = card
        self.capacity = max(0, capacity)
        self.generator = generator
        self.flushes = flushes
    }

    /// Queues `job` at `now` unless `capacity` wait already. End the jobs due by `now` first
    /// (`nextEnded`), as a thread would have by then.
    public mutating func offer(_ job: Job, at now: Instant) -> WorkSubmission {
        // The thread's queue holds the jobs waiting, not the one it is doing.
        guard jobs.count - 1 < capacity else { return .full }
        jobs.append(job)
        if jobs.count == 1 { firstEnds = now + duration(of: job) }
        return .accepted
    }

    /// The first job, with its end, when it has ended by `now` (the next then starts there).
    public mutating func nextEnded(through now: Instant) -> (job: Job, ended: Instant)? {
        guard let ends = firstEnds, ends <= now, !jobs.isEmpty else { return nil }
        let job = jobs.removeFirst()
        firstEnds = jobs.first.map { ends + duration(of: $0) }
        return (job, ends)
    }

    private mutating func duration(of job: Job) -> TimeSpan { card.duration(flushes: flushes(job), generator: &generator) }
}
