/// What the camera session reacts to, each with its time and whether the output's file system
/// has room just then (the host looks before every event: a statfs, cheap beside an event).
public struct CameraSessionEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The runtime's order.
        case order(CameraOrder)
        /// A camera program did something (`CameraProcesses`).
        case process(CameraProcessEvent)
        /// A timer the session armed expired.
        case timer(SessionTimer)
        /// The photo the session asked to finish (`finishPhoto`) was written under its name.
        case photoWritten(shot: UInt32)
        /// It could not be; `storage`: because the file system is full or failing.
        case photoNotWritten(shot: UInt32, storage: Bool)
        /// The clip the session asked to finish (`finishClip`) was written under its name.
        case clipWritten(clip: UInt32)
        /// It could not be; `storage`: because the file system is full or failing.
        case clipNotWritten(clip: UInt32, storage: Bool)

        /// Whether the machine looks at `storageHasRoom` for this event: an order that needs
        /// the card, a program's end (a failure may be the card's), a timer that fails a photo
        /// or looks again. The host asks the file system only then (a statfs per event would
        /// cost the simulator); the exploration checks that every other event's answer is the
        /// same either way.
        public var consultsStorage: Bool {
            switch self {
            case .order(.capturePhoto), .order(.startRecording): true
            case .order: false
            case .process(.exited): true
            case .process(.photoClosed): false
            case .timer(.photo), .timer(.stop), .timer(.kill), .timer(.storageRecheck): true
            case .timer: false
            case .photoWritten, .photoNotWritten, .clipWritten, .clipNotWritten: false
            }
        }
    }

    /// What happened.
    public var kind: Kind
    /// When it happened, on the real clock.
    public var time: Instant
    /// The output's file system has room (above the board's reserve, writable).
    public var storageHasRoom: Bool

    /// An event at `time`; the file system has room unless said otherwise.
    public init(_ kind: Kind, at time: Instant, storageHasRoom: Bool = true) {
        self.kind = kind
        self.time = time
        self.storageHasRoom = storageHasRoom
    }
}
