/// The photo a touch ordered before its press was confirmed (zero shutter lag: the camera is
/// asked at the touch, so the picture is of that moment), until the gesture decides: a short
/// press journals it, a hold or a glitch gives it up (`abandonPhoto`: no file, no record).
/// Its number is `MachineState.shot` and its latch `MachineState.shotLatch`.
public enum EarlyPhoto: Equatable, Sendable {
    /// No photo ordered ahead of its press.
    case none
    /// Ordered at the touch, not yet answered.
    case ordered
    /// Answered before the press was a photo: the answer waits for the release (or is
    /// thrown away with the file by a hold or a glitch).
    case finished(exposedAt: Instant?, waited: TimeSpan)
    /// The camera could not take it; the release journals the failure.
    case failed
}
