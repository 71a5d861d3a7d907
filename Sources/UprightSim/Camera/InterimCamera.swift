#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// INTERIM: the smallest camera `upright sim` needs until `SimCamera` (branch `machine`) lands
/// on main; then `SimCommand` passes a `SimCamera` instead and this file is deleted. It keeps
/// SimCamera's shape on purpose (initialiser, `photoWriter`, file names) so the swap is one line.
///
/// Every order completes after a fixed virtual latency; photos are written as `IMG_0001.jpg`
/// (bytes from `photoWriter`), clips as a `CLIP_0001.json` sidecar (`SimulatedClipSidecar`).
/// Names are built from numbers only, so every file stays inside `outputDirectory`.
public struct InterimCamera: Camera {
    /// The photo's bytes for `shot` with latched `orientation`, taken at `time`; nil writes no file.
    public typealias PhotoWriter = (_ shot: UInt32, _ orientation: UprightOrientation, _ time: Instant) -> [UInt8]?

    /// Nil writes nothing (tests that only want the event stream).
    public var outputDirectory: String?
    public var captureLatency: TimeSpan
    public var recordStartLatency: TimeSpan
    public var framesPerSecond: Int
    public var photoWriter: PhotoWriter?
    /// Paths written, in order.
    public private(set) var written: [String] = []
    /// Files that could not be written (each also failed its order).
    public private(set) var writeErrors: [FileError] = []

    /// The most orders in flight; the machine has one photo or one clip going at a time.
    public static let maxInFlight = 16

    private var pending: [(due: Instant, completion: CameraCompletion)] = []
    private var pendingPhotos: [(shot: UInt32, orientation: UprightOrientation)] = []
    private var recording: (clip: UInt32, orientation: UprightOrientation, since: Instant)?

    public init(outputDirectory: String?, captureLatency: TimeSpan = .milliseconds(120),
                recordStartLatency: TimeSpan = .milliseconds(50), framesPerSecond: Int = 30, photoWriter: PhotoWriter? = nil) {
        self.outputDirectory = outputDirectory
        self.captureLatency = captureLatency
        self.recordStartLatency = recordStartLatency
        self.framesPerSecond = framesPerSecond
        self.photoWriter = photoWriter
    }

    public static func photoName(shot: UInt32) -> String { "IMG_" + padded(shot) + ".jpg" }
    public static func clipName(clip: UInt32) -> String { "CLIP_" + padded(clip) + ".json" }

    /// For `EventLog.fileName`: the file a `capture` or `record-stop` record refers to.
    public static func fileName(for record: MachineRecord, photos: Bool) -> String? {
        switch record {
        case .capture(let shot, _, _): photos ? photoName(shot: shot) : nil
        case .recordStop(let clip, _, _): clipName(clip: clip)
        default: nil
        }
    }

    private static func padded(_ number: UInt32) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .startPreview, .stopPreview, .showOrientation:
            break
        case .capturePhoto(let shot, let orientation):
            pendingPhotos.append((shot, orientation))
            schedule(now + captureLatency, .captureFinished(shot: shot))
        case .startRecording(let clip, let orientation):
            recording = (clip, orientation, now + recordStartLatency)
            schedule(now + recordStartLatency, .recordingStarted(clip: clip))
        case .stopRecording(let clip):
            guard let running = recording, running.clip == clip else { return }
            recording = nil
            let seconds = max(0, (now - running.since).seconds)
            write(Array(SimulatedClipSidecar(orientation: running.orientation, durationSeconds: seconds, framesPerSecond: framesPerSecond).json.utf8),
                  name: Self.clipName(clip: clip))
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        guard let first = pending.first, first.due <= now else { return nil }
        pending.removeFirst()
        guard case .captureFinished(let shot) = first.completion else { return first.completion }
        guard let index = pendingPhotos.firstIndex(where: { $0.shot == shot }) else { return first.completion }
        let photo = pendingPhotos.remove(at: index)
        guard let bytes = photoWriter?(shot, photo.orientation, first.due) else { return first.completion }
        return write(bytes, name: Self.photoName(shot: shot)) ? first.completion : .captureFailed(shot: shot)
    }

    public var nextDeadline: Instant? { pending.first?.due }

    private mutating func schedule(_ due: Instant, _ completion: CameraCompletion) {
        guard pending.count < Self.maxInFlight else { return }
        let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
        pending.insert((due, completion), at: index)
    }

    @discardableResult
    private mutating func write(_ bytes: [UInt8], name: String) -> Bool {
        guard let directory = outputDirectory else { return true }
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        do throws(FileError) {
            let fd = try POSIXFile.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
            defer { close(fd) }
            try POSIXFile.writeAll(fd, bytes, path: path)
            written.append(path)
            return true
        } catch {
            writeErrors.append(error)
            return false
        }
    }
}
