/// The photo a touch ordered before its press was confirmed (zero shutter lag: the camera is
/// asked at the touch, so the picture is of that moment), until the gesture decides: a short
/// press journals it, a hold or a glitch gives it up (`abandonPhoto`: no file, no record).
/// A touch before the detector's first decision defers the order to that decision, so the
/// photo carries it (`deferred`); a release that comes first orders it, `unknown`.
/// Its number is `MachineState.shot`, its latch `MachineState.shotLatch`, and an answer that
/// came before the release waits in `MachineState.earlyLagMilliseconds` and
/// `earlyWaitMilliseconds`. A byte, not an enum with the answer's times: every copy of the
/// machine's state and every comparison of it is code and stack on a microcontroller. The
/// order of the cases matters: past `deferred`, the camera has heard of the photo.
public enum EarlyPhoto: UInt8, Sendable {
    /// No photo ordered ahead of its press.
    case none
    /// Touched before the detector's first decision: not ordered yet. The first decision
    /// orders it with the latch it fills (its `touchedAt` still the touch's time); a release
    /// before it orders it with the latch `unknown`; a hold or a glitch gives it up (the
    /// camera never heard of it: no number is used).
    case deferred
    /// Ordered at the touch, not yet answered.
    case ordered
    /// Ordered and taken, its file with the card (`captureTaken`): not yet answered, and no
    /// capture timeout at its release.
    case taken
    /// Answered before the press was a photo: the answer waits for the release (or is
    /// thrown away with the file by a hold or a glitch).
    case finished
    /// The camera could not take it; the release journals the failure.
    case failed

    /// Ordered and not yet answered (taken or not).
    var awaitsAnswer: Bool { self == .ordered || self == .taken }
}
