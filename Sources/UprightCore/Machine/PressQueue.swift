/// The presses that arrived while a photo was in flight, oldest first, each with its latch.
///
/// Fixed capacity, so the machine's state is a small value with no heap.
public struct PressQueue: Equatable, Sendable {
    /// The most presses any configuration can queue.
    public static let capacity = 4

    private var latches = InlineArray<4, Latch>(repeating: Latch(orientation: nil, stale: false))
    private var head: UInt8 = 0
    /// How many presses are waiting.
    public private(set) var count: UInt8 = 0

    /// An empty queue.
    public init() {}

    /// True when no press is waiting.
    public var isEmpty: Bool { count == 0 }

    /// Appends `latch`; false (and unchanged) when `limit` presses are queued. A `limit` above
    /// `capacity` is a caller's bug (`MachineConfiguration` clamps its depth): debug builds
    /// trap, others queue at most `capacity`.
    public mutating func append(_ latch: Latch, limit: Int) -> Bool {
        assert(limit <= PressQueue.capacity, "PressQueue: limit above the capacity")
        guard Int(count) < min(limit, PressQueue.capacity) else { return false }
        latches[(Int(head) + Int(count)) % PressQueue.capacity] = latch
        count += 1
        return true
    }

    /// Removes and returns the oldest latch.
    public mutating func removeFirst() -> Latch? {
        guard count > 0 else { return nil }
        let latch = latches[Int(head)]
        head = UInt8((Int(head) + 1) % PressQueue.capacity)
        count -= 1
        return latch
    }

    /// Gives the latches taken before the detector's first decision that decision
    /// (`Latch.decide(_:)`); a free slot's latch is never read, so every slot is given it.
    mutating func decide(_ upright: UprightOrientation) {
        for index in 0..<PressQueue.capacity { latches[index].decide(upright) }
    }

    /// Queues compare by their presses, not by the slots they occupy.
    public static func == (lhs: PressQueue, rhs: PressQueue) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<Int(lhs.count) where lhs.latches[(Int(lhs.head) + index) % capacity] != rhs.latches[(Int(rhs.head) + index) % capacity] {
            return false
        }
        return true
    }
}
