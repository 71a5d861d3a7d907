import UprightCore
import UprightHost

/// The simulator's camera: answers orders after configurable virtual latencies, can be told
/// to fail or to never answer (so the machine's timeouts run), and writes what a camera would
/// into `outputDirectory`: photos as `IMG_0001.jpg` (bytes from `photoWriter`, e.g.
/// `SimPhotoWriter`; nothing is written without one), clips as a
/// `SimClipSidecar` in `CLIP_0001.json` (latched orientation, rotation, duration, frame
/// count). Every file is written atomically. File names are built from the
/// shot or clip number only, so every path stays inside `outputDirectory`.
///
/// Deterministic: nothing reads a clock; completions are due at `order time + latency` and
/// `nextDeadline` lets a virtual clock step straight to them.
public struct SimCamera: Camera {
    /// How an order is answered. Read when the order arrives, so changing it mid-run affects
    /// only later orders.
    public enum Fault: Equatable, Sendable {
        case none
        /// The order is never answered (a hung camera: the capture timeout fires).
        case neverAnswers
        /// The order fails after its latency (`captureFailed`, `recordingFailed`).
        case fails
    }

    /// The photo's bytes (a JPEG) for `shot`, latched `orientation`, at `time`; nil writes no file.
    public typealias PhotoWriter = (_ shot: UInt32, _ orientation: UprightOrientation, _ time: Instant) -> [UInt8]?

    public var outputDirectory: String
    public var captureLatency: TimeSpan
    public var recordStartLatency: TimeSpan
    public var framesPerSecond: Int
    public var photoFault: Fault = .none
    public var recordingFault: Fault = .none
    public var photoWriter: PhotoWriter?

    /// Paths written, in order.
    public private(set) var written: [String] = []
    /// Writes that failed (each also failed its order).
    public private(set) var writeErrors: [FileError] = []
    public private(set) var previewOn = false
    public private(set) var overlay: Orientation?

    /// The most orders in flight at once; later ones are dropped (the machine's timeout
    /// reports them). The machine has at most one photo and one clip going, plus stragglers.
    public static let maxInFlight = 16

    private enum Work {
        case photo(shot: UInt32, orientation: UprightOrientation, fails: Bool)
        case recordStart(clip: UInt32, orientation: UprightOrientation, fails: Bool)
        case recordStopped(clip: UInt32)
    }

    /// Due work, in due order (equal times in arrival order).
    private var pending: [(due: Instant, work: Work)] = []
    private var recording: (clip: UInt32, orientation: UprightOrientation, since: Instant)?

    public init(
        outputDirectory: String,
        captureLatency: TimeSpan = .milliseconds(120),
        recordStartLatency: TimeSpan = .milliseconds(50),
        framesPerSecond: Int = 30,
        photoWriter: PhotoWriter? = nil
    ) {
        self.outputDirectory = outputDirectory
        self.captureLatency = captureLatency
        self.recordStartLatency = recordStartLatency
        self.framesPerSecond = framesPerSecond
        self.photoWriter = photoWriter
    }

    // MARK: names

    /// The clip files' extension (`MediaNaming.clipExtension`): JSON sidecars.
    public static let clipExtension = "json"

    /// The names of the files this camera writes (`IMG_0001.jpg`, `CLIP_0001.json`).
    public static let naming = MediaNaming(clipExtension: clipExtension)

    public func path(of name: String) -> String {
        outputDirectory.hasSuffix("/") ? outputDirectory + name : outputDirectory + "/" + name
    }

    // MARK: Camera

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .startPreview:
            previewOn = true
        case .stopPreview:
            previewOn = false
            overlay = nil
        case .showOrientation(let pose):
            overlay = pose
        case .capturePhoto(let shot, let orientation):
            guard photoFault != .neverAnswers else { return }
            schedule(now + captureLatency, .photo(shot: shot, orientation: orientation, fails: photoFault == .fails))
        case .startRecording(let clip, let orientation):
            guard recordingFault != .neverAnswers else { return }
            schedule(now + recordStartLatency, .recordStart(clip: clip, orientation: orientation, fails: recordingFault == .fails))
        case .stopRecording(let clip):
            stopRecording(clip: clip, at: now)
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        guard let first = pending.first, first.due <= now else { return nil }
        pending.removeFirst()
        switch first.work {
        case .photo(let shot, let orientation, let fails):
            if fails { return .captureFailed(shot: shot) }
            return writePhoto(shot: shot, orientation: orientation, at: first.due) ? .captureFinished(shot: shot) : .captureFailed(shot: shot)
        case .recordStart(let clip, let orientation, let fails):
            if fails { return .recordingFailed(clip: clip) }
            recording = (clip, orientation, first.due)
            return .recordingStarted(clip: clip)
        case .recordStopped(let clip):
            return .recordingStopped(clip: clip)
        }
    }

    public var nextDeadline: Instant? { pending.first?.due }

    // MARK: work

    private mutating func schedule(_ due: Instant, _ work: Work) {
        guard pending.count < Self.maxInFlight else { return }
        let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
        pending.insert((due, work), at: index)
    }

    private mutating func stopRecording(clip: UInt32, at now: Instant) {
        // A stop before the start was confirmed cancels the start: no clip, no sidecar.
        let before = pending.count
        pending.removeAll { if case .recordStart(clip, _, _) = $0.work { true } else { false } }
        if pending.count != before {
            schedule(now, .recordStopped(clip: clip))
            return
        }
        guard let running = recording, running.clip == clip else { return }
        recording = nil
        writeSidecar(clip: clip, orientation: running.orientation, from: running.since, to: now)
        schedule(now, .recordStopped(clip: clip))
    }

    private mutating func writePhoto(shot: UInt32, orientation: UprightOrientation, at time: Instant) -> Bool {
        guard let bytes = photoWriter?(shot, orientation, time) else { return true }
        return write(bytes, name: Self.naming.photoName(shot: shot))
    }

    private mutating func writeSidecar(clip: UInt32, orientation: UprightOrientation, from start: Instant, to end: Instant) {
        let seconds = Double(max(0, (end - start).nanoseconds)) / 1e9
        let sidecar = SimClipSidecar(orientation: orientation, durationSeconds: seconds, framesPerSecond: framesPerSecond)
        _ = write(Array(sidecar.json.utf8), name: Self.naming.clipName(clip: clip))
    }

    private mutating func write(_ bytes: [UInt8], name: String) -> Bool {
        let path = path(of: name)
        do throws(FileError) {
            try AtomicFile.write(bytes, to: path)
            written.append(path)
            return true
        } catch {
            writeErrors.append(error)
            return false
        }
    }
}
