#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright sim`'s engine: the real firmware pipeline on a simulated board. Only the edges
/// are simulated (the clock, the I2C bus with a register-level chip, the button's contacts,
/// the camera); the driver, the sample ring, the detector, the gesture recogniser, the
/// machine and the runtime are the ones a board runs.
///
/// ```
///  ScenarioMotion -> ChipFrameMotion -> SimMPU6050 / SimADXL345 on SimBus (+ FaultInjector)
///      -> AnySensor driver --samples--> SampleRing --popBatch--> CameraRuntime -> camera, sink
///  ButtonScript edges (seeded bounce) ------------------------------^
/// ```
///
/// Virtual time jumps from one interesting instant to the next (the next FIFO drain or burst
/// read, button edge, runtime deadline, scheduled fault, the end), never sample by sample:
/// the chip models compute the samples due since their last transfer when they are read.
/// Everything random comes from `seed`, split per component (`RandomStreams`).
public struct Simulation {
    public var scenario: Scenario
    public var board: Board
    public var seed: UInt64
    /// Where the journal goes (`journal.ndjson`); nil writes none.
    public var outputDirectory: String?
    /// Time between reads of the chip; nil picks one from the read mode (see `readInterval`).
    public var readIntervalOverride: TimeSpan?
    /// No sample for this long (reads failing, or succeeding with nothing) and the runtime is
    /// told the sensor failed; nil uses the detector's `maximumGap`, the gap after which it
    /// starts its filter over anyway. Shorter gaps cost nothing: the chip's FIFO keeps the
    /// samples for the next good read, so a glitch must not make latches stale.
    public var failureTimeout: TimeSpan?
    /// No sample for this long (reads failing or returning nothing) counts as a failed sensor
    /// and restarts the driver's initialisation, at most once per this span: a chip can be
    /// left configured wrong by a write lost in the middle of a FIFO reset, and only starting
    /// over repairs that.
    public var stallTimeout = TimeSpan.milliseconds(500)
    /// The plot's title; nil uses the scenario's description.
    public var title: String?

    public static let journalName = "journal.ndjson"
    /// The ring between the sampling step and the runtime (samples).
    public static let ringCapacity = 1024

    public init(scenario: Scenario, board: Board, seed: UInt64, outputDirectory: String? = nil) {
        self.scenario = scenario
        self.board = board
        self.seed = seed
        self.outputDirectory = outputDirectory
    }

    /// FIFO mode reads every 20 ms (or every 16 samples, well inside the ADXL345's 32-entry
    /// FIFO, when that is sooner), burst mode once per sample.
    public static func readInterval(mode: Board.ReadMode, samplePeriod: TimeSpan) -> TimeSpan {
        guard mode == .fifo else { return max(samplePeriod, .microseconds(100)) }
        return max(samplePeriod, min(.milliseconds(20), samplePeriod * 16))
    }

    /// The machine's settings from the board file.
    public static func machineConfiguration(_ settings: Board.MachineSettings) -> MachineConfiguration {
        MachineConfiguration(
            idleTimeout: TimeSpan(seconds: settings.idleTimeoutSeconds),
            captureTimeout: TimeSpan(seconds: settings.captureTimeoutSeconds),
            maxClipLength: TimeSpan(seconds: settings.maximumClipSeconds),
            queueDepth: settings.pressQueueDepth)
    }

    public static func gestureConfiguration(_ settings: Board.ShutterSettings) -> ShutterGesture.Configuration {
        ShutterGesture.Configuration(debounce: .milliseconds(Int64(settings.debounceMilliseconds)), holdTime: .milliseconds(Int64(settings.holdMilliseconds)))
    }

