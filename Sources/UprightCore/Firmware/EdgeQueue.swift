/// The shutter edges waiting for the engine's next step, oldest first: a fixed-capacity value,
/// so queueing an edge never allocates. The engine merges them with the samples by time.
///
/// Each edge is kept as its time, and its direction as one bit of `downs` (half the bytes of
/// 16 `ShutterEdge`s, whose `Bool` pads to 8 bytes). `first` and `last` are mutating reads:
/// reading an `InlineArray` needs its address, so a non-mutating read copies the whole
/// queue to the stack first.
public struct EdgeQueue: Sendable {
    public static let capacity = 16

    private var times = InlineArray<16, Instant>(repeating: .zero)
    /// Bit `i`: the edge in slot `i` is a press.
    private var downs: UInt16 = 0
    private var head = 0
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { count == EdgeQueue.capacity }

    /// The oldest edge, not removed.
    public var first: ShutterEdge? {
        mutating get { count > 0 ? edge(at: head) : nil }
    }

    /// The newest edge.
    public var last: ShutterEdge? {
        mutating get { count > 0 ? edge(at: (head + count - 1) % EdgeQueue.capacity) : nil }
    }

    /// False when full (the edge is not stored).
    public mutating func append(_ edge: ShutterEdge) -> Bool {
        guard count < EdgeQueue.capacity else { return false }
        let slot = (head + count) % EdgeQueue.capacity
        times[slot] = edge.time
        let bit: UInt16 = 1 << UInt16(slot)
        downs = edge.down ? downs | bit : downs & ~bit
        count += 1
        return true
    }

    public mutating func removeFirst() -> ShutterEdge? {
        guard count > 0 else { return nil }
        let edge = edge(at: head)
        head = (head + 1) % EdgeQueue.capacity
        count -= 1
        return edge
    }

    private mutating func edge(at slot: Int) -> ShutterEdge {
        ShutterEdge(time: times[slot], down: downs & (1 << UInt16(slot)) != 0)
    }
}
