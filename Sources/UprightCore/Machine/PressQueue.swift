/// The presses that arrived while a photo was in flight, oldest first, each with its latch.
///
/// Fixed capacity, packed into one integer (3 bits a press: 2 for the orientation, 1 for
/// stale), so the machine's state is a small value with no heap and compares cheaply.
public struct PressQueue: Equatable, Sendable {
    /// The most presses any configuration can queue.
    public static let capacity = 4

    private var bits: UInt16 = 0
    public private(set) var count: UInt8 = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    /// Appends `latch`; false (and unchanged) when `limit` presses are queued. A `limit` above
    /// `capacity` is a caller's bug (`MachineConfiguration` clamps its depth): debug builds
    /// trap, others queue at most `capacity`.
    public mutating func append(_ latch: Latch, limit: Int) -> Bool {
        assert(limit <= PressQueue.capacity, "PressQueue: limit above the capacity")
        guard Int(count) < min(limit, PressQueue.capacity) else { return false }
        let packed = UInt16(latch.orientation.rawValue) | (latch.stale ? 4 : 0)
        bits |= packed << (3 * UInt16(count))
        count += 1
        return true
    }

    /// Removes and returns the oldest latch.
    public mutating func removeFirst() -> Latch? {
        guard count > 0 else { return nil }
        let packed = bits & 7
        bits >>= 3
        count -= 1
        return Latch(orientation: UprightOrientation(rawValue: UInt8(packed & 3)) ?? .normal, stale: packed & 4 != 0)
    }
}