    /// Runs the scenario. `makeCamera` gets the scenario's true motion (a photo writer renders
    /// the true pose from it) and returns the camera the runtime drives; `fileName` names the
    /// file that camera writes for a record (`SimCamera.fileName(for:photos:)`), for the
    /// event stream's `file` fields.
    public func run<C: Camera>(
        hooks: SimulationHooks = SimulationHooks(),
        fileName: @escaping (MachineRecord) -> String? = { _ in nil },
        makeCamera: (ScenarioMotion) -> C
    ) throws(SimulationError) -> SimulationResult<C> {
        var streams = RandomStreams(seed: seed)
        let motion = ScenarioMotion(scenario: scenario, generator: &streams.motion)
        let mount = board.sensor.mountMatrix
        guard let chipMotion = ChipFrameMotion(source: motion, mount: mount), let chipFromDevice = mount.inverse else {
            throw SimulationError(kind: .board, path: "sensor.mount_matrix", message: "has no inverse; no chip could be mounted that way")
        }
        let parameters: DetectorParameters
        do throws(DetectorSettings.SettingError) {
            parameters = try DetectorSettings.parameters(from: board.detector)
        } catch {
            throw SimulationError(kind: .board, path: error.path, message: error.message)
        }

        // The edges: clock, bus, chip.
        let clock = SimClock()
        let bus = SimBus(clock: clock)
        let chipKind = board.sensor.simulatedChip
        let address = board.sensor.simulatedAddress
        let errors = scenario.sensor
        let imperfections: SensorImperfections
        if errors == .none {
            imperfections = chipKind == .mpu6050 ? .mpu6050Typical : .adxl345Typical
        } else {
            // The scenario states bias in the device frame; the chip adds it in its own.
            imperfections = SensorImperfections(
                accelerationNoiseG: Float(errors.accelerationNoiseG), accelerationBiasG: chipFromDevice.apply(errors.accelerationBiasG),
                angularRateNoiseDPS: Float(errors.angularRateNoiseDPS), angularRateBiasDPS: chipFromDevice.apply(errors.angularRateBiasDPS))
        }
        let chipSeed = streams.sensor.next()
        var sensor: AnySensor<SimBus>
        switch chipKind {
        case .mpu6050:
            bus.attach(SimMPU6050(motion: chipMotion, seed: chipSeed, imperfections: imperfections), at: address)
            var configuration = board.sensor.mpu6050Configuration()
            // Noise-free data repeats exactly and would look stuck.
            if imperfections.accelerationNoiseG == 0 { configuration.stuckSampleLimit = 0 }
            sensor = .mpu6050(MPU6050(bus: bus, address: address, configuration: configuration, mount: mount))
        case .adxl345:
            bus.attach(SimADXL345(motion: chipMotion, seed: chipSeed, imperfections: imperfections), at: address)
            var configuration = board.sensor.adxl345Configuration()
            if imperfections.accelerationNoiseG == 0 { configuration.stuckSampleLimit = 0 }
            sensor = .adxl345(ADXL345(bus: bus, address: address, configuration: configuration, mount: mount))
        }
        let failAfter = failureTimeout ?? parameters.maximumGap
        let readInterval = readIntervalOverride ?? Simulation.readInterval(mode: board.sensor.readMode, samplePeriod: sensor.samplePeriod)

        // The journal, fresh for each run.
        var journal: Journal?
        var journalPath: String?
        if let directory = outputDirectory {
            let path = directory.hasSuffix("/") ? directory + Simulation.journalName : directory + "/" + Simulation.journalName
            _ = unlink(path)
            do throws(FileError) {
                journal = try Journal(path: path)
            } catch {
                throw SimulationError(kind: .output, path: path, message: error.message)
            }
            journalPath = path
        }

        // The real pipeline.
        let camera = makeCamera(motion)
        let sink = SimulationSink(fileName: fileName, journal: journal)
        var runtime = CameraRuntime(
            camera: camera, sink: sink,
            configuration: Simulation.machineConfiguration(board.machine),
            gesture: Simulation.gestureConfiguration(board.shutter),
            detector: OrientationDetector(parameters: parameters),
            initial: .idle, start: .zero)
        let ring = SampleRing<Sample>.make(minimumCapacity: Simulation.ringCapacity, overrun: .overwriteOldest)
        var producer = ring.producer
        var consumer = ring.consumer
        var batch: [Sample] = []
        batch.reserveCapacity(Simulation.ringCapacity)

        // The scripts: button edges, faults.
        let edges = scenario.button.edges(using: &streams.button)
        var nextEdge = 0
        let end = Instant.zero + TimeSpan(seconds: scenario.durationSeconds)
        var faults = FaultSchedule(scenario.faults, duration: end - .zero)
        var openWindows = [Bool](repeating: false, count: faults.windows.count)
        var retiredInjected = 0
        var chipFaults = 0

        var stats = SimulationStats()
        var sensorFaulty = false
        /// A problem the driver noticed and is recovering from (`sensor-reset`, `stuck-data`).
        var driverTrouble: String?
        var nextRead = Instant.zero
        /// The last delivery, or the last restart of a stalled sensor.
        var lastProgress = Instant.zero
        var lastDelivery = Instant.zero

        let stepLimit = Int(scenario.durationSeconds / readInterval.seconds) * 2 + edges.count * 8 + faults.steps.count * 2 + 100_000
        var now = Instant.zero
        while stats.steps < stepLimit {
            stats.steps += 1
            hooks.beforeStep?(now)
            clock.advance(to: now)

            while let action = faults.due(by: now) {
                switch action {
                case .openWindow(let index), .closeWindow(let index):
                    if case .openWindow = action { openWindows[index] = true } else { openWindows[index] = false }
                    retiredInjected += bus.faults?.injectedCount ?? 0
                    bus.faults = faults.plan(open: openWindows, seed: streams.faults.next()).map(FaultInjector.init(plan:))
                case .chip(let fault):
                    chipFaults += 1
                    switch fault {
                    case .powerGlitch: bus.device(at: address)?.powerCycle(now: now)
                    case .unplug(let outage): bus.unplug(address: address, until: now + outage)
                    case .stuckData(let length): bus.device(at: address)?.freezeData(now: now, until: now + length)
                    }
                }
            }

            if now >= nextRead {
                nextRead = now + readInterval
                stats.reads += 1
                do throws(SensorError) {
                    let report = try sensor.readSamples(now: now) { _ = producer.push($0) }
                    stats.samplesDelivered += report.delivered
                    stats.samplesLost += report.lost
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
                            stats.sensorRecoveries += 1
                            runtime.advance(to: now)
                            runtime.sensorRecovered()
                        }
                    }
                } catch {
                    stats.readErrors += 1
                }
                if !sensorFaulty && now - lastDelivery >= failAfter {
                    sensorFaulty = true
                    stats.sensorFaults += 1
                    runtime.advance(to: now)
                    runtime.sensorFailed()
                }
                if now - lastProgress >= stallTimeout {
                    lastProgress = now
                    stats.sensorRestarts += 1
                    try? sensor.begin(now: now)
                }
            }

