/// A bound a port's worker reached (a queue full), as the port tells the runtime
/// (`Camera.takeBoundReached`): the runtime records it as a `bound`, at its own time.
public struct PortBound: Equatable, Sendable {
    /// Which queue (`cameraFiles`, `journalQueue`, or `loop` for a session's overflow).
    public var kind: BoundKind
    /// Work dropped because of it (0 when it was kept until there was room).
    public var lost: UInt32
    /// How long the work that found the queue full waited for room.
    public var waited: TimeSpan

    /// A bound of `kind`, `lost` work dropped, after `waited`.
    public init(_ kind: BoundKind, lost: UInt32 = 0, waited: TimeSpan) {
        self.kind = kind
        self.lost = lost
        self.waited = waited
    }
}
