/// Orders the machine gives; the runtime carries them out: orders for the camera go to its
/// `Camera` as they are, timers and records the runtime keeps itself.
public enum MachineCommand: Equatable, Sendable {
    /// Camera: carry out this order (`Camera.perform`).
    case camera(CameraOrder)
    /// Runtime: fire `timerFired(id)` after `span`, replacing any armed deadline for it.
    case armTimer(TimerID, TimeSpan)
    /// Runtime: forget the deadline for `id`.
    case cancelTimer(TimerID)
    /// Journal / event stream: one record.
    case journal(MachineRecord)
}
