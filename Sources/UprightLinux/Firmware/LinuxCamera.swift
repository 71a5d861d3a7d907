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
}

/// The Pi's camera: the camera session over the board's programs.
public typealias PiCamera = CameraSession<RpicamProcesses>

extension CameraSession: LinuxCamera where Processes == RpicamProcesses {
    public var pollDescriptors: [Int32] { processes.descriptors }

    /// A photo in flight may finish (`photoBound`), then the program is stopped (`stopBound`),
    /// then killed; a second for the kill to be reaped.
    public var longestShutdown: TimeSpan { settings.photoBound + settings.stopBound + .seconds(1) }

    /// rpicam-vid writes MP4.
    public static var clipExtension: String { "mp4" }

    /// The board's command camera writing into its output directory, named by `naming`; nil
    /// when the board uses the simulated camera.
    public static func command(board: Board, naming: MediaNaming) -> PiCamera? {
        guard var processes = RpicamProcesses(board: board) else { return nil }
        processes.childRecord = CameraChildRecord(journal: board.output.journal)
        return PiCamera(
            processes: processes, settings: board.camera.session,
            files: CameraFiles(outputDirectory: board.output.directory, naming: naming, reserveBytes: board.output.reserveBytes))
    }
}

extension WatchCamera: LinuxCamera {
    /// No children: nothing to poll, never busy.
    public var pollDescriptors: [Int32] { [] }
    public mutating func takeProblems() -> [String] { [] }
    public var longestShutdown: TimeSpan { .zero }
}
