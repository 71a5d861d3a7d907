/// The camera session's rules, from the board's `camera` section (`Board.cameraSessionSettings`).
public struct CameraSessionSettings: Equatable, Sendable {
    /// A warm still server, or a one-shot command per photo.
    public var mode: CameraMode
    /// After a program starts, how long before it may be signalled: rpicam-apps install their
    /// signal handlers only once the camera is open, and a signal before that ends them
    /// (docs/camera.md: about 750 ms to a settled preview).
    public var readyDelay: TimeSpan
    /// A photo not written this long after its signal (or a one-shot command not done) means
    /// the program hangs: it is killed (a `camera-hung` fault) and the photo fails.
    public var photoBound: TimeSpan
    /// A program asked to stop and still running after this is killed.
    public var stopBound: TimeSpan
    /// A program that died is started again after this, doubling per death up to
    /// `longestRestartDelay`; a program that reaches ready resets it.
    public var firstRestartDelay: TimeSpan
    /// The longest restart delay the doubling reaches.
    public var longestRestartDelay: TimeSpan

    /// Settings as given; the defaults are the board file's.
    public init(
        mode: CameraMode = .server, readyDelay: TimeSpan = .milliseconds(1000), photoBound: TimeSpan = .seconds(3),
        stopBound: TimeSpan = .seconds(3), firstRestartDelay: TimeSpan = .milliseconds(500), longestRestartDelay: TimeSpan = .seconds(8)
    ) {
        self.mode = mode
        self.readyDelay = readyDelay
        self.photoBound = photoBound
        self.stopBound = stopBound
        self.firstRestartDelay = firstRestartDelay
        self.longestRestartDelay = longestRestartDelay
    }
}
