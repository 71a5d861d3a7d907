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

    /// The board file's detector settings, or the error naming the bad key.
    public static func detectorParameters(_ board: Board) throws(SimulationError) -> DetectorParameters {
        do throws(DetectorSettings.SettingError) {
            return try DetectorSettings.parameters(from: board.detector)
        } catch {
            throw SimulationError(kind: .board, path: error.path, message: error.message)
        }
    }

    /// `motion` seen from a chip mounted as the board file says, or the error if no chip could be.
    public static func chipMotion<M: MotionSource>(_ motion: M, board: Board) throws(SimulationError) -> ChipFrameMotion<M> {
        guard let chipMotion = ChipFrameMotion(source: motion, mount: board.sensor.mountMatrix) else {
            throw SimulationError(kind: .board, path: "sensor.mount_matrix", message: "has no inverse; no chip could be mounted that way")
        }
        return chipMotion
    }

    /// A new, empty journal named `name` in `directory` (any old one removed first), and its path.
    public static func freshJournal(directory: String, name: String) throws(SimulationError) -> (journal: Journal, path: String) {
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        _ = unlink(path)
        do throws(FileError) {
            return (try Journal(path: path), path)
        } catch {
            throw SimulationError(kind: .output, path: path, message: error.message)
        }
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
        let chipMotion = try Simulation.chipMotion(motion, board: board)
        guard let chipFromDevice = board.sensor.mountMatrix.inverse else {
            throw SimulationError(kind: .board, path: "sensor.mount_matrix", message: "has no inverse; no chip could be mounted that way")
        }
        let parameters = try Simulation.detectorParameters(board)

        let errors = scenario.sensor
        var imperfections: SensorImperfections?
        if errors != .none {
            // The scenario states bias in the device frame; the chip adds it in its own.
            imperfections = SensorImperfections(
                accelerationNoiseG: Float(errors.accelerationNoiseG), accelerationBiasG: chipFromDevice.apply(errors.accelerationBiasG),
                angularRateNoiseDPS: Float(errors.angularRateNoiseDPS), angularRateBiasDPS: chipFromDevice.apply(errors.angularRateBiasDPS))
        }
        let chipSeed = streams.sensor.next()

        // The journal, fresh for each run.
        var journal: Journal?
        var journalPath: String?
        if let directory = outputDirectory {
            let fresh = try Simulation.freshJournal(directory: directory, name: Simulation.journalName)
            journal = fresh.journal
            journalPath = fresh.path
        }

        // The board: the simulated edges and the real pipeline.
        let simulated = SimulatedBoard(
            board: board, chipMotion: chipMotion, chipSeed: chipSeed, imperfections: imperfections, parameters: parameters,
            camera: makeCamera(motion), sink: SimulationSink(fileName: fileName, journal: journal),
            readInterval: readIntervalOverride, failureTimeout: failureTimeout, stallTimeout: stallTimeout)
        let bus = simulated.bus

        // The scripts: button edges, faults.
        let edges = scenario.button.edges(using: &streams.button)
        var nextEdge = 0
        let end = Instant.zero + TimeSpan(seconds: scenario.durationSeconds)
        var faults = FaultSchedule(scenario.faults, duration: end - .zero)
        var openWindows = [Bool](repeating: false, count: faults.windows.count)
        var retiredInjected = 0
        var chipFaults = 0

        var stats = SimulationStats()
        let stepLimit = Int(scenario.durationSeconds / simulated.readInterval.seconds) * 2 + edges.count * 8 + faults.steps.count * 2 + 100_000
        var now = Instant.zero
        while stats.steps < stepLimit {
            stats.steps += 1
            hooks.beforeStep?(now)
            simulated.clock.advance(to: now)

            while let action = faults.due(by: now) {
                switch action {
                case .openWindow(let index), .closeWindow(let index):
                    if case .openWindow = action { openWindows[index] = true } else { openWindows[index] = false }
                    retiredInjected += bus.faults?.injectedCount ?? 0
                    bus.faults = faults.plan(open: openWindows, seed: streams.faults.next()).map(FaultInjector.init(plan:))
                case .chip(let fault):
                    chipFaults += 1
                    switch fault {
                    case .powerGlitch: simulated.powerCycleChip(now: now)
                    case .unplug(let outage): simulated.unplugChip(until: now + outage)
                    case .stuckData(let length): simulated.freezeChipData(now: now, until: now + length)
                    }
                }
            }

            if now >= simulated.nextRead {
                stats.reads += 1
                let read = simulated.readSensor(at: now)
                stats.samplesDelivered += read.delivered
                stats.samplesLost += read.lost
                if read.failed { stats.readErrors += 1 }
                if read.sensorRecovered { stats.sensorRecoveries += 1 }
                if read.sensorFailed { stats.sensorFaults += 1 }
                if read.restarted { stats.sensorRestarts += 1 }
            }

            // The consumer side: what the event loop does when the ring has data.
            _ = simulated.drainRing()

            while nextEdge < edges.count, edges[nextEdge].time <= now {
                simulated.runtime.buttonEdge(down: edges[nextEdge].pressed, at: edges[nextEdge].time)
                nextEdge += 1
            }
            simulated.runtime.advance(to: now)
            hooks.progress?(now.seconds)
            if now >= end { break }

            var next = min(simulated.nextRead, end)
            if nextEdge < edges.count { next = min(next, edges[nextEdge].time) }
            if let deadline = simulated.runtime.nextDeadline { next = min(next, deadline) }
            if let fault = faults.nextTime { next = min(next, fault) }
            now = max(next, now + TimeSpan(nanoseconds: 1))
        }

        stats.ringDropped = simulated.ringDropped
        stats.faultsInjected = retiredInjected + (bus.faults?.injectedCount ?? 0) + chipFaults
        stats.wire = bus.stats
        let events = simulated.runtime.sink.events
        let recording = RunRecording(scenario: scenario, motion: motion, events: events, title: title ?? (scenario.summary.isEmpty ? "upright sim" : scenario.summary))
        return SimulationResult(
            events: events, recording: recording, stats: stats, expectations: scenario.expectations.check(events),
            camera: simulated.runtime.camera, finalState: simulated.runtime.state.name, journalPath: journalPath,
            journalErrors: simulated.runtime.sink.journalErrors)
    }
}
