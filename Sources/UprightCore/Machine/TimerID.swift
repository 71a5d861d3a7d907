/// The machine's timers. The machine arms and cancels them with commands; the runtime turns an
/// expiry into `MachineEvent.timerFired` (QP-style time events: whoever advances time drives them).
public enum TimerID: UInt8, CaseIterable, Sendable {
    /// Inactivity in `previewing`: back to `idle`.
    case idle
    /// A photo the camera never answers: a failure record instead of a hang.
    case capture
    /// The maximum clip length.
    case clip
}
