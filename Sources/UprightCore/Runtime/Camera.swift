/// A camera backend: the simulated camera (writes JPEGs), the command camera (rpicam-still /
/// rpicam-vid), a test fake. Orders go in; completions are polled, so a backend may finish an
/// order at once, later in virtual time, or when a child process exits. The runtime is the
/// only caller, on its one thread: nothing here needs to be thread-safe.
public protocol Camera {
    /// Starts carrying out `order` at `now`. Never blocks for long: slow work is reported
    /// later through `nextCompletion`. Failures are completions too (`captureFailed`).
    mutating func perform(_ order: CameraOrder, at now: Instant)

    /// The next finished order by `now`, oldest first; nil when none is ready. The runtime
    /// calls this until nil after every event and whenever time advances.
    mutating func nextCompletion(now: Instant) -> CameraCompletion?

    /// When the next completion will be ready, if the backend knows (a simulated latency), so a
    /// virtual clock can step straight to it; nil when unknown or nothing is in flight.
    var nextDeadline: Instant? { get }
}

extension Camera {
    /// Unknown: a backend that does not say when it will finish.
    public var nextDeadline: Instant? { nil }
}
