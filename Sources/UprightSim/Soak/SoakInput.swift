import UprightCore

/// One item of the soak's button workload, in time order.
public enum SoakInput: Equatable, Sendable {
    /// A contact edge; `press` marks the clean down edge that begins a press (bounce and the
    /// release are not presses), so the checker can count presses as they are fed.
    case edge(ButtonEdge, press: Bool)
    /// Quiet since the last press for longer than any press takes to be answered: every press
    /// so far must have its one capture or rejection record by now, or later by as long as the
    /// engine was held from `answersFrom` on (`SoakEnginePauses`): the episode's first press
    /// whose answer may wait on the camera (a clip's stop press: the hold is answered by the
    /// clip's start record, written at the hold's own time).
    case checkpoint(Instant, answersFrom: Instant)

    public var time: Instant {
        switch self {
        case .edge(let edge, _): edge.time
        case .checkpoint(let time, _): time
        }
    }
}
