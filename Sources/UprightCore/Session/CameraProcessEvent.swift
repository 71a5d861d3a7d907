/// What a camera program did, as the process port (`CameraProcesses`) saw it.
public enum CameraProcessEvent: Hashable, Sendable {
    /// The still server closed the file of its `index`-th photo (0 for the first after it
    /// started: the pattern's counter). `exposedAt`: the frame's time when the camera reports
    /// it; nil when it does not (the session then takes the close as the photo's time).
    case photoClosed(index: Int, exposedAt: Instant?)
    /// The program ended.
    case exited(CameraProgram, CameraExit)
}