            // The consumer side: what the event loop does when the ring has data.
            batch.removeAll(keepingCapacity: true)
            // One sample at a time: the generic batch `ingest` was left unspecialised here (a
            // protocol-witness iterator call per sample).
            if consumer.popBatch(into: &batch, max: Simulation.ringCapacity) > 0 {
                for sample in batch { runtime.ingest(sample) }
            }

            while nextEdge < edges.count, edges[nextEdge].time <= now {
                runtime.buttonEdge(down: edges[nextEdge].pressed, at: edges[nextEdge].time)
                nextEdge += 1
            }
            runtime.advance(to: now)
            hooks.progress?(now.seconds)
            if now >= end { break }

            var next = min(nextRead, end)
            if nextEdge < edges.count { next = min(next, edges[nextEdge].time) }
            if let deadline = runtime.nextDeadline { next = min(next, deadline) }
            if let fault = faults.nextTime { next = min(next, fault) }
            now = max(next, now + TimeSpan(nanoseconds: 1))
        }

        stats.ringDropped = Int(consumer.counters.dropped)
        stats.faultsInjected = retiredInjected + (bus.faults?.injectedCount ?? 0) + chipFaults
        stats.wire = bus.stats
        let events = runtime.sink.events
        let recording = RunRecording(scenario: scenario, motion: motion, events: events, title: title ?? (scenario.summary.isEmpty ? "upright sim" : scenario.summary))
        return SimulationResult(
            events: events, recording: recording, stats: stats, expectations: scenario.expectations.check(events),
            camera: runtime.camera, finalState: runtime.state.name, journalPath: journalPath, journalErrors: runtime.sink.journalErrors)
    }
}
