import UprightCore
import UprightHost

/// `upright replay` without the I/O: trace rows through the firmware's own runtime
/// (`CameraRuntime`: orientation detector, shutter gesture recogniser, camera machine) with a
/// `ReplayCamera`, collecting the event stream (docs/events.md) as `run --json` and
/// `sim --json` write it. Pure, so the CLI decides how to buffer and tests compare exact lines.
///
/// Times are the trace's own: the runtime starts at the first row's `t` (so the idle timer
/// counts from the first sample, not from zero), and every line's `t` is the trace's clock.
/// Samples are taken as they are, in the device frame (the trace format's contract): no mount
/// matrix is applied here.
public struct TraceReplay {
    public typealias Runtime = CameraRuntime<ReplayCamera, EventLog>

    public let settings: RuntimeSettings
    public let initial: StateName
    /// Created at the first row; nil before.
    public private(set) var runtime: Runtime?
    private var buttonDown = false

    /// `initial` is `previewing` by default (docs/events.md: replay starts there), or `idle`.
    public init(settings: RuntimeSettings = RuntimeSettings(), initial: StateName = .previewing) {
        self.settings = settings
        self.initial = initial
    }

    /// Feeds one row: a change in the button column is an edge at the row's time (the level
    /// holds until the next row), then the sample goes to the detector.
    public mutating func feed(_ row: TraceRow) {
        if runtime == nil {
            runtime = Runtime(
                camera: ReplayCamera(), sink: EventLog(),
                configuration: settings.machine, gesture: settings.gesture,
                detector: OrientationDetector(parameters: settings.detector),
                initial: initial, start: row.time)
        }
        // The row's sample was measured at the same instant the button column reports; the
        // detector sees it first, so a press latches the orientation including that sample.
        runtime?.ingest(CollectionOfOne(row.sample))
        if let level = row.buttonPressed, level != buttonDown {
            buttonDown = level
            runtime?.buttonEdge(down: level, at: row.time)
        }
    }

    /// The trace has ended at its last row: the camera shuts down there, so a clip still
    /// recording gets its `record-stop` (reason `shutdown`) and a press still waiting for its
    /// release or hold its `shutter-rejected`. Nothing past the last row is simulated.
    public mutating func finish() {
        runtime?.requestShutdown()
    }

    /// The event lines so far, in order.
    public var events: [TimedEvent] { runtime?.sink.events ?? [] }
}
