/// The machine's timers. The machine arms and cancels them with commands; the runtime turns an
/// expiry into `MachineEvent.timerFired` (QP-style time events: whoever advances time drives them).
public enum TimerID: UInt8, CaseIterable, Sendable {
    /// Inactivity in `previewing`: back to `idle`.
    case idle
    /// A photo the camera never answers: a failure record instead of a hang.
    case capture
    /// The maximum clip length.
    case clip

    /// Whether the timer bounds something outside the firmware (the camera taking a photo, the
    /// recorder's clip), so the runtime counts it from when the order reached the camera, on
    /// the real clock; the idle timer measures the person's inactivity, in input time.
    public var boundsTheCamera: Bool {
        switch self {
        case .idle: false
        case .capture, .clip: true
        }
    }
}
