import UprightCore
import UprightHost

/// A `Camera` whose work runs in child processes the event loop can wait for: it names the
/// descriptors to poll (what it says of its programs and files, `isBusy`,
/// `isFinishingFiles`, `longestShutdown`, is the engine's shutdown rule's: `FirmwarePhase`).
public protocol LinuxCamera: Camera, RotationOwing {
    /// Readable when a child has ended or written (pidfds, inotify).
    var pollDescriptors: [Int32] { get }
    /// Why orders failed since the last call (for the log).
    mutating func takeProblems() -> [String]
    /// What the camera's port saw go wrong since the last call (a device's failure), for the log.
    mutating func takePortNotes() -> [String]
}

extension LinuxCamera {
    /// A camera whose port says nothing of its own.
    public mutating func takePortNotes() -> [String] { [] }
}

/// A camera session's process port on Linux: its descriptors for the event loop's poll, and
/// its own notes (rpicam's say nothing beyond the session's; a V4L2 device says why it failed).
public protocol LinuxCameraProcesses: CameraProcesses {
    /// Readable when something happened (a child ended, a file was closed, a frame is ready).
    var descriptors: [Int32] { get }
    /// What went wrong since the last call, one line each.
    mutating func takeNotes() -> [String]
}

extension RpicamProcesses: LinuxCameraProcesses {
    /// The session's notes say everything about the programs.
    public mutating func takeNotes() -> [String] { [] }
}

extension V4L2Processes: LinuxCameraProcesses {}

/// The Pi's camera: the camera session over the board's programs.
public typealias PiCamera = CameraSession<RpicamProcesses>

/// A V4L2 camera: the camera session over a device streaming into a frame ring.
public typealias V4L2Camera = CameraSession<V4L2Processes<V4L2Stream>>

extension CameraSession: LinuxCamera where Processes: LinuxCameraProcesses {
    /// The port's (pidfds, inotify, the device) and the files port's, when it finishes files later.
    public var pollDescriptors: [Int32] { processes.descriptors + (fileWork.readyDescriptor.map { [$0] } ?? []) }

    public mutating func takePortNotes() -> [String] { processes.takeNotes() }
}

extension CameraSession where Processes == RpicamProcesses {
    /// rpicam-vid writes MP4.
    public static var clipExtension: String { "mp4" }

    /// The board's command camera writing into its output directory, named by `naming`, its
    /// files finished on a thread of their own (`CameraFileWorker`, its outcomes' times read
    /// from `clock`, the session's; in the step, with a note, when no thread can be made); nil
    /// when the board uses the simulated camera.
    public static func command(
        board: Board, naming: MediaNaming, note: (String) -> Void = { _ in }, clock: @escaping @Sendable () -> Instant
    ) -> PiCamera? {
        guard var processes = RpicamProcesses(board: board) else { return nil }
        processes.childRecord = CameraChildRecord(journal: board.output.journal)
        return PiCamera(
            processes: processes, settings: board.camera.session,
            files: CameraFiles(outputDirectory: board.output.directory, naming: naming, reserveBytes: board.output.reserveBytes),
            fileWork: fileWork(note: note, clock: clock))
    }

    /// A camera's files finished on a thread of their own (`CameraFileWorker`, its outcomes'
    /// times from `clock`), or in the engine's step, said in a note, when no thread can be made.
    static func fileWork(note: (String) -> Void, clock: @escaping @Sendable () -> Instant) -> any CameraFileWork {
        switch CameraFileWorker.start(clock: clock) {
        case .success(let worker):
            return worker
        case .failure(let error):
            note("camera files: \(error.description); photos and clips are finished in the engine's step")
            return InlineCameraFileWork()
        }
    }
}

extension WatchCamera: LinuxCamera {
    /// No children: nothing to poll, never busy.
    public var pollDescriptors: [Int32] { [] }
    public mutating func takeProblems() -> [String] { [] }
    public mutating func takeOwedRotations() -> [OwedRotation] { [] }
}

extension CameraSession where Processes == V4L2Processes<V4L2Stream> {
    /// The V4L2 camera's clips are Motion JPEG QuickTime movies.
    public static var clipExtension: String { "mov" }

    /// The board's V4L2 camera writing into its output directory, named by `naming`, its
    /// frames' dequeue times read from `clock` (CLOCK_MONOTONIC less `clockOrigin`, the
    /// session's zero), its files finished on a thread of their own as the Pi's camera's are;
    /// nil when the board has another backend.
    public static func v4l2(
        board: Board, naming: MediaNaming, note: (String) -> Void = { _ in }, clockOrigin: Instant = .zero,
        clock: @escaping @Sendable () -> Instant
    ) -> V4L2Camera? {
        guard case .v4l2(let device) = board.camera.backend else { return nil }
        let check: (Board.V4L2CameraSettings) throws(V4L2Error) -> Void = { settings throws(V4L2Error) in
            try V4L2Stream.check(settings: settings)
        }
        let processes = V4L2Processes<V4L2Stream>(settings: device, clock: clock, clockOrigin: clockOrigin, check: check) {
            settings throws(V4L2Error) in
            try V4L2Stream(settings: settings)
        }
        return V4L2Camera(
            processes: processes, settings: board.camera.session,
            files: CameraFiles(outputDirectory: board.output.directory, naming: naming, reserveBytes: board.output.reserveBytes),
            fileWork: PiCamera.fileWork(note: note, clock: clock))
    }
}
