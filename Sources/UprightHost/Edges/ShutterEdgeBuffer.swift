import UprightCore

/// Shutter edges an edge has seen and the engine has not taken yet, oldest first: the
/// `ShutterEdgeSource` half of the Linux edges (edges read from the GPIO line) and of the
/// simulated rig (edges its world pressed).
public struct ShutterEdgeBuffer: ShutterEdgeSource {
    private var edges: [ShutterEdge] = []
    private var next = 0

    public init() {}

    public var isEmpty: Bool { next == edges.count }

    public mutating func append(_ edge: ShutterEdge) { edges.append(edge) }

    public mutating func nextEdge() -> ShutterEdge? {
        guard next < edges.count else {
            // All taken: start over rather than grow.
            edges.removeAll(keepingCapacity: true)
            next = 0
            return nil
        }
        next += 1
        return edges[next - 1]
    }
}
