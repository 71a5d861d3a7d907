/// The shutter edges waiting for the engine's next step, oldest first: a fixed-capacity value,
/// so queueing an edge never allocates. The engine merges them with the samples by time.
public struct EdgeQueue: Sendable {
    /// The most edges waiting; `append` refuses one more.
    public static let capacity = 16

    private var slots = InlineArray<16, ShutterEdge>(repeating: ShutterEdge(time: .zero, down: false))
    private var head = 0
    /// How many edges are waiting.
    public private(set) var count = 0

    /// An empty queue.
    public init() {}

    /// True when no edge is waiting.
    public var isEmpty: Bool { count == 0 }
    /// True when the queue holds `capacity` edges and refuses the next.
    public var isFull: Bool { count == EdgeQueue.capacity }

    /// The oldest edge, not removed.
    public var first: ShutterEdge? { count > 0 ? slots[head] : nil }
    /// The newest edge.
    public var last: ShutterEdge? { count > 0 ? slots[(head + count - 1) % EdgeQueue.capacity] : nil }

    /// False when full (the edge is not stored).
    public mutating func append(_ edge: ShutterEdge) -> Bool {
        guard count < EdgeQueue.capacity else { return false }
        slots[(head + count) % EdgeQueue.capacity] = edge
        count += 1
        return true
    }

    /// Removes and returns the oldest edge; nil when the queue is empty.
    public mutating func removeFirst() -> ShutterEdge? {
        guard count > 0 else { return nil }
        let edge = slots[head]
        head = (head + 1) % EdgeQueue.capacity
        count -= 1
        return edge
    }
}
