import UprightCore
import UprightHost

/// A `Camera` whose work runs in child processes the event loop can wait for: it names the
/// descriptors to poll and says whether anything is still running (a clip being finalised
/// after SIGINT), so shutdown waits for that and no longer.
public protocol LinuxCamera: Camera {
    /// Readable when a child has ended or written (pidfds, inotify).
    var pollDescriptors: [Int32] { get }
    /// Why orders failed since the last call (for the log).
    mutating func takeProblems() -> [String]
    /// How long a shutdown may wait for the camera's programs to end.
    var longestShutdown: TimeSpan { get }
    /// Photos or clips being finished (fsyncs on the card): a shutdown waits for them past
    /// `longestShutdown`, as the journal's queue is drained (bounded by the card).
    var isFinishingFiles: Bool { get }
    /// Whether the files' queue was found full since the last call (a `bound` line).
    mutating func takeFileQueueFull() -> Bool
}

/// The Pi's camera: the camera session over the board's programs.
public typealias PiCamera = CameraSession<RpicamProcesses>

extension CameraSession: LinuxCamera where Processes == RpicamProcesses {
    /// The programs' (pidfds, inotify) and the files port's, when it finishes files later.
    public var pollDescriptors: [Int32] { processes.descriptors + (fileWork.readyDescriptor.map { [$0] } ?? []) }

    /// A photo in flight may finish (`photoBound`), then the program is stopped (`stopBound`),
    /// then killed; a second for the kill to be reaped.
    public var longestShutdown: TimeSpan { settings.photoBound + settings.stopBound + .seconds(1) }

    /// rpicam-vid writes MP4.
    public static var clipExtension: String { "mp4" }

    /// The board's command camera writing into its output directory, named by `naming`, its
    /// files finished on a thread of their own (`CameraFileWorker`; in the step, with a note,
    /// when no thread can be made); nil when the board uses the simulated camera.
    public static func command(board: Board, naming: MediaNaming, note: (String) -> Void = { _ in }) -> PiCamera? {
        guard var processes = RpicamProcesses(board: board) else { return nil }
        processes.childRecord = CameraChildRecord(journal: board.output.journal)
        let fileWork: any CameraFileWork
        switch CameraFileWorker.start() {
        case .success(let worker):
            fileWork = worker
        case .failure(let error):
            note("camera files: \(error.description); photos and clips are finished in the engine's step")
            fileWork = InlineCameraFileWork()
        }
        return PiCamera(
            processes: processes, settings: board.camera.session,
            files: CameraFiles(outputDirectory: board.output.directory, naming: naming, reserveBytes: board.output.reserveBytes),
            fileWork: fileWork)
    }
}

extension WatchCamera: LinuxCamera {
    /// No children: nothing to poll, never busy.
    public var pollDescriptors: [Int32] { [] }
    public mutating func takeProblems() -> [String] { [] }
    public var longestShutdown: TimeSpan { .zero }
    public var isFinishingFiles: Bool { false }
    public mutating func takeFileQueueFull() -> Bool { false }
}
