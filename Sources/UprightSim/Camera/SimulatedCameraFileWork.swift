import UprightCore
import UprightHost

/// The Pi's files worker (`CameraFileWorker`: one thread, one job at a time, in order, at most
/// `capacity` waiting) modelled in virtual time over a `SimCard`: a job handed over at `t`
/// starts when the one before it has ended, takes the card's time, and its outcome is ready
/// when it ends, which the session announces as a deadline (`nextOutcomeTime`), so the engine
/// steps to it. A full queue refuses the job (`WorkSubmission.full`), as the thread's does, and
/// the session holds it: the swarm meets `camera-files` where a Pi on that card would.
///
/// The file work itself (read, patch, rename) is done when the job ends, on the files as they
/// were handed over: what reaches the directory and when is the Pi's. Deterministic: the card's
/// draws come from its own stream (`RandomStreams.card`).
public struct SimulatedCameraFileWork: CameraFileWork {
    public var card: SimCard { queue.card }
    public var capacity: Int { queue.capacity }
    /// Jobs handed over and not yet ended, with the files as they were then.
    private var queue: SimCardQueue<(job: CameraFileJob, files: CameraFiles)>
    private var outcomes: [(outcome: CameraFileOutcome, ready: Instant)] = []

    public init(card: SimCard, generator: SeededGenerator) {
        queue = SimCardQueue(card: card, capacity: card.queueCapacity, generator: generator) { SimCard.flushes(for: $0.job) }
    }

    public mutating func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission {
        advance(to: now)
        guard queue.offer((job, files), at: now) == .accepted else { return .full }
        advance(to: now)
        return .accepted
    }

    public mutating func nextOutcome(through now: Instant) -> CameraFileOutcome? {
        advance(to: now)
        guard let first = outcomes.first, first.ready <= now else { return nil }
        return outcomes.removeFirst().outcome
    }

    public var nextOutcomeTime: Instant? { outcomes.first?.ready ?? queue.firstEnds }

    public var readyDescriptor: Int32? { nil }

    public var finishesLater: Bool { true }

    /// Jobs handed over and not ended (for tests).
    public var jobsInHand: Int { queue.jobs.count }

    /// Ends every job whose time has come by `now`, in order, each starting as the one before
    /// ends. Bounded by the jobs in hand (at most `capacity` + 1).
    private mutating func advance(to now: Instant) {
        while let (ended, at) = queue.nextEnded(through: now) {
            if let outcome = ended.files.carryOut(ended.job) { outcomes.append((outcome.stamped(at: at), at)) }
        }
    }
}
