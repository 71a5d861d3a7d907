import UprightCore

/// One item of the soak's button workload, in time order.
public enum SoakInput: Equatable, Sendable {
    /// A contact edge; `press` marks the clean down edge that begins a press (bounce and the
    /// release are not presses), so the checker can count presses as they are fed.
    case edge(ButtonEdge, press: Bool)
    /// Quiet since the last press for longer than any press takes to be answered: every press
    /// so far must have its one capture or rejection record by now.
    case checkpoint(Instant)

    public var time: Instant {
        switch self {
        case .edge(let edge, _): edge.time
        case .checkpoint(let time): time
        }
    }
}
