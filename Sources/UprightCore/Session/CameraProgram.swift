/// Which camera program a `CameraSession` runs: at most one at a time, since libcamera lets
/// one process own the camera (docs/camera.md, "One owner").
public enum CameraProgram: Hashable, Sendable {
    /// `rpicam-still -t 0 --signal -o PATTERN`: a photo per SIGUSR1, exits on SIGUSR2.
    case stillServer
    /// The one-shot still command (`rpicam-still --immediate -o FILE`, `fswebcam`): one photo,
    /// then it exits.
    case oneShot(shot: UInt32)
    /// `rpicam-vid -t 0 -o FILE`: records until SIGINT.
    case video(clip: UInt32)
}
