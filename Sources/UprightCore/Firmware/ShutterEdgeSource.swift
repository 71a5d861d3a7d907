/// The shutter edge: where raw edges come from (a GPIO line's edge events, a scripted button,
/// a GPIO interrupt). The engine's `pass` takes the waiting edges before each step.
///
/// The source makes one promise the engine builds on: `edgesKnownThrough`. Every edge that
/// happened up to that time is in the source (taken already, or waiting), so the engine may
/// judge everything up to it; it never judges past it, and never past an edge it has not
/// taken. That is what lets a press be judged at its own time however late it is read.
public protocol ShutterEdgeSource {
    /// The oldest edge that has happened and not been taken; nil when none is waiting.
    mutating func nextEdge() -> ShutterEdge?

    /// Every edge that happened up to this time is in the source (see above).
    var edgesKnownThrough: Instant { get }

    /// Edges the source dropped since the last call (its buffer, or the kernel's, was full):
    /// the engine journals them (a `bound` `shutterEdges` record). Never silence.
    mutating func takeEdgesLost() -> UInt32
}
