import UprightCore
import UprightHost

/// The soak as a `SimulationWorld`: its streamed presses and faults, both phases, and the
/// checks after every step (the checker on every record, the recovery tracker, the detector
/// against the true pose).
final class SoakWorld: SimulationWorld {
    typealias Cam = SimCamera
    typealias Output = SoakChecker
    typealias Rig = SimRig<SoakWorld>

    let motion: SoakMotion
    let timing: SoakWorkload.Timing
    let faultsOnEnd: Instant
    /// Bus errors stop a second before the faults-on phase ends, so every one has recovered in it.
    let busFaultsEnd: Instant
    let end: Instant
    let injector: FaultInjector
    let progress: ((Double) -> Void)?
    private let workloadStream: SeededGenerator

    // The state below is read and written after every step of the single-threaded simulation:
    // unchecked exclusivity spares a runtime access-tracking call each time.
    @exclusivity(unchecked) private(set) var phases: [SoakPhaseReport] = []
    @exclusivity(unchecked) private(set) var phase: SoakPhaseReport
    @exclusivity(unchecked) var violation: SoakViolation?
    @exclusivity(unchecked) private var tracker = SoakRecoveryTracker()
    @exclusivity(unchecked) private var busErrors = [0, 0, 0, 0]
    @exclusivity(unchecked) private var workload: SoakWorkload
    @exclusivity(unchecked) private var planner: SoakFaultPlanner?
    @exclusivity(unchecked) private var nextFault: SoakFault?
    @exclusivity(unchecked) private var nextInput: SoakInput?
    /// Checkpoints reached by the workload (with the first press of their episode whose answer
    /// may wait on the camera), checked after the engine has stepped past their deadlines.
    @exclusivity(unchecked) private var checkpoints: [(time: Instant, answersFrom: Instant)] = []
    /// The times the engine was held, which move the checkpoints' deadlines.
    @exclusivity(unchecked) private var enginePauses = SoakEnginePauses()
    /// The first press fed since the last checkpoint was reached: the episode under way began
    /// no earlier, so no pause that ended before it can delay its answers.
    @exclusivity(unchecked) private var episodeFirstPress: Instant?
    @exclusivity(unchecked) private var drainPausedUntil: Instant?
    @exclusivity(unchecked) private var loopStalledUntil: Instant?
    @exclusivity(unchecked) private var nextProgressReport = 0.0
    /// The sampling context's counters and the ring's drops when the phase began.
    @exclusivity(unchecked) private var phaseStart = SamplerCounters()
    @exclusivity(unchecked) private var phaseStartRingDropped = 0
    @exclusivity(unchecked) private var lastDelivered = 0

    let mix: SoakMix

    init(
        motion: SoakMotion, workloadStream: SeededGenerator, faultStream: SeededGenerator, timing: SoakWorkload.Timing, mix: SoakMix,
        faultsOnEnd: Instant, end: Instant, injector: FaultInjector, progress: ((Double) -> Void)?
    ) {
        self.mix = mix
        self.motion = motion
        self.timing = timing
        self.faultsOnEnd = faultsOnEnd
        self.busFaultsEnd = faultsOnEnd - .seconds(1)
        self.end = end
        self.injector = injector
        self.progress = progress
        self.workloadStream = workloadStream
        phase = SoakPhaseReport(name: "faults on", faultsOn: true, deviceSeconds: faultsOnEnd.seconds)
        workload = SoakWorkload(
            generator: workloadStream, start: .zero, end: faultsOnEnd, timing: timing, shares: mix.workload,
            maximumChatterEdges: mix.maximumChatterEdges)
        planner = SoakFaultPlanner(
            generator: faultStream, start: .zero, end: faultsOnEnd, kinds: mix.faultKinds, meanExtraGapSeconds: mix.meanExtraGapSeconds)
        nextFault = planner?.next()
        nextInput = workload.next()
        injector.onFault = { [unowned self] time, fault in
            switch fault {
            case .noAcknowledge: busErrors[0] += 1
            case .timeout: busErrors[1] += 1
            case .arbitrationLost: busErrors[2] += 1
            case .bitFlip: busErrors[3] += 1
            case .chip: return
            }
            tracker.busError(at: time)
        }
    }

