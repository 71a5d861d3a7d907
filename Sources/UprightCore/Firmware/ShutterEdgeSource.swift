/// The shutter edge: where raw edges come from (a GPIO line's edge events, a scripted button,
/// a GPIO interrupt). The engine's `run` takes every waiting edge before each step.
public protocol ShutterEdgeSource {
    /// The oldest edge that has happened and not been taken; nil when none is waiting.
    mutating func nextEdge() -> ShutterEdge?
}
