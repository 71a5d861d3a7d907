/// Where the current shutter press stands, as the machine sees it.
public enum PressPhase: Equatable, Sendable {
    /// No press down (or its gesture already handled).
    case up
    /// Down, with the orientation latched at the press edge, waiting for release or hold.
    case pending(Latch)
    /// Down, but already used (it stopped a clip); its release or hold does nothing.
    case consumed
}
