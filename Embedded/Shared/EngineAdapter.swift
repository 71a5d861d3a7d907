import UprightCore

// The one file of the harness that knows how the firmware is driven (docs/mcu.md, "The
// adapter"). Everything else (flash inputs, bus playback, record lines, figures, the host
// tool and the comparison) is independent of it. Both paths drive the firmware engine
// (`FirmwareEngine`, Sources/UprightCore/Firmware) with the harness's camera and sink:
// - `TraceEngine`: `upright replay`'s own driver (`TraceDriver`, Sources/UprightCore/Replay):
//   a `FedSensor` the engine reads, read at each row's time, the button column's changes as
//   shutter edges, a step at every deadline between rows and at each row, a shutdown at the
//   last row;
// - `BusEngine`: the chip's driver on a bus (the recording's playback on a chip, the simulated
//   chip behind a recorder on the host), the engine reading it inline in `step` on its own
//   schedule with its supervision, fed the recorded steps, shutter edges and the final shutdown.

/// The engine's settings on the chips and in the host runs they are compared with: the
/// defaults (a board file without optional sections; `upright replay` without `--board`), with
/// a ring of 16 samples instead of a Pi's 1024 and a sensor-event ring of 8 events instead of
/// 32 (a Cortex-M0 has 16 KB of RAM). With the reads inline in `step` the ring holds what one
/// read delivers before the same step drains it: two samples every 20 ms at 100 Hz; a read
/// after a backed-off retry or an outage can bring more, and the oldest are overwritten
/// (counted), in the host's reference run alike; a read publishes two sensor events at most,
/// and the same step takes them. A replay reads one row at a time, so it gives the same
/// records with any capacity.
public enum EngineAdapter {
    public static let ringCapacity = 16
    public static let eventRingCapacity = 8

    public static var settings: FirmwareSettings {
        FirmwareSettings(ringCapacity: ringCapacity, eventRingCapacity: eventRingCapacity)
    }
}

/// Trace rows through the engine, as `upright replay` runs them (`TraceDriver`), starting at
/// the first row's time in `previewing` (replay's default), with the chips' settings.
public typealias TraceEngine<Sink: RecordSink> = TraceDriver<Sink>

extension TraceDriver {
    /// The harness's trace engine: the chips' settings, in `previewing`.
    public init(sink: Sink, start: Instant) throws(SensorError) {
        try self.init(sink: sink, settings: EngineAdapter.settings, initial: .previewing, start: start)
    }
}

/// The engine on a chip's driver over `Bus`, booted in `idle`.
public struct BusEngine<Bus: I2CBus, Sink: RecordSink> {
    /// Tries at boot before giving up: a chip whose first transfer fails (a glitch on the
    /// bus) is asked again, as firmware retries its set-up.
    public static var bootAttempts: Int { 8 }

    public let engine: FirmwareEngine<AnySensor<Bus>, InstantCamera, Sink>

    /// Throws the last attempt's error when the chip never answered.
    public init(bus: Bus, chip: BusChip, sink: Sink, start: Instant) throws(SensorError) {
        var attempt = 1
        while true {
            do throws(SensorError) {
                engine = try FirmwareEngine(
                    sensor: chip.sensor(on: bus), camera: InstantCamera(), records: sink,
                    settings: EngineAdapter.settings, initial: .idle, start: start)
                return
            } catch {
                guard attempt < BusEngine.bootAttempts else { throw error }
                attempt += 1
            }
        }
    }

    public func perform(_ call: BusCall) {
        switch call {
        case .step(let time): engine.step(now: time)
        case .edge(let down, let time): engine.shutterEdge(ShutterEdge(time: time, down: down))
        case .finish(let time): engine.requestShutdown(at: time)
        }
    }

    /// When the engine must step next if no edge comes first.
    public var nextDeadline: Instant? { engine.nextDeadline }

    public var samples: Int { engine.samplesHandled }
}
