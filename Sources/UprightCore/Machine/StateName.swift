/// The four states of the camera machine. The names are a **contract** (the event stream's
/// `state` records, docs/events.md).
public enum StateName: UInt8, CaseIterable, Sendable {
    /// Preview off, sensor still read; a shutter press wakes the camera.
    case idle
    /// Preview on; orientation changes are shown on it; the idle timer runs.
    case previewing
    /// A photo is in flight (one at a time); further presses queue.
    case capturing
    /// A clip is being recorded with the orientation latched at its start.
    case recording

    /// The state's contract name in records, e.g. `previewing`.
    public var name: StaticString {
        switch self {
        case .idle: "idle"
        case .previewing: "previewing"
        case .capturing: "capturing"
        case .recording: "recording"
        }
    }
}