    func act(at now: Instant, on rig: Rig) {
        if phase.faultsOn && now >= busFaultsEnd { injector.enabled = false }
        if phase.faultsOn && now >= faultsOnEnd { startFaultsOff(at: now, on: rig) }
        while let fault = nextFault, fault.time <= now {
            switch fault.kind {
            case .chipReset: rig.apply(.powerGlitch, at: now)
            case .unplug: rig.apply(.unplug(duration: fault.clears - now), at: now)
            case .stuckData: rig.apply(.stuckData(duration: fault.clears - now), at: now)
            case .fifoOverflow:
                drainPausedUntil = fault.clears
                // Reading the chip in its step, the engine is the sampling context: held too.
                if rig.readsInline { enginePaused(from: now, until: fault.clears) }
            case .ringOverflow:
                loopStalledUntil = fault.clears
                enginePaused(from: now, until: fault.clears)
            case .busError: break
            }
            if let broken = tracker.inject(fault) { violation = violation ?? broken }
            nextFault = planner?.next()
        }
        while let input = nextInput, input.time <= now {
            switch input {
            case .edge(let edge, let press):
                if press {
                    rig.engine.runtime.sink.output.pressFed(at: edge.time)
                    episodeFirstPress = episodeFirstPress ?? edge.time
                }
                rig.press(ShutterEdge(time: edge.time, down: edge.pressed))
            case .checkpoint(let time, let answersFrom):
                checkpoints.append((time, answersFrom))
                episodeFirstPress = nil
            }
            nextInput = workload.next()
        }
    }

    func nextTime(after now: Instant) -> Instant? {
        var next: Instant?
        func consider(_ instant: Instant?) {
            if let instant, instant > now, next.map({ instant < $0 }) ?? true { next = instant }
        }
        if phase.faultsOn { consider(now < busFaultsEnd ? busFaultsEnd : faultsOnEnd) }
        consider(nextFault?.time)
        consider(drainPausedUntil)
        consider(loopStalledUntil)
        consider(nextInput?.time)
        return next
    }

    private func enginePaused(from start: Instant, until end: Instant) {
        if !enginePauses.add(start..<end) {
            violation = violation ?? SoakViolation(time: start, message: "more engine stalls than an episode's answers span")
        }
    }

    func samplingPaused(at now: Instant) -> Bool { drainPausedUntil.map { now < $0 } ?? false }

    func enginePaused(at now: Instant) -> Bool { loopStalledUntil.map { now < $0 } ?? false }

    func stepped(at now: Instant, on rig: Rig) -> Bool {
        let delivered = rig.sampler.counters.samplesDelivered
        if delivered > lastDelivered { tracker.samplesRead(at: now) }
        lastDelivered = delivered
        var checker: SoakChecker { rig.engine.runtime.sink.output }
        // A checkpoint is looked at once its deadline has passed and the journal's worker has
        // output every record up to it (on a slow card the answers reach the checker after the
        // card has them).
        while let first = checkpoints.first, first.time <= now {
            let deadline = enginePauses.answerDeadline(checkpoint: first.time, answersFrom: first.answersFrom)
            guard deadline <= now, rig.engine.runtime.sink.oldestRecordPending.map({ $0 > deadline }) ?? true else { break }
            checkpoints.removeFirst()
            rig.engine.runtime.sink.output.checkpoint(at: first.time, answersBy: deadline)
        }
        enginePauses.forget(endingBy: min(checkpoints.first?.answersFrom ?? now, episodeFirstPress ?? now, now))
        let expected = motion.expectedOrientation(at: now)
        let reported = rig.engine.runtime.detector.orientation
        if expected != nil {
            phase.settledSteps += 1
            if expected == reported { phase.agreeingSteps += 1 }
        }
        if let broken = tracker.check(now: now, newestSample: rig.engine.newestSample, reported: reported, expected: expected) {
            violation = violation ?? broken
        }
        if let broken = checker.violation { violation = violation ?? broken }
        if now.seconds >= nextProgressReport {
            nextProgressReport = now.seconds + 60
            progress?(now.seconds)
        }
        return violation == nil
    }

