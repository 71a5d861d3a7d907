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

    /// A card that keeps up with anything: every job done as it is handed over (the default
    /// of a scenario, and of `make soak`).
    public static let instant = SimCard(flushMilliseconds: 0, stallProbability: 0, stallMilliseconds: 0)

    public init(flushMilliseconds: Int64, stallProbability: Double, stallMilliseconds: Int64, queueCapacity: Int = CameraFiles.workerCapacity) {
        self.flushMilliseconds = flushMilliseconds
        self.stallProbability = stallProbability
        self.stallMilliseconds = stallMilliseconds
        self.queueCapacity = queueCapacity
    }

    /// The flushes a job takes (see above).
    public static func flushes(for job: CameraFileJob) -> Int64 {
        switch job {
        case .finishPhoto, .finishClip: 3
        case .discard: 1
        }
    }

    /// How long `job` takes, drawing a stall from `generator` when the card has them.
    public func duration(of job: CameraFileJob, generator: inout SeededGenerator) -> TimeSpan {
        var milliseconds = flushMilliseconds * Self.flushes(for: job)
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
        return text
    }
}
