/// What a `Camera` reports back about an order, when it is done (possibly much later).
public enum CameraCompletion: Equatable, Sendable {
    case captureFinished(shot: UInt32)
    case captureFailed(shot: UInt32)
    case recordingStarted(clip: UInt32)
    /// Stopped on request, or by itself (disk full, process exited).
    case recordingStopped(clip: UInt32)
    case recordingFailed(clip: UInt32)

    /// The machine event this completion is.
    public var event: MachineEvent {
        switch self {
        case .captureFinished(let shot): .captureFinished(shot: shot)
        case .captureFailed(let shot): .captureFailed(shot: shot)
        case .recordingStarted(let clip): .recordingStarted(clip: clip)
        case .recordingStopped(let clip): .recordingStopped(clip: clip)
        case .recordingFailed(let clip): .recordingFailed(clip: clip)
        }
    }
}