    /// Faults off: the same load again, from the same stream, with no faults.
    private func startFaultsOff(at now: Instant, on rig: Rig) {
        // Looked at once the journal's worker has put out every record up to it, as the others.
        checkpoints.insert((now, now), at: checkpoints.firstIndex { $0.time > now } ?? checkpoints.endIndex)
        close(at: now, on: rig)
        phase = SoakPhaseReport(name: "faults off", faultsOn: false, deviceSeconds: (end - faultsOnEnd).seconds)
        rig.bus.faults = nil
        rig.engine.runtime.camera.processes.crashProbability = 0
        rig.engine.runtime.camera.processes.hangProbability = 0
        rig.engine.runtime.camera.processes.busyProbability = 0
        planner = nil
        nextFault = nil
        tracker = SoakRecoveryTracker()
        busErrors = [0, 0, 0, 0]
        rig.engine.runtime.sink.output.startPhase(at: now)
        workload = SoakWorkload(
            generator: workloadStream, start: now, end: end, timing: timing, shares: mix.workload, maximumChatterEdges: mix.maximumChatterEdges)
        nextInput = workload.next()
        motion.restartAtNextChunk()
    }

    /// The end of the run: the last checkpoint, then the last phase's figures.
    func finish(at now: Instant, on rig: Rig) {
        // Every record is out (the journal's worker drained): the checkpoints still waiting for
        // it, then the last.
        for checkpoint in checkpoints where checkpoint.time <= now && violation == nil {
            let deadline = enginePauses.answerDeadline(checkpoint: checkpoint.time, answersFrom: checkpoint.answersFrom)
            rig.engine.runtime.sink.output.checkpoint(at: checkpoint.time, answersBy: min(deadline, now))
        }
        checkpoints.removeAll()
        if violation == nil { rig.engine.runtime.sink.output.checkpoint(at: now) }
        if let broken = rig.engine.runtime.sink.output.violation { violation = violation ?? broken }
        let phaseOrigin = phase.faultsOn ? Instant.zero : faultsOnEnd
        phase.deviceSeconds = min(phase.deviceSeconds, max(0, (now - phaseOrigin).seconds))
        close(at: now, on: rig)
        // The faults-on phase's records that came out after it ended count there.
        if phases.count == 2 { phases[0].events = rig.engine.runtime.sink.output.earlierCounts }
    }

    /// Fills in the phase's figures from the checker, the tracker and the counters since it began.
    private func close(at now: Instant, on rig: Rig) {
        let counters = rig.sampler.counters
        phase.events = rig.engine.runtime.sink.output.counts
        phase.workload = workload.counts
        phase.faultsInjected = tracker.injected
        phase.faultsRecovered = tracker.recovered
        phase.maximumRecovery = tracker.maximumRecovery
        phase.maximumRecoveryKind = tracker.maximumRecoveryKind
        phase.maximumRecoveryByKind = tracker.maximumRecoveryByKind
        phase.busErrors = busErrors
        phase.reads = counters.reads - phaseStart.reads
        phase.readErrors = counters.failedReads - phaseStart.failedReads
        phase.samplesDelivered = counters.samplesDelivered - phaseStart.samplesDelivered
        phase.samplesLost = counters.samplesLost - phaseStart.samplesLost
        phase.fifoOverflowsReported = counters.fifoOverflows - phaseStart.fifoOverflows
        phase.sensorRestarts = counters.restarts - phaseStart.restarts
        phase.ringDropped = rig.engine.samplesOverwritten - phaseStartRingDropped
        phases.append(phase)
        phaseStart = counters
        phaseStartRingDropped = rig.engine.samplesOverwritten
    }
}
