/// Where the current shutter press stands, as the machine sees it. A byte: the pending
/// press's latch is its touch's, `MachineState.touchLatch`, kept in one place from the touch
/// until the release or hold uses it.
public enum PressPhase: UInt8, Sendable {
    /// No press down (or its gesture already handled).
    case up
    /// Down and confirmed, waiting for its release or hold, with its latch in `touchLatch`
    /// (before the detector's first decision, waiting for it).
    case pending
    /// Down, but already used (it stopped a clip); its release or hold does nothing.
    case consumed
}
