import UprightCore

/// The process port of the camera session: starts the camera programs and signals them, and
/// says what they did. `RpicamProcesses` (UprightLinux) spawns real programs (posix_spawn,
/// pidfds, inotify on the output directory); `SimCameraProcesses` (UprightSim) models one with
/// the timings docs/camera.md gives, its faults drawn from a seed. Only the session decides
/// what runs when; a port only carries it out.
public protocol CameraProcesses {
    /// Starts `program` writing to `output` (a pattern with a `%04d` counter for the still
    /// server, a file otherwise) with `orientation` for the templates' placeholders (nil:
    /// `unknown`). False when it could not be started; its `.exited(_, .notStarted)` event
    /// follows.
    mutating func start(_ program: CameraProgram, output: String, orientation: UprightOrientation?, at now: Instant) -> Bool
    /// Asks the still server for the photo of the moment `touchedAt` (SIGUSR1 to rpicam, which
    /// takes its next frame; a port that keeps recent frames returns the one nearest it).
    mutating func requestPhoto(touchedAt: Instant, at now: Instant)
    /// Asks the running program to end cleanly: SIGUSR2 to the still server, SIGINT to the
    /// video recorder (which then finishes its file).
    mutating func stop(at now: Instant)
    /// Ends the running program at once (SIGKILL).
    mutating func kill(at now: Instant)
    /// The next thing the programs did by `now`, oldest first; nil when nothing.
    mutating func nextEvent(now: Instant) -> CameraProcessEvent?
    /// When the next event will happen, when the port knows (a model); nil for real programs,
    /// whose descriptors the event loop polls.
    var nextDeadline: Instant? { get }
}
