/// A camera backend: the camera session over the board's programs or the simulated ones, the
/// live view's, a test fake. Orders go in; completions are polled, so a backend may finish an
/// order at once, later in virtual time, or when a child process exits. The runtime is the
/// only caller, on its one thread: nothing here needs to be thread-safe.
///
/// Two clocks meet here. The runtime judges inputs at the time they happened (its `now`),
/// which after a stall of the firmware is behind the real clock; an order decided at such a
/// time reaches the camera only when the engine really runs, so `perform` is given the real
/// clock, and a bound on a camera program (a photo's time limit, a stop, a kill) counts from
/// then. A completion says when it happened on the same clock, and the runtime takes it when
/// its own time has come that far.
public protocol Camera {
    /// Starts carrying out `order`, which reaches the camera at `now` (the real clock: never
    /// earlier than the input that decided it). Never blocks for long: slow work is reported
    /// later through `nextCompletion`. Failures are completions too (`captureFailed`).
    mutating func perform(_ order: CameraOrder, at now: Instant)

    /// The oldest finished order that happened by `time` (the runtime's time), with when it
    /// happened; nil when none has. `now` is the real clock, for a backend that polls its
    /// programs. The runtime calls this until nil after every event and whenever time advances.
    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport?

    /// When the next completion will have happened, if the backend knows (one already waiting,
    /// or a simulated latency), so the runtime can step straight to it; nil when unknown or
    /// nothing is in flight.
    var nextDeadline: Instant? { get }

    /// True while a camera program runs or an order waits for one: a shutdown waits until it
    /// is false (or its bound passes).
    var isBusy: Bool { get }

    /// How long a shutdown may wait for the camera's programs to end (`FirmwarePhase`).
    var longestShutdown: TimeSpan { get }

    /// True while a photo or clip is being finished (its file written on the card): a shutdown
    /// waits for it past `longestShutdown` (`FirmwarePhase`).
    var isFinishingFiles: Bool { get }

    /// A bound one of the backend's own workers reached since the last call (its files'
    /// queue full), for the runtime to record as the engine's other bounds are; nil when none.
    mutating func takeBoundReached() -> PortBound?
}

extension Camera {
    /// Unknown: a backend that does not say when it will finish.
    public var nextDeadline: Instant? { nil }

    /// Never: a backend with nothing of its own to end (an instant camera, a fake).
    public var isBusy: Bool { false }

    /// Nothing to wait for.
    public var longestShutdown: TimeSpan { .zero }

    /// Never: a backend that writes no files of its own.
    public var isFinishingFiles: Bool { false }

    /// None: a backend without workers of its own.
    public mutating func takeBoundReached() -> PortBound? { nil }
}
