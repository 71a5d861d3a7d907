/// What a `Camera` reports back about an order, when it is done (possibly much later).
///
/// Its cases repeat `MachineEvent`'s camera cases, on purpose: a camera can say only these
/// (never a press or a timer), which this type makes a fact the compiler checks, and `event`
/// is the one place they become the machine's. Nesting this type in `MachineEvent` instead
/// would change every place these cases are written (about 240 lines) and the layout of
/// the event the microcontroller copies.
public enum CameraCompletion: Hashable, Sendable {
    /// `exposedAt`: when it was taken, as the camera reports it (the frame's time, or the
    /// file's close); `waited`: how long the order waited for the camera to be ready.
    case captureFinished(shot: UInt32, exposedAt: Instant? = nil, waited: TimeSpan = .zero)
    /// Photo `shot` is taken and its file is with the card (being made durable): its answer
    /// comes once it is there, and the capture timeout no longer runs for it.
    case captureTaken(shot: UInt32)
    /// Photo `shot` failed.
    case captureFailed(shot: UInt32)
    /// Clip `clip` is being recorded.
    case recordingStarted(clip: UInt32)
    /// Stopped on request, or by itself (disk full, process exited).
    case recordingStopped(clip: UInt32)
    /// Clip `clip` could not start or broke off.
    case recordingFailed(clip: UInt32)
    /// A camera process died or hung, or the camera could not be acquired.
    case fault(CameraFault)
    /// The camera is ready again after `fault`.
    case recovered(CameraFault)

    /// The machine event this completion is.
    public var event: MachineEvent {
        switch self {
        case .captureFinished(let shot, let exposedAt, let waited): .captureFinished(shot: shot, exposedAt: exposedAt, waited: waited)
        case .captureTaken(let shot): .captureTaken(shot: shot)
        case .fault(let fault): .cameraFault(fault)
        case .recovered(let fault): .cameraRecovered(fault)
        case .captureFailed(let shot): .captureFailed(shot: shot)
        case .recordingStarted(let clip): .recordingStarted(clip: clip)
        case .recordingStopped(let clip): .recordingStopped(clip: clip)
        case .recordingFailed(let clip): .recordingFailed(clip: clip)
        }
    }
}

/// A completion with the time it happened on the real clock (`Camera`).
public struct CameraReport: Hashable, Sendable {
    /// What finished.
    public var completion: CameraCompletion
    /// When it happened.
    public var time: Instant

    /// `completion`, which happened at `time`.
    @inlinable
    public init(_ completion: CameraCompletion, at time: Instant) {
        self.completion = completion
        self.time = time
    }
}
