import UprightCore
import UprightHost

/// The simulated board that `Simulation` (a finite scenario, keeping its events) and `Soak`
/// (hours of streamed load, checked as it goes) both step: the edges (the clock, the I2C bus
/// with a register-level chip) and the real pipeline (the driver, the sample ring, the runtime
/// with its detector, gesture recogniser and machine).
///
/// The drivers own the inputs (button edges, faults) and the order of a step; the board owns
/// the sampling context's reads, with their sensor-failure and stall-restart handling
/// (`readSensor(at:)`), the event loop's drain of the ring into the runtime (`drainRing()`),
/// and the chip-level fault hooks. Records go to the runtime's sink.
///
/// A class, not a struct: it holds both ends of the ring, which cannot be copied, and a
/// noncopyable struct holding them crashed in its initialiser (Swift 6.3). The state touched on
/// every step is `@exclusivity(unchecked)`: the simulation is single-threaded and these
/// accesses never overlap, and the checks cost a call each per sample.
public final class SimulatedBoard<C: Camera, S: HostRecordSink> {
    public let clock: SimClock
    public let bus: SimBus
    /// The chip's bus address.
    public let address: UInt8
    @exclusivity(unchecked) public var sensor: AnySensor<SimBus>
    @exclusivity(unchecked) public var runtime: CameraRuntime<C, S>
    /// Time between reads of the chip.
    public let readInterval: TimeSpan
    /// No sample for this long (reads failing, or succeeding with nothing) and the runtime is
    /// told the sensor failed.
    public let failureTimeout: TimeSpan
    /// No sample for this long restarts the driver's initialisation, at most once per this span.
    public let stallTimeout: TimeSpan
    /// When the sampling context reads the chip next.
    @exclusivity(unchecked) public private(set) var nextRead = Instant.zero

    /// Both ends of the ring, kept together: the sampling context pushes, the event loop pops.
    @exclusivity(unchecked) private var ring: SampleRing<Sample>.Endpoints
    @exclusivity(unchecked) private var batch: [Sample] = []
    @exclusivity(unchecked) private var sensorFaulty = false
    /// A problem the driver noticed and is recovering from (`sensor-reset`, `stuck-data`).
    @exclusivity(unchecked) private var driverTrouble: String?
    /// The last delivery, or the last restart of a stalled sensor.
    @exclusivity(unchecked) private var lastProgress = Instant.zero
    @exclusivity(unchecked) private var lastDelivery = Instant.zero

    /// Builds the board: `chipMotion` is the motion in the chip's frame, `imperfections` nil
    /// gives the chip its typical noise. `readInterval` nil picks one from the read mode
    /// (`Simulation.readInterval`), `failureTimeout` nil uses the detector's `maximumGap`.
    public init(board: Board, chipMotion: any MotionSource, chipSeed: UInt64, imperfections: SensorImperfections? = nil,
                parameters: DetectorParameters, camera: C, sink: S,
                readInterval: TimeSpan? = nil, failureTimeout: TimeSpan? = nil, stallTimeout: TimeSpan = .milliseconds(500)) {
        ring = SampleRing<Sample>.make(minimumCapacity: Simulation.ringCapacity, overrun: .overwriteOldest)
        clock = SimClock()
        bus = SimBus(clock: clock)
        address = board.sensor.simulatedAddress
        let mount = board.sensor.mountMatrix
        switch board.sensor.simulatedChip {
        case .mpu6050:
            let chipImperfections = imperfections ?? .mpu6050Typical
            bus.attach(SimMPU6050(motion: chipMotion, seed: chipSeed, imperfections: chipImperfections), at: address)
            var configuration = board.sensor.mpu6050Configuration()
            // Noise-free data repeats exactly and would look stuck.
            if chipImperfections.accelerationNoiseG == 0 { configuration.stuckSampleLimit = 0 }
            sensor = .mpu6050(MPU6050(bus: bus, address: address, configuration: configuration, mount: mount))
        case .adxl345:
            let chipImperfections = imperfections ?? .adxl345Typical
            bus.attach(SimADXL345(motion: chipMotion, seed: chipSeed, imperfections: chipImperfections), at: address)
            var configuration = board.sensor.adxl345Configuration()
            if chipImperfections.accelerationNoiseG == 0 { configuration.stuckSampleLimit = 0 }
            sensor = .adxl345(ADXL345(bus: bus, address: address, configuration: configuration, mount: mount))
        }
        self.readInterval = readInterval ?? Simulation.readInterval(mode: board.sensor.readMode, samplePeriod: sensor.samplePeriod)
        self.failureTimeout = failureTimeout ?? parameters.maximumGap
        self.stallTimeout = stallTimeout
        runtime = CameraRuntime(
            camera: camera, sink: sink,
            configuration: Simulation.machineConfiguration(board.machine),
            gesture: Simulation.gestureConfiguration(board.shutter),
            detector: OrientationDetector(parameters: parameters),
            initial: .idle, start: .zero)
        batch.reserveCapacity(Simulation.ringCapacity)
    }

