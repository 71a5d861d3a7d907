/// What happened to the items offered to a `SPSCRing`, as seen by its consumer.
///
/// Counts are machine words and wrap (after 2^32 items on a 32-bit core); compare differences.
/// Once the ring is drained, `pushed == popped + dropped`: nothing is lost without being counted.
public struct SPSCRingCounters: Hashable, Sendable {
    /// Items written into the ring.
    public var accepted: UInt
    /// Pushes refused: the ring was full (`rejectNewest`), or its oldest slot was being read
    /// at that moment (`overwriteOldest`).
    public var rejected: UInt
    /// Items written but discarded unread to make room for newer ones (`overwriteOldest`). The
    /// consumer learns of them on its next pop, so they are counted when it skips past them.
    public var overwritten: UInt
    /// Items handed to the consumer.
    public var popped: UInt

    /// Counters with the given totals (a snapshot, or a test's expectation).
    @inlinable
    public init(accepted: UInt, rejected: UInt, overwritten: UInt, popped: UInt) {
        self.accepted = accepted
        self.rejected = rejected
        self.overwritten = overwritten
        self.popped = popped
    }

    /// Every call to `push`, accepted or not.
    @inlinable
    public var pushed: UInt { accepted &+ rejected }

    /// Items that will never reach the consumer.
    @inlinable
    public var dropped: UInt { rejected &+ overwritten }
}
