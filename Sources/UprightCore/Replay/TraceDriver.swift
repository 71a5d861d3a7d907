/// Trace rows through the firmware engine, the one way a replay is driven: `upright replay`
/// (`TraceReplay`) and the microcontroller harness both feed their rows here, so what the chip
/// runs is what replay runs, record for record.
///
/// Each row at its time: whatever fell due since the last row (a debounce settling, a hold, a
/// timer) is handled at its own time, by a step there, as a loop that wakes for its deadlines
/// would; then the row's sample is read from the `FedSensor` (the engine reads its own sensor,
/// so a step knows no sample before the next row is missing) and a change of the button column
/// is a shutter edge; the row's step handles both, the sample first (a press latches the
/// orientation including it). The camera answers at once (`InstantCamera`).
public struct TraceDriver<Sink: RecordSink> {
    /// The engine the rows drive.
    public let engine: FirmwareEngine<FedSensor, InstantCamera, Sink>
    private var buttonDown = false
    private var lastTime: Instant

    /// The engine starts at the first row's time `start` (so the idle timer counts from the
    /// first sample), in `initial`.
    public init(sink: Sink, settings: FirmwareSettings, initial: StateName, start: Instant) throws(SensorError) {
        engine = try FirmwareEngine(
            sensor: FedSensor(), camera: InstantCamera(), records: sink, settings: settings, initial: initial, start: start)
        lastTime = start
    }

    /// One row: its sample, and the button column's level when the row has one (the level
    /// holds until the next row).
    public mutating func feed(_ sample: Sample, buttonDown level: Bool?) {
        // The engine reads its own sensor (it is never detached here).
        guard let sampler = engine.sampler else { return }
        engine.stepThroughDeadlines(before: sample.time)
        _ = sampler.sensor.feed(sample)
        sampler.read(at: sample.time)
        if let level, level != buttonDown {
            buttonDown = level
            engine.shutterEdge(ShutterEdge(time: sample.time, down: level))
        }
        engine.step(now: sample.time)
        lastTime = sample.time
    }

    /// The trace has ended at its last row: the camera shuts down there, so a clip still
    /// recording gets its `record-stop` (reason `shutdown`) and a press still waiting for its
    /// release or hold its `shutter-rejected`. Nothing past the last row is simulated.
    public mutating func finish() {
        engine.requestShutdown(at: lastTime)
    }

    /// Where the engine's records went.
    public var sink: Sink { engine.runtime.sink }
}