    // MARK: Chip-level faults

    /// The chip loses power for an instant and comes back with its registers at reset values.
    public func powerCycleChip(now: Instant) { bus.device(at: address)?.powerCycle(now: now) }

    /// The chip stops answering on the bus until `until`.
    public func unplugChip(until: Instant) { bus.unplug(address: address, until: until) }

    /// The chip's data registers stop changing until `until`.
    public func freezeChipData(now: Instant, until: Instant) { bus.device(at: address)?.freezeData(now: now, until: until) }

    // MARK: Stepping

    /// Samples the ring overwrote so far.
    public var ringDropped: Int { Int(ring.consumer.counters.dropped) }

    /// A read is due: the sampling context was paused past it; the next one is an interval on.
    public func skipRead(at now: Instant) {
        nextRead = now + readInterval
    }

    /// The sampling context: drains the chip into the ring, reports driver trouble and its
    /// end, tells the runtime when the sensor fails (no sample for `failureTimeout`) and
    /// recovers, and restarts the driver when samples stall for `stallTimeout`.
    public func readSensor(at now: Instant) -> BoardReadOutcome {
        nextRead = now + readInterval
        var outcome = BoardReadOutcome()
        do throws(SensorError) {
            let report = try sensor.readSamples(now: now) { _ = ring.producer.push($0) }
            outcome.delivered = report.delivered
            outcome.lost = report.lost
            outcome.overflowed = report.overflowed
            if driverTrouble == nil, report.chipResetDetected || report.stuckDataDetected {
                let kind = report.stuckDataDetected ? "stuck-data" : "sensor-reset"
                let detail = report.stuckDataDetected ? "data registers frozen; resetting the chip" : "chip found reset, asleep or with a register not as configured; initialising it again"
                driverTrouble = kind
                runtime.sink.host(.fault(kind: kind, detail: detail), at: now)
            }
            if report.delivered > 0 {
                lastProgress = now
                lastDelivery = now
                if let kind = driverTrouble {
                    driverTrouble = nil
                    runtime.sink.host(.recovered(kind: kind, detail: "samples flowing again"), at: now)
                }
                if sensorFaulty {
                    sensorFaulty = false
                    outcome.sensorRecovered = true
                    runtime.advance(to: now)
                    runtime.sensorRecovered()
                }
            }
        } catch {
            outcome.failed = true
        }
        if !sensorFaulty && now - lastDelivery >= failureTimeout {
            sensorFaulty = true
            outcome.sensorFailed = true
            runtime.advance(to: now)
            runtime.sensorFailed()
        }
        if now - lastProgress >= stallTimeout {
            lastProgress = now
            outcome.restarted = true
            try? sensor.begin(now: now)
        }
        return outcome
    }

    /// The event loop's side: what it does when the ring has data. Returns the newest sample's
    /// time, nil when the ring was empty.
    public func drainRing() -> Instant? {
        batch.removeAll(keepingCapacity: true)
        guard ring.consumer.popBatch(into: &batch, max: Simulation.ringCapacity) > 0 else { return nil }
        // One sample at a time: the generic batch `ingest` was left unspecialised here (a
        // protocol-witness iterator call per sample).
        for sample in batch { runtime.ingest(sample) }
        return batch.last?.time
    }
}
