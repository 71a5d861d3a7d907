import UprightCore
import UprightHost

/// `upright replay` without the I/O: trace rows through the firmware engine (`FirmwareEngine`:
/// the sampler and its supervision, the ring, the detector, the gesture recogniser, the
/// machine) with a `FedSensor` in place of a chip and an `InstantCamera`, collecting the event
/// stream (docs/events.md) as `run --json` and `sim --json` write it. Pure, so the CLI decides
/// how to buffer and tests compare exact lines.
///
/// Times are the trace's own: the engine starts at the first row's `t` (so the idle timer
/// counts from the first sample, not from zero), and every line's `t` is the trace's clock.
/// Samples are taken as they are, in the device frame (the trace format's contract): no mount
/// matrix is applied here. A gap in the rows longer than the failure timeout is a sensor
/// fault, as the same gap on a board would be.
///
/// The rows are driven as the microcontroller harness drives them (`TraceDriver`, in
/// UprightCore): a replay has no stalls, whatever falls due between two rows is handled at its
/// own time.
public struct TraceReplay {
    public typealias Driver = TraceDriver<RecordWriter<EventCollector>>

    public let settings: FirmwareSettings
    public let initial: StateName
    /// Created at the first row; nil before.
    public private(set) var driver: Driver?

    /// `initial` is `previewing` by default (docs/events.md: replay starts there),
    /// or `idle`.
    public init(settings: FirmwareSettings = FirmwareSettings(), initial: StateName = .previewing) {
        self.settings = settings
        self.initial = initial
    }

    /// Feeds one row at its time (`TraceDriver.feed`).
    public mutating func feed(_ row: TraceRow) {
        if driver == nil {
            // A FedSensor's begin cannot fail. A replay journals nothing and writes no files.
            driver = try? Driver(
                sink: OutputStartup.none(naming: .noFiles).records(output: EventCollector()), settings: settings, initial: initial,
                start: row.time)
        }
        driver?.feed(row.sample, buttonDown: row.buttonPressed)
    }

    /// The trace has ended at its last row (`TraceDriver.finish`).
    public mutating func finish() {
        driver?.finish()
    }

    /// The event lines so far, in order.
    public var events: [TimedEvent] { driver?.sink.output.events ?? [] }
}
