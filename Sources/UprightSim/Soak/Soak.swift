#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright sim --soak HOURS`: hours of device time on the simulated board with faults drawn
/// from the seed, then the same load with faults off, checking invariants throughout.
///
/// The board and its sampling are `SimulatedBoard`'s, shared with `Simulation` (the real
/// driver, ring, detector, gesture recogniser, machine and runtime; the simulated clock, bus
/// and chip), but every input
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
        let chipMotion = try Simulation.chipMotion(motion, board: board)
        let parameters = try Simulation.detectorParameters(board)
        let (journal, journalPath) = try Simulation.freshJournal(directory: directory, name: Soak.journalName)
        let simulated = SimulatedBoard(
            board: board, chipMotion: chipMotion, chipSeed: seed ^ 0x5E_7502, parameters: parameters,
            camera: SoakCamera(), sink: SoakSink(journal: journal))
        let bus = simulated.bus

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
        var newestSample: Instant?
        var nextProgressReport = 0.0

        // Bounded: the loop steps at least every read interval, plus once per input and fault.
        let stepLimit = Int((faultsOnSeconds + faultsOffSeconds) / simulated.readInterval.seconds) * 4 + 10_000_000
        var steps = 0
        var now = Instant.zero
        while steps < stepLimit {
            steps += 1
            simulated.clock.advance(to: now)

            // Bus errors stop a second before the phase ends, so every one has recovered in it.
            if phase.faultsOn && now >= busFaultsEnd { injector.enabled = false }
            if phase.faultsOn && now >= faultsOnEnd {
                // Faults off: the same load again, from the same seed.
                simulated.runtime.sink.checker.checkpoint(at: now)
                Soak.finish(&phase, runtime: simulated.runtime, tracker: tracker, busErrors: busErrors, ringDropped: simulated.ringDropped, workload: workload)
                phases.append(phase)
                phase = SoakPhaseReport(name: "faults off", faultsOn: false, deviceSeconds: faultsOffSeconds)
                bus.faults = nil
                planner = nil
                nextFault = nil
                tracker = SoakRecoveryTracker()
                busErrors = [0, 0, 0, 0]
                simulated.runtime.sink.checker.startPhase()
                phase.ringDropped = -simulated.ringDropped
                workload = SoakWorkload(seed: seed, start: now, end: end, timing: timing)
                nextInput = workload.next()
                motion.restartAtNextChunk()
            }

            while let fault = nextFault, fault.time <= now {
                switch fault.kind {
                case .chipReset: simulated.powerCycleChip(now: now)
                case .unplug: simulated.unplugChip(until: fault.clears)
                case .stuckData: simulated.freezeChipData(now: now, until: fault.clears)
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
            if now >= simulated.nextRead && drainPausedUntil == nil {
                phase.reads += 1
                let read = simulated.readSensor(at: now)
                phase.samplesDelivered += read.delivered
                phase.samplesLost += read.lost
                if read.overflowed { phase.fifoOverflowsReported += 1 }
                if read.delivered > 0 { tracker.samplesRead(at: now) }
                if read.failed { phase.readErrors += 1 }
                if read.restarted { phase.sensorRestarts += 1 }
            } else if now >= simulated.nextRead {
                simulated.skipRead(at: now)
            }

            // The event loop: button edges, checkpoints, samples, timers (not while stalled).
            if loopStalledUntil == nil {
                while let input = nextInput, input.time <= now {
                    switch input {
                    case .edge(let edge, let press):
                        if press { simulated.runtime.sink.checker.pressFed(at: edge.time) }
                        simulated.runtime.buttonEdge(down: edge.pressed, at: edge.time)
                    case .checkpoint(let time):
                        simulated.runtime.advance(to: time)
                        simulated.runtime.sink.checker.checkpoint(at: time)
                    }
                    nextInput = workload.next()
                }
                if let last = simulated.drainRing() { newestSample = last }
                simulated.runtime.advance(to: now)

                let expected = motion.expectedOrientation(at: now)
                let reported = simulated.runtime.detector.orientation
                if expected != nil {
                    phase.settledSteps += 1
                    if expected == reported { phase.agreeingSteps += 1 }
                }
                if let broken = tracker.check(now: now, newestSample: newestSample, reported: reported, expected: expected) {
                    violation = violation ?? broken
                }
            }
            if let broken = simulated.runtime.sink.checker.violation { violation = violation ?? broken }
            if violation != nil { break }
            if now.seconds >= nextProgressReport {
                nextProgressReport = now.seconds + 60
                progress?(now.seconds)
            }
            if now >= end { break }

            var next = min(simulated.nextRead, end)
            if phase.faultsOn { next = min(next, now < busFaultsEnd ? busFaultsEnd : faultsOnEnd) }
            if let fault = nextFault { next = min(next, fault.time) }
            if let until = drainPausedUntil { next = min(next, until) }
            if let until = loopStalledUntil {
                next = min(next, until)
            } else {
                if let input = nextInput { next = min(next, input.time) }
                if let deadline = simulated.runtime.nextDeadline { next = min(next, deadline) }
            }
            now = max(next, now + TimeSpan(nanoseconds: 1))
        }
        if violation == nil && now < end {
            violation = SoakViolation(time: now, message: "step limit reached (" + String(stepLimit) + " steps)")
        }
        if violation == nil { simulated.runtime.sink.checker.checkpoint(at: now) }
        if let broken = simulated.runtime.sink.checker.violation { violation = violation ?? broken }
        phase.deviceSeconds = min(phase.deviceSeconds, max(0, (now - (phase.faultsOn ? Instant.zero : faultsOnEnd)).seconds))
        Soak.finish(&phase, runtime: simulated.runtime, tracker: tracker, busErrors: busErrors, ringDropped: simulated.ringDropped, workload: workload)
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
