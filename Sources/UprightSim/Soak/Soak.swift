#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright sim --soak HOURS`: hours of device time on the simulated board with faults drawn
/// from the seed, then the same load with faults off, checking invariants throughout.
///
/// The pipeline and its stepping are `Simulation`'s (the real driver, ring, detector, gesture
/// recogniser, machine and runtime; the simulated clock, bus, chip and button), but every input
/// streams: the motion (`SoakMotion`), the presses (`SoakWorkload`) and the chip-level faults
/// (`SoakFaultPlanner`) are generated as the run reaches them, and each event is checked
/// (`SoakChecker`), journalled and dropped (`SoakSink`). Memory stays flat however long it runs.
///
/// Faults on: about 1% of bus transactions fail (not acknowledged, timeout, arbitration lost,
/// a flipped bit), and one fault every 15 s plus an exponential gap (mean 15 s) of: a chip
/// reset, an unplug (up to 3 s), stuck data, a pause in draining the chip (its FIFO
/// overflows), a stall of the event loop (the ring overwrites). Each must be recovered from
/// within `SoakRecoveryTracker.limit`. Faults off: none of these; the same load again.
public struct Soak {
    public var board: Board
    public var seed: UInt64
    /// Device time with faults on.
    public var faultsOnSeconds: Double
    /// Device time with faults off, after it.
    public var faultsOffSeconds: Double
    /// The journal is written (fsync per line) as `journal.ndjson` here.
    public var directory: String
    /// Total per-transaction bus fault probability while faults are on.
    public var busErrorProbability = 0.01

    public static let journalName = "journal.ndjson"
    /// The faults-off phase is this fraction of the faults-on phase (at least a minute).
    public static let faultsOffFraction = 0.25
    /// A limit on everything: a week of device time.
    public static let maximumHours = 168.0

    public init(board: Board, seed: UInt64, hours: Double, directory: String) {
        self.board = board
        self.seed = seed
        faultsOnSeconds = hours * 3600
        faultsOffSeconds = max(60, hours * 3600 * Soak.faultsOffFraction)
        self.directory = directory
    }

