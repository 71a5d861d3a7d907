/// How a camera program ended.
public enum CameraExit: Hashable, Sendable {
    /// Exit status 0.
    case clean
    /// Another exit status; rpicam-apps exit 255 when the camera cannot be acquired.
    case failed(status: Int32)
    /// Ended by a signal (a crash, or killed).
    case signalled(Int32)
    /// The program could not be started at all (not found, not executable).
    case notStarted(reason: String)

    /// rpicam-apps' status when another process owns the camera, or there is none
    /// (`main` returns -1 after "failed to acquire camera": docs/camera.md).
    public static let acquireFailedStatus: Int32 = 255

    /// SIGUSR1 on Linux: the signal a photo is asked with. A still server that dies of it had
    /// not installed its handler yet (docs/camera.md, "The still server").
    public static let photoSignal: Int32 = 10
}
