#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright sim`'s run: a scenario on the simulated rig (`SimRig`: the firmware engine a
/// board runs, with simulated edges). The scenario is the world: its motion drives the chip,
/// its button script the shutter, its faults the bus and the chip; its expectations are
/// checked on the events. Everything random comes from `seed`, split per component
/// (`RandomStreams`), so one seed reproduces the run byte for byte.
public struct Simulation {
    public var scenario: Scenario
    public var board: Board
    public var seed: UInt64
    /// Where the journal goes (`journal.ndjson`); nil writes none.
    public var outputDirectory: String?
    /// The plot's title; nil uses the scenario's description.
    public var title: String?

    public static let journalName = "journal.ndjson"

    public init(scenario: Scenario, board: Board, seed: UInt64, outputDirectory: String? = nil) {
        self.scenario = scenario
        self.board = board
        self.seed = seed
        self.outputDirectory = outputDirectory
    }

    /// `motion` seen from a chip mounted as `mount` says (the scenario's physical mount, else
    /// the board file's), or the error if no chip could be.
    public static func chipMotion<M: MotionSource>(_ motion: M, mount: MountMatrix) throws(SimulationError) -> ChipFrameMotion<M> {
        guard let chipMotion = ChipFrameMotion(source: motion, mount: mount) else {
            throw SimulationError(kind: .board, path: "sensor.mount_matrix", message: "has no inverse; no chip could be mounted that way")
        }
        return chipMotion
    }

    /// `motion` seen from a chip mounted as the board file says.
    public static func chipMotion<M: MotionSource>(_ motion: M, board: Board) throws(SimulationError) -> ChipFrameMotion<M> {
        try chipMotion(motion, mount: board.sensor.mountMatrix)
    }

    /// The chip's true mount: the scenario's `sensor.mount_matrix`, else the board file's.
    public static func physicalMount(_ errors: SensorErrors, board: Board) -> MountMatrix {
        errors.physicalMount ?? board.sensor.mountMatrix
    }

    /// What the chip model adds, on its own axes (nil: its typical noise). The scenario states
    /// `bias` in the device frame, taken back through the chip's true mount, and `chip_bias`
    /// on the chip's axes.
    public static func imperfections(_ errors: SensorErrors, mount: MountMatrix) throws(SimulationError) -> SensorImperfections? {
        guard errors.hasImperfections else { return nil }
        guard let chipFromDevice = mount.inverse else {
            throw SimulationError(kind: .board, path: "sensor.mount_matrix", message: "has no inverse; no chip could be mounted that way")
        }
        return SensorImperfections(
            accelerationNoiseG: Float(errors.accelerationNoiseG),
            accelerationBiasG: chipFromDevice.apply(errors.accelerationBiasG) + (errors.chipAccelerationBiasG ?? .zero),
            angularRateNoiseDPS: Float(errors.angularRateNoiseDPS), angularRateBiasDPS: chipFromDevice.apply(errors.angularRateBiasDPS))
    }

    /// The scenario's true motion, as the chip measures it (on its own axes, through its true
    /// mount), what the chip adds, and the chip's noise seed, drawn from `streams` in the
    /// order every simulated run draws them.
    public static func chip(
        _ scenario: Scenario, board: Board, streams: inout RandomStreams
    ) throws(SimulationError)
        -> (motion: ScenarioMotion, chipMotion: ChipFrameMotion<ScenarioMotion>, imperfections: SensorImperfections?, seed: UInt64)
    {
        let motion = ScenarioMotion(scenario: scenario, generator: &streams.motion)
        let mount = physicalMount(scenario.sensor, board: board)
        return (motion, try chipMotion(motion, mount: mount), try imperfections(scenario.sensor, mount: mount), streams.sensor.next())
    }

    /// The start-up every run shares (`OutputStartup`), with a fresh journal named `name` in
    /// `directory` (none without a directory).
    public static func startup(
        directory: String?, name: String, naming: MediaNaming, syncsEachLine: Bool = true
    ) throws(SimulationError)
        -> OutputStartup
    {
        guard let directory else { return .none(naming: naming) }
        do throws(FileError) {
            return try OutputStartup(directory: directory, journal: .fresh(name: name), naming: naming, syncsEachLine: syncsEachLine)
        } catch {
            throw SimulationError(kind: .output, path: error.path, message: error.message)
        }
    }

    /// What a camera for this run can be made from: the scenario's true motion, its camera
    /// faults, the run's camera stream.
    public struct CameraContext {
        public var motion: ScenarioMotion
        public var faults: [SimCameraFault]
        public var generator: SeededGenerator
        /// The card's stream (`RandomStreams.card`).
        public var cardGenerator: SeededGenerator
    }

    /// Runs the scenario with the simulated camera (`SimCamera`) writing into the output
    /// directory (or a scratch name when none).
    public func run(hooks: SimulationHooks = SimulationHooks()) throws(SimulationError) -> SimulationResult<SimCamera> {
        let directory = outputDirectory ?? "."
        let camera = board.camera
        let reserveBytes = board.output.reserveBytes
        return try run(hooks: hooks, naming: SimCamera.naming) { context in
            // The board's reserve holds in a directory of the run's own, as on the Pi.
            var session = SimCamera.simulated(
                camera: camera, outputDirectory: directory, reserveBytes: outputDirectory == nil ? 0 : reserveBytes, faults: context.faults,
                generator: context.generator, card: scenario.card, cardGenerator: context.cardGenerator
            ) {
                time in
                context.motion.pose(atSeconds: time.seconds)
            }
            session.processes.renderHook = hooks.rendering
            return session
        }
    }