    /// Runs both phases; `progress` gets the device seconds done now and then.
    public func run(progress: ((Double) -> Void)? = nil) throws(SimulationError) -> SoakReport {
        let wallStart = Soak.monotonicSeconds()
        var motionGenerator = SeededGenerator(seed: seed)
        let motion = SoakMotion(seed: motionGenerator.next())
        let mount = board.sensor.mountMatrix
        guard let chipMotion = ChipFrameMotion(source: motion, mount: mount) else {
            throw SimulationError(kind: .board, path: "sensor.mount_matrix", message: "has no inverse; no chip could be mounted that way")
        }
        let parameters: DetectorParameters
        do throws(DetectorSettings.SettingError) {
            parameters = try DetectorSettings.parameters(from: board.detector)
        } catch {
            throw SimulationError(kind: .board, path: error.path, message: error.message)
        }

        let clock = SimClock()
        let bus = SimBus(clock: clock)
        let address = board.sensor.simulatedAddress
        var sensor: AnySensor<SimBus>
        switch board.sensor.simulatedChip {
        case .mpu6050:
            bus.attach(SimMPU6050(motion: chipMotion, seed: seed ^ 0x5E_7502), at: address)
            sensor = .mpu6050(MPU6050(bus: bus, address: address, configuration: board.sensor.mpu6050Configuration(), mount: mount))
        case .adxl345:
            bus.attach(SimADXL345(motion: chipMotion, seed: seed ^ 0x5E_7502), at: address)
            sensor = .adxl345(ADXL345(bus: bus, address: address, configuration: board.sensor.adxl345Configuration(), mount: mount))
        }
        let failAfter = parameters.maximumGap
        let stallTimeout = TimeSpan.milliseconds(500)
        let readInterval = Simulation.readInterval(mode: board.sensor.readMode, samplePeriod: sensor.samplePeriod)

        let journalPath = directory.hasSuffix("/") ? directory + Soak.journalName : directory + "/" + Soak.journalName
        _ = unlink(journalPath)
        let journal: Journal
        do throws(FileError) {
            journal = try Journal(path: journalPath)
        } catch {
            throw SimulationError(kind: .output, path: journalPath, message: error.message)
        }

        var runtime = CameraRuntime(
            camera: SoakCamera(), sink: SoakSink(journal: journal),
            configuration: Simulation.machineConfiguration(board.machine),
            gesture: Simulation.gestureConfiguration(board.shutter),
            detector: OrientationDetector(parameters: parameters),
            initial: .idle, start: .zero)
        let ring = SampleRing<Sample>.make(minimumCapacity: Simulation.ringCapacity, overrun: .overwriteOldest)
        var producer = ring.producer
        var consumer = ring.consumer
        var batch: [Sample] = []
        batch.reserveCapacity(Simulation.ringCapacity)

        // Per-transaction bus faults, counted by kind as they happen.
        var tracker = SoakRecoveryTracker()
        var busErrors = [0, 0, 0, 0]
        let perKind = busErrorProbability / 4
        let injector = FaultInjector(plan: FaultPlan(seed: seed ^ 0xB05E, noAcknowledgeProbability: perKind, timeoutProbability: perKind,
                                                     arbitrationLossProbability: perKind, bitFlipProbability: perKind))
        injector.onFault = { time, fault in
            switch fault {
            case .noAcknowledge: busErrors[0] += 1
            case .timeout: busErrors[1] += 1
            case .arbitrationLost: busErrors[2] += 1
            case .bitFlip: busErrors[3] += 1
            case .chip: return
            }
            tracker.busError(at: time)
        }
        bus.faults = injector

        let timing = SoakWorkload.Timing(
            debounceSeconds: Double(board.shutter.debounceMilliseconds) / 1000, holdSeconds: Double(board.shutter.holdMilliseconds) / 1000,
            maximumClipSeconds: board.machine.maximumClipSeconds, answerSeconds: board.machine.captureTimeoutSeconds + 1)
        let faultsOnEnd = Instant.zero + TimeSpan(seconds: faultsOnSeconds)
        let end = faultsOnEnd + TimeSpan(seconds: faultsOffSeconds)
        let busFaultsEnd = faultsOnEnd - .seconds(1)
        var workload = SoakWorkload(seed: seed, start: .zero, end: faultsOnEnd, timing: timing)
        var planner: SoakFaultPlanner? = SoakFaultPlanner(seed: seed, start: .zero, end: faultsOnEnd)
        var nextFault = planner?.next()
        var nextInput = workload.next()

        var phases: [SoakPhaseReport] = []
        var phase = SoakPhaseReport(name: "faults on", faultsOn: true, deviceSeconds: faultsOnSeconds)
        var violation: SoakViolation?
        var drainPausedUntil: Instant?
        var loopStalledUntil: Instant?
        var sensorFaulty = false
        var driverTrouble: String?
        var nextRead = Instant.zero
        var lastProgress = Instant.zero
        var lastDelivery = Instant.zero
        var newestSample: Instant?
        var nextProgressReport = 0.0

        // Bounded: the loop steps at least every read interval, plus once per input and fault.
        let stepLimit = Int((faultsOnSeconds + faultsOffSeconds) / readInterval.seconds) * 4 + 10_000_000
        var steps = 0
        var now = Instant.zero
        while steps < stepLimit {
            steps += 1
            clock.advance(to: now)

            // Bus errors stop a second before the phase ends, so every one has recovered in it.
            if phase.faultsOn && now >= busFaultsEnd { injector.enabled = false }
            if phase.faultsOn && now >= faultsOnEnd {
                // Faults off: the same load again, from the same seed.
                runtime.sink.checker.checkpoint(at: now)
                Soak.finish(&phase, runtime: runtime, tracker: tracker, busErrors: busErrors, ringDropped: Int(consumer.counters.dropped), workload: workload)
                phases.append(phase)
                phase = SoakPhaseReport(name: "faults off", faultsOn: false, deviceSeconds: faultsOffSeconds)
                bus.faults = nil
                planner = nil
                nextFault = nil
                tracker = SoakRecoveryTracker()
                busErrors = [0, 0, 0, 0]
                runtime.sink.checker.startPhase()
                phase.ringDropped = -Int(consumer.counters.dropped)
                workload = SoakWorkload(seed: seed, start: now, end: end, timing: timing)
                nextInput = workload.next()
                motion.restartAtNextChunk()
            }

            while let fault = nextFault, fault.time <= now {
                switch fault.kind {
                case .chipReset: bus.device(at: address)?.powerCycle(now: now)
                case .unplug: bus.unplug(address: address, until: fault.clears)
                case .stuckData: bus.device(at: address)?.freezeData(now: now, until: fault.clears)
                case .fifoOverflow: drainPausedUntil = fault.clears
                case .ringOverflow: loopStalledUntil = fault.clears
                case .busError: break
                }
                if let broken = tracker.inject(fault) { violation = violation ?? broken }
                nextFault = planner?.next()
            }
            if let until = drainPausedUntil, now >= until { drainPausedUntil = nil }
            if let until = loopStalledUntil, now >= until { loopStalledUntil = nil }

            // The sampling context: drain the chip into the ring.
            if now >= nextRead && drainPausedUntil == nil {
                nextRead = now + readInterval
                phase.reads += 1
                do throws(SensorError) {
                    let report = try sensor.readSamples(now: now) { _ = producer.push($0) }
                    phase.samplesDelivered += report.delivered
                    phase.samplesLost += report.lost
                    if report.overflowed { phase.fifoOverflowsReported += 1 }
                    if driverTrouble == nil, report.chipResetDetected || report.stuckDataDetected {
                        let kind = report.stuckDataDetected ? "stuck-data" : "sensor-reset"
                        let detail = report.stuckDataDetected ? "data registers frozen; resetting the chip" : "chip found reset or asleep; initialising it again"
                        driverTrouble = kind
                        runtime.sink.host(.fault(kind: kind, detail: detail), at: now)
                    }
                    if report.delivered > 0 {
                        lastProgress = now
                        lastDelivery = now
                        tracker.samplesRead(at: now)
                        if let kind = driverTrouble {
                            driverTrouble = nil
                            runtime.sink.host(.recovered(kind: kind, detail: "samples flowing again"), at: now)
                        }
                        if sensorFaulty {
                            sensorFaulty = false
                            runtime.advance(to: now)
                            runtime.sensorRecovered()
                        }
                    }
                } catch {
                    phase.readErrors += 1
                }
                if !sensorFaulty && now - lastDelivery >= failAfter {
                    sensorFaulty = true
                    runtime.advance(to: now)
                    runtime.sensorFailed()
                }
                if now - lastProgress >= stallTimeout {
                    lastProgress = now
                    phase.sensorRestarts += 1
                    try? sensor.begin(now: now)
                }
            } else if now >= nextRead {
                nextRead = now + readInterval
            }

            // The event loop: button edges, checkpoints, samples, timers (not while stalled).
            if loopStalledUntil == nil {
                while let input = nextInput, input.time <= now {
                    switch input {
                    case .edge(let edge, let press):
                        if press { runtime.sink.checker.pressFed(at: edge.time) }
                        runtime.buttonEdge(down: edge.pressed, at: edge.time)
                    case .checkpoint(let time):
                        runtime.advance(to: time)
                        runtime.sink.checker.checkpoint(at: time)
                    }
                    nextInput = workload.next()
                }
                batch.removeAll(keepingCapacity: true)
                if consumer.popBatch(into: &batch, max: Simulation.ringCapacity) > 0 {
                    runtime.ingest(batch)
                    if let last = batch.last?.time { newestSample = last }
                }
                runtime.advance(to: now)

                let expected = motion.expectedOrientation(at: now)
                let reported = runtime.detector.orientation
                if expected != nil {
                    phase.settledSteps += 1
                    if expected == reported { phase.agreeingSteps += 1 }
                }
                if let broken = tracker.check(now: now, newestSample: newestSample, reported: reported, expected: expected) {
                    violation = violation ?? broken
                }
            }
            if let broken = runtime.sink.checker.violation { violation = violation ?? broken }
            if violation != nil { break }
            if now.seconds >= nextProgressReport {
                nextProgressReport = now.seconds + 60
                progress?(now.seconds)
            }
            if now >= end { break }

            var next = min(nextRead, end)
            if phase.faultsOn { next = min(next, now < busFaultsEnd ? busFaultsEnd : faultsOnEnd) }
            if let fault = nextFault { next = min(next, fault.time) }
            if let until = drainPausedUntil { next = min(next, until) }
            if let until = loopStalledUntil {
                next = min(next, until)
            } else {
                if let input = nextInput { next = min(next, input.time) }
                if let deadline = runtime.nextDeadline { next = min(next, deadline) }
            }
            now = max(next, now + TimeSpan(nanoseconds: 1))
        }
        if violation == nil && now < end {
            violation = SoakViolation(time: now, message: "step limit reached (" + String(stepLimit) + " steps)")
        }
        if violation == nil { runtime.sink.checker.checkpoint(at: now) }
        if let broken = runtime.sink.checker.violation { violation = violation ?? broken }
        phase.deviceSeconds = min(phase.deviceSeconds, max(0, (now - (phase.faultsOn ? Instant.zero : faultsOnEnd)).seconds))
        Soak.finish(&phase, runtime: runtime, tracker: tracker, busErrors: busErrors, ringDropped: Int(consumer.counters.dropped), workload: workload)
        phases.append(phase)

        // Every capture must be in the journal file, read back from disk.
        var captureLines = 0
        do throws(FileError) {
            for line in try Journal.lines(at: journalPath) where line.contains("\"event\":\"capture\"") { captureLines += 1 }
        } catch {
            violation = violation ?? SoakViolation(time: now, message: "journal " + journalPath + " unreadable: " + error.message)
        }
        let captures = phases.reduce(0) { $0 + $1.events.captures }
        if captureLines != captures {
            violation = violation ?? SoakViolation(time: now, message: String(captures) + " captures but " + String(captureLines) + " capture lines in " + journalPath)
        }
        return SoakReport(seed: seed, phases: phases, violation: violation, journalCaptureLines: captureLines, journalPath: journalPath,
                          wallSeconds: Soak.monotonicSeconds() - wallStart)
    }

    private static func finish(_ phase: inout SoakPhaseReport, runtime: CameraRuntime<SoakCamera, SoakSink>, tracker: SoakRecoveryTracker,
                               busErrors: [Int], ringDropped: Int, workload: SoakWorkload) {
        phase.events = runtime.sink.checker.counts
        phase.workload = workload.counts
        phase.faultsInjected = tracker.injected
        phase.faultsRecovered = tracker.recovered
        phase.maximumRecovery = tracker.maximumRecovery
        phase.maximumRecoveryKind = tracker.maximumRecoveryKind
        phase.maximumRecoveryByKind = tracker.maximumRecoveryByKind
        phase.busErrors = busErrors
        phase.ringDropped += ringDropped
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
