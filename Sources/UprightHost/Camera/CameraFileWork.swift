import UprightCore

/// One piece of the files' work the camera session's machine asks for: a photo or a clip
/// finished (its orientation written, its final name given atomically), or a temporary file
/// discarded. `CameraFiles.carryOut` does it.
public enum CameraFileJob: Equatable, Sendable {
    /// The photo a program closed at this path, as shot `shot` with `orientation`'s EXIF tag
    /// (nil: `unknown`, no tag).
    case finishPhoto(at: String, shot: UInt32, orientation: UprightOrientation?)
    /// Clip `clip`'s file, with `orientation`'s rotation (nil: `unknown`, the identity).
    case finishClip(clip: UInt32, orientation: UprightOrientation?)
    /// The file at this path, which nothing will finish.
    case discard(String)
}

/// What a finished job says: the event the session hands its machine, and for the session's
/// summaries and notes the path written or the reason it was not.
public struct CameraFileOutcome: Equatable, Sendable {
    /// `photoWritten`, `photoNotWritten`, `clipWritten` or `clipNotWritten`.
    public var event: CameraSessionEvent.Kind
    /// The final path, when the file was written.
    public var written: String?
    /// Why it was not (one line, the file system's words).
    public var problem: String?
    /// A clip written without its rotation: the rotation it is owed, for the journal.
    public var owedRotation: OwedRotation?
    /// When the job ended (the card had the file), on the session's clock: the port that did
    /// it says (`stamped(at:)`), and the session hands the machine the outcome at that time,
    /// not at the later look that took it.
    public var time: Instant = .zero

    public init(event: CameraSessionEvent.Kind, written: String? = nil, problem: String? = nil, owedRotation: OwedRotation? = nil) {
        self.event = event
        self.written = written
        self.problem = problem
        self.owedRotation = owedRotation
    }

    /// This outcome, its job ended at `time`.
    public func stamped(at time: Instant) -> CameraFileOutcome {
        var stamped = self
        stamped.time = time
        return stamped
    }
}

/// The files port of the camera session: carries out its `CameraFileJob`s in the order given,
/// at once or later, and gives their outcomes back in the same order (the machine takes them
/// whenever they come: `CameraSessionMachineExplorationTests` walks both). A Pi finishes them
/// on a thread of its own (`CameraFileWorker`, UprightLinux), since on a slow card a photo's
/// fsyncs take seconds, and the engine's step must go on reading the chip; the simulator
/// models that thread and its card in virtual time (`SimulatedCameraFileWork`, UprightSim);
/// unit tests may finish files at once, in the step (`InlineCameraFileWork`).
///
/// The workers' one contract (the journal's `DurableWork` keeps it too): a job is offered and
/// taken (`accepted`) or refused at once because the queue is full (`full`). Nothing here
/// waits: the session holds a refused job, and every job after it, in order, and offers it
/// again at its next look; the wait is the `bound` `camera-files` the engine records.
public protocol CameraFileWork {
    /// Offers `job` on `files` (the session's, as they are now) at `now`.
    mutating func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission
    /// The oldest outcome ready by `now`, nil when none is (yet), with the time its job ended.
    mutating func nextOutcome(through now: Instant) -> CameraFileOutcome?
    /// When the next outcome will be ready, when the port knows (a modelled card), so that the
    /// engine steps straight to it; nil when unknown or nothing is in hand.
    var nextOutcomeTime: Instant? { get }
    /// Readable while an outcome waits, for an event loop to poll; nil when the port needs
    /// no polling (outcomes at once, or at `nextOutcomeTime`).
    var readyDescriptor: Int32? { get }
    /// Whether outcomes come after `submit` returns (a thread, a modelled card): the session
    /// then tells the machine a photo handed over is taken (`captureTaken`), the same on a Pi
    /// and in the simulator.
    var finishesLater: Bool { get }
}

extension CameraFileWork {
    public var nextOutcomeTime: Instant? { nil }
}

/// Files finished in the caller's step, as `submit` is called: its outcome is ready at once,
/// and it is never full.
public struct InlineCameraFileWork: CameraFileWork {
    private var outcomes: [CameraFileOutcome] = []

    public init() {}

    public mutating func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission {
        if let outcome = files.carryOut(job) { outcomes.append(outcome.stamped(at: now)) }
        return .accepted
    }

    public mutating func nextOutcome(through now: Instant) -> CameraFileOutcome? {
        outcomes.isEmpty ? nil : outcomes.removeFirst()
    }

    public var readyDescriptor: Int32? { nil }

    public var finishesLater: Bool { false }
}

extension CameraFiles {
    /// The most jobs a files worker holds waiting (the Pi's thread, the simulator's model of
    /// it): two of the machine's full photo queues (`CameraSessionState.maximumPhotos`) with
    /// their discards.
    public static var workerCapacity: Int { 16 }

    /// Does `job`; its outcome (none for a discard).
    public func carryOut(_ job: CameraFileJob) -> CameraFileOutcome? {
        switch job {
        case .finishPhoto(let temporary, let shot, let orientation):
            switch finishPhoto(at: temporary, shot: shot, orientation: orientation) {
            case .success(let written): return CameraFileOutcome(event: .photoWritten(shot: shot), written: written)
            case .failure(let error):
                return CameraFileOutcome(event: .photoNotWritten(shot: shot, storage: error.isStorage), problem: error.description)
            }
        case .finishClip(let clip, let orientation):
            switch finishClip(at: pendingClip(clip: clip), clip: clip, orientation: orientation) {
            case .success(let finished):
                return CameraFileOutcome(event: .clipWritten(clip: clip), written: finished.path, owedRotation: finished.owedRotation)
            case .failure(let error):
                return CameraFileOutcome(event: .clipNotWritten(clip: clip, storage: error.isStorage), problem: error.description)
            }
        case .discard(let path):
            discard(path)
            return nil
        }
    }
}
