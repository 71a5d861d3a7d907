import UprightCore
import UprightHost

/// The card as the camera's files worker meets it: how long each flush takes, and how often the
/// card holds one far longer. A job is a few flushes (`flushes(for:)`): on a Pi a photo is
/// written, fsynced, renamed and its directory fsynced, as a clip's rotation is; a discard is
/// one unlink. The kernel rig's slow card (`make powercut-test`, `POWERCUT_DELAYS_MS`) holds
/// each write and flush 300 ms; a card doing its own garbage collection holds one for seconds.
public struct SimCard: Equatable, Sendable {
    /// Every flush's time.
    public var flushMilliseconds: Int64
    /// Per job, the chance the card stalls it `stallMilliseconds` more.
    public var stallProbability: Double
    public var stallMilliseconds: Int64
    /// The most jobs the files worker holds waiting besides the one it does: a Pi's
    /// (`CameraFiles.workerCapacity`), or none, so that a swarm fills the queue. A Pi's is all
    /// but out of reach: the machine asks for the next photo only once the last is finished,
    /// so only a pile of clips and discards behind a stalled card fills it (a 2 h soak on a
    /// card of 2 s a flush with a queue of 2 never did).
    public var queueCapacity: Int
    /// The most lines the journal's worker holds waiting besides the one it writes: a Pi's
    /// (`DurableWork.defaultCapacity`, 256), or a few, so that a swarm fills it. Each line is
    /// one flush of this card (its `fsync`), with the same chance of a stall; the lines the
    /// journal does not keep (orientation, state) take no time, but a place in the queue.
    public var journalQueueCapacity: Int

    /// A card that keeps up with anything: every job done as it is handed over (the default
    /// of a scenario, and of `make soak`).
    public static let instant = SimCard(flushMilliseconds: 0, stallProbability: 0, stallMilliseconds: 0)

    public init(
        flushMilliseconds: Int64, stallProbability: Double, stallMilliseconds: Int64, queueCapacity: Int = CameraFiles.workerCapacity,
        journalQueueCapacity: Int = SimCard.journalWorkerCapacity
    ) {
        self.flushMilliseconds = flushMilliseconds
        self.stallProbability = stallProbability
        self.stallMilliseconds = stallMilliseconds
        self.queueCapacity = queueCapacity
        self.journalQueueCapacity = journalQueueCapacity
    }

    /// A Pi's journal queue (`DurableWork.defaultCapacity`).
    public static var journalWorkerCapacity: Int { DurableWork<EventCollector>.defaultCapacity }

    /// Whether every job is done as it is handed over: the journal then stays in the engine's
    /// step (no worker to model), as every run before the card was modelled.
    public var isInstant: Bool { flushMilliseconds == 0 && (stallProbability == 0 || stallMilliseconds == 0) }

    /// The flushes a job takes (see above).
    public static func flushes(for job: CameraFileJob) -> Int64 {
        switch job {
        case .finishPhoto, .finishClip: 3
        case .discard: 1
        }
    }

    /// The flushes a journal line takes: its `fsync`, when the journal keeps it (the others
    /// only go to the output, and take no time).
    public static func flushes<Output: EventOutput>(for line: DurableWork<Output>.Item) -> Int64 { line.journals ? 1 : 0 }

    /// How long a job of `flushes` flushes takes, drawing a stall from `generator` when the
    /// card has them (a job that touches no card draws none).
    public func duration(flushes: Int64, generator: inout SeededGenerator) -> TimeSpan {
        guard flushes > 0 else { return .zero }
        var milliseconds = flushMilliseconds * flushes
        if stallProbability > 0, generator.unit() < stallProbability { milliseconds += stallMilliseconds }
        return .milliseconds(milliseconds)
    }

    /// The longest one job can take (a photo's flushes and a stall).
    public var longestJob: TimeSpan {
        .milliseconds(flushMilliseconds * Self.flushes(for: .finishClip(clip: 0, orientation: nil)) + (stallProbability > 0 ? stallMilliseconds : 0))
    }

    /// The card in one line, for the swarm's report.
    public var summary: String {
        guard self != .instant else { return "instant" }
        var text = String(flushMilliseconds) + " ms a flush"
        if stallProbability > 0 {
            text += ", " + SoakReport.seconds(stallProbability * 100) + "% of jobs stalled " + String(stallMilliseconds) + " ms"
        }
        if queueCapacity != CameraFiles.workerCapacity { text += ", " + String(queueCapacity) + " jobs may wait" }
        if journalQueueCapacity != Self.journalWorkerCapacity { text += ", " + String(journalQueueCapacity) + " journal lines may wait" }
        return text
    }
}
