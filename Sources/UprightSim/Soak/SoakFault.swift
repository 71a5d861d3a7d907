import UprightCore

/// One fault the soak injects at `time`; it stops acting at `clears` (equal to `time` for a
/// reset), and from then the soak waits for the detector to recover.
public struct SoakFault: Equatable, Sendable {
    public var time: Instant
    public var kind: SoakFaultKind
    public var clears: Instant

    public init(time: Instant, kind: SoakFaultKind, clears: Instant) {
        self.time = time
        self.kind = kind
        self.clears = clears
    }
}