    /// Runs the scenario with the camera `makeCamera` makes; `naming` names the files that
    /// camera writes, for the records' `file` fields.
    public func run<C: Camera>(
        hooks: SimulationHooks = SimulationHooks(), naming: MediaNaming, makeCamera: (CameraContext) -> C
    ) throws(SimulationError) -> SimulationResult<C> {
        var streams = RandomStreams(seed: seed)
        let (motion, chipMotion, imperfections, chipSeed) = try Simulation.chip(scenario, board: board, streams: &streams)

        // The journal, fresh for each run, and the start-up reconciliation a board runs.
        let startup = try Simulation.startup(directory: outputDirectory, name: Simulation.journalName, naming: naming)

        let end = Instant.zero + TimeSpan(seconds: scenario.durationSeconds)
        let edges = scenario.button.edges(using: &streams.button)
        let shutdown = scenario.shutdownSeconds.map { Instant.zero + TimeSpan(seconds: $0) }
        let world = ScenarioWorld<C>(
            edges: edges, faults: FaultSchedule(scenario.faults, duration: end - .zero), faultSeeds: streams.faults, shutdown: shutdown)
        var records = startup.records(output: EventCollector())
        // What the recording light sees: every record, for the run's light timeline.
        let seen = RecordTrail()
        let watch = hooks.record
        records.observer = { record, time in
            seen.records.append((record, time))
            watch?(record, time)
        }
        let rig = try SimRig<ScenarioWorld<C>>(
            board: board, chipMotion: chipMotion, chipSeed: chipSeed, imperfections: imperfections,
            camera: makeCamera(
                CameraContext(
                    motion: motion, faults: scenario.faults.compactMap(\.cameraFault), generator: streams.camera, cardGenerator: streams.card)),
            records: records, world: world, end: end, hooks: hooks, numberedAfter: startup.numberedAfter, card: scenario.card,
            cardGenerator: streams.journalCard)
        let readsPerSecond = 1 / rig.sampler.schedule.interval.seconds
        let stepLimit = Int(scenario.durationSeconds * readsPerSecond) * 4 + edges.count * 8 + world.faults.steps.count * 2 + 100_000
        _ = rig.run(stepLimit: stepLimit)
        rig.finishRecords()

        var stats = SimulationStats(sampler: rig.sampler.counters)
        stats.steps = rig.steps
        stats.ringDropped = rig.engine.samplesOverwritten
        stats.faultsInjected = world.injected(bus: rig.bus)
        stats.wire = rig.bus.stats
        let runtime = rig.engine.runtime
        let events = runtime.sink.output.events
        for event in events {
            if event.record == EventRecord(.fault(.sensor)) { stats.sensorFaults += 1 }
            if event.record == EventRecord(.recovered(.sensor)) { stats.sensorRecoveries += 1 }
        }
        let recording = RunRecording(
            scenario: scenario, motion: motion, events: events, title: title ?? (scenario.summary.isEmpty ? "upright sim" : scenario.summary))
        return SimulationResult(
            events: events, recording: recording, stats: stats, expectations: scenario.expectations.check(events),
            camera: runtime.camera, finalState: runtime.state.name, journalPath: startup.journalPath,
            journalErrors: runtime.sink.output.journalErrors, light: RecordingLightTimeline(records: seen.records, end: end))
    }
}

/// A scenario as a `SimulationWorld`: its button edges and its faults at their times.
final class ScenarioWorld<Cam: Camera>: SimulationWorld {
    typealias Output = EventCollector

    let edges: [ButtonEdge]
    var faults: FaultSchedule
    /// When the camera is told to shut down (SIGTERM on a board), if the scenario says.
    private var shutdown: Instant?
    private var nextEdge = 0
    private var openWindows: [Bool]
    private var faultSeeds: SeededGenerator
    private var retiredInjected = 0
    private var chipFaults = 0

    init(edges: [ButtonEdge], faults: FaultSchedule, faultSeeds: SeededGenerator, shutdown: Instant?) {
        self.edges = edges
        self.faults = faults
        self.shutdown = shutdown
        self.faultSeeds = faultSeeds
        openWindows = [Bool](repeating: false, count: faults.windows.count)
    }

    func act(at now: Instant, on rig: SimRig<ScenarioWorld>) {
        while let action = faults.due(by: now) {
            switch action {
            case .openWindow(let index), .closeWindow(let index):
                if case .openWindow = action { openWindows[index] = true } else { openWindows[index] = false }
                retiredInjected += rig.bus.faults?.injectedCount ?? 0
                rig.bus.faults = faults.plan(open: openWindows, seed: faultSeeds.next()).map(FaultInjector.init(plan:))
            case .chip(let fault):
                chipFaults += 1
                rig.apply(fault, at: now)
            }
        }
        while nextEdge < edges.count, edges[nextEdge].time <= now {
            rig.press(ShutterEdge(time: edges[nextEdge].time, down: edges[nextEdge].pressed))
            nextEdge += 1
        }
        if let time = shutdown, time <= now {
            shutdown = nil
            rig.engine.requestShutdown(at: time)
        }
    }

    func nextTime(after now: Instant) -> Instant? {
        var next = faults.nextTime
        if nextEdge < edges.count, next.map({ edges[nextEdge].time < $0 }) ?? true { next = edges[nextEdge].time }
        if let time = shutdown, next.map({ time < $0 }) ?? true { next = time }
        return next
    }

    func stepped(at now: Instant, on rig: SimRig<ScenarioWorld>) -> Bool { true }

    /// Faults injected: per-transaction bus faults and scheduled chip faults.
    func injected(bus: SimBus) -> Int { retiredInjected + (bus.faults?.injectedCount ?? 0) + chipFaults }
}

/// The records of a run in order, as the records port's observer saw them.
final class RecordTrail {
    var records: [(record: MachineRecord, time: Instant)] = []
}
