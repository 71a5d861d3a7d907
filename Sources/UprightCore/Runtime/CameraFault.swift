/// What went wrong with the camera itself (not with one photo), as the camera session reports
/// it: each is a `fault` record when it happens and a `recovered` record when the camera is
/// ready again.
public enum CameraFault: UInt8, CaseIterable, Sendable {
    /// A camera process ended by itself (it crashed, or exited with an error); it is started
    /// again with backoff.
    case died
    /// A camera process did not answer within its bound (starting, taking a photo, stopping)
    /// and was killed.
    case hung
    /// The camera could not be acquired (another process owns it, or there is none) or its
    /// program not started.
    case unavailable
    /// The output's file system has no space left (below the board's reserve), fails writes
    /// (EIO) or went read-only; reported again as recovered when space returns.
    case storage

    /// The fault kind of its records.
    public var faultKind: FaultKind {
        switch self {
        case .died: .cameraDied
        case .hung: .cameraHung
        case .unavailable: .cameraUnavailable
        case .storage: .storage
        }
    }
}
