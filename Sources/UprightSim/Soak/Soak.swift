#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright sim --soak HOURS`: hours of device time on the simulated rig with faults drawn
/// from the seed, then the same load with faults off, checking invariants throughout.
///
/// The rig and its stepper are `SimRig`'s, shared with `Simulation`: the firmware engine a Pi
/// runs on the simulated clock, bus and chip. The soak is the world (`SoakWorld`): every input
/// streams, the motion (`SoakMotion`), the presses (`SoakWorkload`) and the chip-level faults
/// (`SoakFaultPlanner`) are generated as the run reaches them, from the seed's `RandomStreams`,
/// and each event is checked (`SoakChecker`), journaled and dropped. Memory stays flat however
/// long it runs.
///
/// Faults on: about 1% of bus transactions fail (not acknowledged, timeout, arbitration lost,
/// a flipped bit), and one fault every 15 s plus an exponential gap (mean 15 s) of: a chip
/// reset, an unplug (up to 3 s), stuck data, a pause of the sampling context (the chip's FIFO
/// overflows), a stall of the event loop (the ring overwrites). Each must be recovered from
/// within `SoakRecoveryTracker.limit`. Faults off: none of these; the same load again.
public struct Soak {
    public var board: Board
    public var seed: UInt64
    /// Device time with faults on.
    public var faultsOnSeconds: Double
    /// Device time with faults off, after it.
    public var faultsOffSeconds: Double
    /// The journal is written as `journal.ndjson` here (not synced line by line: the soak
    /// proves the engine, the crash and power-cut tests the card).
    public var directory: String
    /// What it puts the firmware through: the faults, their rates, the presses, the sensor
    /// (`SoakMix.standard`, or a swarm seed's own).
    public var mix: SoakMix

    public static let journalName = "journal.ndjson"
    /// The faults-off phase is this fraction of the faults-on phase (at least a minute).
    public static let faultsOffFraction = 0.25
    /// A limit on everything: a week of device time.
    public static let maximumHours = 168.0

    public init(board: Board, seed: UInt64, hours: Double, directory: String, mix: SoakMix = .standard) {
        self.board = mix.board(board)
        self.mix = mix
        self.seed = seed
        faultsOnSeconds = hours * 3600
        faultsOffSeconds = max(60, hours * 3600 * Soak.faultsOffFraction)
        self.directory = directory
    }

    /// Runs both phases; `progress` gets the device seconds done now and then.
    public func run(progress: ((Double) -> Void)? = nil) throws(SimulationError) -> SoakReport {
        let wallStart = Soak.monotonicSeconds()
        let cpuStart = Soak.threadCPUSeconds()
        var streams = RandomStreams(seed: seed)
        let motion = SoakMotion(generator: streams.motion)
        let chipMotion = try Simulation.chipMotion(motion, board: board)
        let startup = try Simulation.startup(directory: directory, name: Soak.journalName, naming: SimCamera.naming, syncsEachLine: false)
        let journalPath = startup.journalPath ?? directory
        let faultsOnEnd = Instant.zero + TimeSpan(seconds: faultsOnSeconds)
        let end = faultsOnEnd + TimeSpan(seconds: faultsOffSeconds)
        let timing = SoakWorkload.Timing(board: board, card: mix.card)
        let perKind = mix.busErrorProbability / 4
        let injector = FaultInjector(
            plan: FaultPlan(
                seed: streams.faults.next(), noAcknowledgeProbability: perKind, timeoutProbability: perKind,
                arbitrationLossProbability: perKind, bitFlipProbability: perKind))
        let world = SoakWorld(
            motion: motion, workloadStream: streams.button, faultStream: streams.faults.split(), timing: timing, mix: mix,
            faultsOnEnd: faultsOnEnd, end: end, injector: injector, progress: progress)
        var camera = SimCamera.simulated(
            camera: Soak.camera(board.camera), outputDirectory: directory, generator: streams.camera, card: mix.card, cardGenerator: streams.card
        ) { _ in
            MotionPose(angleDegrees: 0, tiltDegrees: 0)
        }
        camera.processes.crashProbability = mix.cameraCrashProbability
        camera.processes.hangProbability = mix.cameraHangProbability
        camera.processes.busyProbability = mix.cameraBusyProbability
        let rig = try SimRig(
            board: board, chipMotion: chipMotion, chipSeed: streams.sensor.next(), camera: camera,
            records: startup.records(output: SoakChecker()), world: world, end: end, numberedAfter: startup.numberedAfter, card: mix.card,
            cardGenerator: streams.journalCard)
        rig.bus.faults = injector

        // Bounded: the stepper stops at least every read interval, plus once per input and fault.
        let stepLimit = Int((faultsOnSeconds + faultsOffSeconds) / rig.sampler.schedule.interval.seconds) * 4 + 10_000_000
        let reachedEnd = rig.run(stepLimit: stepLimit)
        // What the journal's worker still holds reaches the journal and the checker, as a
        // board drains it before it exits.
        rig.finishRecords()
        let now = rig.clock.now
        if world.violation == nil && !reachedEnd {
            world.violation = SoakViolation(time: now, message: "step limit reached (" + String(stepLimit) + " steps)")
        }
        world.finish(at: now, on: rig)

        // What reached the disk: whole lines, a capture line per capture, every file it names.
        let captures = world.phases.reduce(0) { $0 + $1.events.captures }
        let (captureLines, broken) = SoakJournalCheck.check(journalPath: journalPath, directory: directory, captures: captures, at: now)
        if let broken { world.violation = world.violation ?? broken }
        return SoakReport(
            seed: seed, phases: world.phases, violation: world.violation, journalCaptureLines: captureLines, journalPath: journalPath,
            wallSeconds: Soak.monotonicSeconds() - wallStart, cpuSeconds: Soak.threadCPUSeconds() - cpuStart, mix: mix)
    }

    /// The soak's camera: the board's session rules and timings, but photos and movies a few
    /// pixels across (a day of photos is not what the soak tests; the files only have to be
    /// there and be real).
    static func camera(_ camera: Board.CameraSettings) -> Board.CameraSettings {
        var simulated = Board.SimulatedCameraSettings()
        if case .simulated(let settings) = camera.backend { simulated = settings }
        simulated.widthPixels = 16
        simulated.heightPixels = 12
        simulated.clip.widthPixels = 16
        simulated.clip.heightPixels = 12
        simulated.clip.framesPerSecond = 2
        var small = camera
        small.backend = .simulated(simulated)
        return small
    }

    static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

extension SoakChecker: EventOutput {
    public mutating func deliver(_ event: TimedEvent, journalError: FileError?) {
        observe(event, journaled: journalError == nil)
    }
}

extension SoakWorkload.Timing {
    /// The timing of the board's shutter and machine, the card's longest job.
    init(board: Board, card: SimCard) {
        self.init(
            debounceSeconds: Double(board.shutter.debounceMilliseconds) / 1000, holdSeconds: Double(board.shutter.holdMilliseconds) / 1000,
            maximumClipSeconds: board.machine.maximumClipSeconds, answerSeconds: board.machine.captureTimeoutSeconds + 1,
            pressQueueDepth: board.machine.pressQueueDepth, fileJobSeconds: card.longestJob.seconds)
    }
}
