import UprightCore
import UprightHost

/// `upright replay` without the I/O: trace rows through the firmware engine (`FirmwareEngine`:
/// the sampler and its supervision, the ring, the detector, the gesture recogniser, the
/// machine) with a `FedSensor` in place of a chip and a `ReplayCamera`, collecting the event
/// stream (docs/events.md) as `run --json` and `sim --json` write it. Pure, so the CLI decides
/// how to buffer and tests compare exact lines.
///
/// Times are the trace's own: the engine starts at the first row's `t` (so the idle timer
/// counts from the first sample, not from zero), and every line's `t` is the trace's clock.
/// Samples are taken as they are, in the device frame (the trace format's contract): no mount
/// matrix is applied here. A gap in the rows longer than the failure timeout is a sensor
/// fault, as the same gap on a board would be.
///
/// A replay has no stalls: whatever falls due between two rows (a debounce settling, a hold,
/// a timer) is handled at its own time, by a step there, as a loop that wakes for its
/// deadlines would; the sensor is read by the engine itself, so such a step knows that no
/// sample before the next row is missing.
public struct TraceReplay {
    public typealias Engine = FirmwareEngine<FedSensor, ReplayCamera, RecordWriter<EventCollector>>

    public let settings: FirmwareSettings
    public let initial: StateName
    /// Created at the first row; nil before.
    public private(set) var engine: Engine?
    private var buttonDown = false
    private var lastTime = Instant.zero

    /// `initial` is `previewing` by default (docs/events.md: replay starts there),
    /// or `idle`.
    public init(settings: FirmwareSettings = FirmwareSettings(), initial: StateName = .previewing) {
        self.settings = settings
        self.initial = initial
    }

    /// Feeds one row at its time: its sample is read from the sensor, a change in the button
    /// column is an edge (the level holds until the next row); the engine handles both in
    /// time order, the sample first (a press latches the orientation including it).
    public mutating func feed(_ row: TraceRow) {
        if engine == nil {
            // A FedSensor's begin cannot fail.
            engine = try? Engine(
                sensor: FedSensor(), camera: ReplayCamera(), records: RecordWriter(journal: nil, output: EventCollector()),
                settings: settings, initial: initial, start: row.time)
        }
        guard let engine, let sampler = engine.sampler else { return }
        engine.stepThroughDeadlines(before: row.time)
        _ = sampler.sensor.feed(row.sample)
        sampler.read(at: row.time)
        if let level = row.buttonPressed, level != buttonDown {
            buttonDown = level
            engine.shutterEdge(ShutterEdge(time: row.time, down: level))
        }
        engine.step(now: row.time)
        lastTime = row.time
    }

    /// The trace has ended at its last row: the camera shuts down there, so a clip still
    /// recording gets its `record-stop` (reason `shutdown`) and a press still waiting for its
    /// release or hold its `shutter-rejected`. Nothing past the last row is simulated.
    public mutating func finish() {
        engine?.requestShutdown(at: lastTime)
    }

    /// The event lines so far, in order.
    public var events: [TimedEvent] { engine?.runtime.sink.output.events ?? [] }
}
