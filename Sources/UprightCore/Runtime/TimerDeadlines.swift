/// The runtime's armed timers: one deadline per `TimerID`, nil when disarmed. Three stored
/// fields rather than an `InlineArray`: reading an `InlineArray` needs its address, so a
/// non-mutating read of one inside a larger value (the runtime's `nextDeadline`) copies that
/// whole value to the stack first (hundreds of bytes on a Cortex-M0, on every sample).
struct TimerDeadlines: Sendable {
    private var idle: Instant?
    private var capture: Instant?
    private var clip: Instant?

    subscript(timer: TimerID) -> Instant? {
        get {
            switch timer {
            case .idle: idle
            case .capture: capture
            case .clip: clip
            }
        }
        set {
            switch timer {
            case .idle: idle = newValue
            case .capture: capture = newValue
            case .clip: clip = newValue
            }
        }
    }

    /// The earliest armed deadline.
    @inline(__always)
    var earliest: Instant? { Self.earlier(Self.earlier(idle, capture), clip) }

    /// The earlier of two optional deadlines (nil only when both are).
    @inline(__always)
    static func earlier(_ a: Instant?, _ b: Instant?) -> Instant? {
        guard let a else { return b }
        guard let b else { return a }
        return b < a ? b : a
    }
}
