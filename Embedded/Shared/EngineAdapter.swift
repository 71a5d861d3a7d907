import UprightCore

// The one file of the harness that knows how the firmware is driven (docs/mcu.md, "The
// adapter"). Everything else (flash inputs, bus playback, record lines, figures, the host
// tool and the comparison) is independent of it.
//
// Today it drives `CameraRuntime` itself:
// - `TraceEngine` exactly as `upright replay` does (Sources/UprightSim/Replay/TraceReplay.swift):
//   the runtime starts in `previewing` at the first row's time, each row's sample goes in,
//   then a change of the button column is an edge at the row's time; at the end a shutdown.
// - `BusEngine`: a driver on the bus, read at each step, pushing into a small SampleRing
//   whose consumer feeds the runtime, with the sampling side's supervision as the simulator's
//   board has it (SimulatedBoard.readSensor): no sample for the detector's maximum gap tells
//   the runtime the sensor failed (and the next delivery that it recovered); no sample for
//   500 ms starts the driver's initialisation again.
// When the firmware engine lands (Sources/UprightCore/Firmware), both become thin wrappers of
// it: the trace rows feed its sensor edge, the bus recording its I2C edge, and `step`,
// `shutterEdge` and `finish` are its own calls.

/// Trace rows through the runtime, as `upright replay` runs them.
public struct TraceEngine<Sink: RecordSink> {
    public private(set) var runtime: CameraRuntime<InstantCamera, Sink>
    private var buttonDown = false

    /// The runtime starts at the first row's time, in `previewing` (replay's default), with
    /// the default settings (those of a board file without optional sections).
    public init(sink: Sink, start: Instant) {
        runtime = CameraRuntime(camera: InstantCamera(), sink: sink, initial: .previewing, start: start)
    }

    /// One row: the sample first (it was measured at the instant the button column reports),
    /// then the button's edge if its level changed.
    public mutating func feed(_ sample: Sample, buttonDown level: Bool?) {
        runtime.ingest(sample)
        if let level, level != buttonDown {
            buttonDown = level
            runtime.buttonEdge(down: level, at: sample.time)
        }
    }

    /// The trace ended: the camera shuts down at the last row.
    public mutating func finish() {
        runtime.requestShutdown()
    }

    public var sink: Sink { runtime.sink }
}

/// A driver on `Bus`, a sample ring and the runtime: the firmware's sampling side and loop.
/// A class: it holds both ends of the ring, which cannot be copied.
public final class BusEngine<Bus: I2CBus, Sink: RecordSink> {
    /// Small on purpose: a Cortex-M0 has 16 KB of RAM. A step drains the ring after each read,
    /// so it only overflows when one read returns more (a FIFO after an outage); the oldest
    /// samples go, and the detector restarts its filter across the gap anyway.
    public static var ringCapacity: Int { 32 }
    /// No sample for this long restarts the driver's initialisation.
    public static var stallTimeout: TimeSpan { .milliseconds(500) }

    public private(set) var runtime: CameraRuntime<InstantCamera, Sink>
    public private(set) var sensor: AnySensor<Bus>
    /// Samples that reached the runtime.
    public private(set) var samples = 0
    /// No sample for this long and the runtime is told the sensor failed.
    public let failureTimeout: TimeSpan
    private var ring: SampleRing<Sample>.Endpoints
    private var sensorFaulty = false
    private var lastProgress: Instant
    private var lastDelivery: Instant

    /// Boots at `start`: the runtime in `idle`, the driver's initialisation begun.
    public init(bus: Bus, chip: BusChip, sink: Sink, start: Instant) {
        ring = SampleRing<Sample>.make(minimumCapacity: BusEngine.ringCapacity, overrun: .overwriteOldest)
        sensor = chip.sensor(on: bus)
        let detector = OrientationDetector()
        failureTimeout = detector.parameters.maximumGap
        runtime = CameraRuntime(camera: InstantCamera(), sink: sink, detector: detector, initial: .idle, start: start)
        lastProgress = start
        lastDelivery = start
        // A chip that does not answer yet is the stall restart's to retry.
        try? sensor.begin(now: start)
    }

    /// One turn of the firmware's loop at `now`.
    public func step(now: Instant) {
        readSensor(now: now)
        while let sample = ring.consumer.pop() {
            runtime.ingest(sample)
            samples += 1
        }
        runtime.advance(to: now)
    }

    public func shutterEdge(down: Bool, at time: Instant) {
        runtime.buttonEdge(down: down, at: time)
    }

    /// The recording ended at `time`: the camera shuts down.
    public func finish(at time: Instant) {
        runtime.advance(to: time)
        runtime.requestShutdown()
    }

    private func readSensor(now: Instant) {
        do throws(SensorError) {
            let report = try sensor.readSamples(now: now) { _ = ring.producer.push($0) }
            if report.delivered > 0 {
                lastProgress = now
                lastDelivery = now
                if sensorFaulty {
                    sensorFaulty = false
                    runtime.advance(to: now)
                    runtime.sensorRecovered()
                }
            }
        } catch {
            // A failed read: the timeouts below decide when it matters.
        }
        if !sensorFaulty && now - lastDelivery >= failureTimeout {
            sensorFaulty = true
            runtime.advance(to: now)
            runtime.sensorFailed()
        }
        if now - lastProgress >= BusEngine.stallTimeout {
            lastProgress = now
            try? sensor.begin(now: now)
        }
    }
}
