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

    public init(event: CameraSessionEvent.Kind, written: String? = nil, problem: String? = nil, owedRotation: OwedRotation? = nil) {
        self.event = event
        self.written = written
        self.problem = problem
        self.owedRotation = owedRotation
    }
}

/// The files port of the camera session: carries out its `CameraFileJob`s in the order given,
/// at once or later, and gives their outcomes back in the same order (the machine takes them
/// whenever they come: `CameraSessionMachineExplorationTests` walks both). The simulator and
/// the tests finish files at once, in the step (`InlineCameraFileWork`: deterministic); a Pi
/// finishes them on a thread of its own (`CameraFileWorker`, UprightLinux), since on a slow
/// card a photo's fsyncs take seconds, and the engine's step must go on reading the chip.
public protocol CameraFileWork {
    /// Starts `job` on `files` (the session's, as they are now).
    mutating func submit(_ job: CameraFileJob, files: CameraFiles)
    /// The oldest outcome ready, nil when none is (yet).
    mutating func nextOutcome() -> CameraFileOutcome?
    /// Readable while an outcome waits, for an event loop to poll; nil when outcomes are ready
    /// as soon as `submit` returns.
    var readyDescriptor: Int32? { get }
    /// Whether a job found the queue full since the last call (the caller then waited for the
    /// card): a bound reached, for the journal.
    mutating func takeFoundFull() -> Bool
}

/// Files finished in the caller's step, as `submit` is called: its outcome is ready at once.
public struct InlineCameraFileWork: CameraFileWork {
    private var outcomes: [CameraFileOutcome] = []

    public init() {}

    public mutating func submit(_ job: CameraFileJob, files: CameraFiles) {
        if let outcome = files.carryOut(job) { outcomes.append(outcome) }
    }

    public mutating func nextOutcome() -> CameraFileOutcome? {
        outcomes.isEmpty ? nil : outcomes.removeFirst()
    }

    public var readyDescriptor: Int32? { nil }

    public func takeFoundFull() -> Bool { false }
}

extension CameraFiles {
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
