import UprightCore

/// Shutter edges an edge source has read and the engine has not taken yet, oldest first: the
/// buffer behind the Linux edges (edges read from the GPIO line) and the simulated rig (edges
/// its world pressed). Fixed capacity, allocated once: an edge that finds it full is counted
/// as lost (the engine journals it), never stored past the bound.
public struct ShutterEdgeBuffer {
    /// The kernel's largest edge buffer for one line request (`GPIO_V2_LINES_MAX` * 16 events):
    /// whatever one wake-up can read fits.
    public static let defaultCapacity = 1024

    /// How many edges it holds.
    public let capacity: Int
    private var edges: [ShutterEdge]
    private var head = 0
    /// How many edges wait.
    public private(set) var count = 0
    private var lost: UInt32 = 0

    public init(capacity: Int = ShutterEdgeBuffer.defaultCapacity) {
        self.capacity = max(1, capacity)
        edges = [ShutterEdge](repeating: ShutterEdge(time: .zero, down: false), count: self.capacity)
    }

    /// Adds `edge` after the others; false (and counted as lost) when full.
    @discardableResult
    public mutating func append(_ edge: ShutterEdge) -> Bool {
        guard count < capacity else {
            lost &+= 1
            return false
        }
        edges[(head + count) % capacity] = edge
        count += 1
        return true
    }

    /// Counts `count` edges lost before they reached this buffer (the kernel's overflow).
    public mutating func countLost(_ count: UInt32) { lost &+= count }

    /// The oldest edge, removed; nil when none waits.
    public mutating func nextEdge() -> ShutterEdge? {
        guard count > 0 else { return nil }
        let edge = edges[head]
        head = (head + 1) % capacity
        count -= 1
        return edge
    }

    /// The edges lost since the last call.
    public mutating func takeEdgesLost() -> UInt32 {
        defer { lost = 0 }
        return lost
    }
}
