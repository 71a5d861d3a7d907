#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright watch`: a live view of what the firmware sees, while assembling
enum WatchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "watch",
        summary: "a live view of what the firmware sees: gravity, orientation, latch, state, captures, sampling",
        positionals: [],
        options: [
            .value("board", "FILE", help: "board file (JSON)"),
            .value("sim", "SCENARIO", help: "on the simulated board, playing this scenario ('demo': the built-in demo)"),
            .value("seed", "N", help: "with --sim: seed for everything random"),
            .flag("fast", help: "with --sim: run as fast as it goes instead of in real time"),
        ],
        discussion: """
            Runs the firmware engine itself (sensor, detector, gesture recogniser, machine) with a
            camera that takes no photos, so a press shows what it would latch. On a terminal the
            view redraws in place ten times a second: the gravity vector in g (the detector's
            estimate, device frame), tilt and in-plane angle, the detected orientation and what a
            press would latch now, the machine's state, the latest captures, the sample rate, failed
            reads, and the recording light when the board has one. Piped, it prints one plain line
            when any of those changes, or once a second. q or Ctrl-C stops it.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        if let scenario = arguments.value("sim") { return try simulated(scenario, arguments, console: console) }
        if arguments.flag("fast") || arguments.value("seed") != nil { throw .usage(UsageError("--seed and --fast go with --sim")) }
        return try board(arguments, console: console)
    }

    /// Draws `snapshot` (a plain view only when something changed, unless it is the `last`).
    static func draw(_ snapshot: WatchSnapshot, view: inout WatchView, console: Console, last: Bool = false) {
        if let text = view.frame(snapshot, last: last) {
            console.write(text)
            console.flush()
        }
    }

    static var redrawInterval: TimeSpan { .milliseconds(100) }

    /// The watch camera writes no files: no record names one.
    static var naming: MediaNaming { .noFiles }

    // MARK: a board

    static func board(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let board = try RunCommand.loadBoard(arguments)
        signal(SIGPIPE, SIG_IGN)
        let clock: @Sendable () -> Instant = { MonotonicClock.now() }
        let start = clock()
        var notes: [String] = []
        let note: (String) -> Void = { notes.append($0) }
        let devices = try RunCommand.openDevices(board)
        defer { devices.led?.release() }
        let model = WatchModel(start: start)
        let light = devices.led.map { RecordingLightDriver.driving($0, note: note) }
        // Watching journals nothing and writes no files: the start-up every command shares, with none.
        var records = OutputStartup.none(naming: Self.naming).records(origin: start, output: DiscardEvents())
        records.observer = observing(model.observer, then: light?.observer)
        let firmware: LinuxFirmware<LinuxI2CBus, WatchCamera, DiscardEvents>
        do throws(FirmwareError) {
            firmware = try LinuxFirmware(board: board, devices: devices, camera: WatchCamera(), records: records, clock: clock, note: note)
        } catch {
            throw RunCommand.commandError(error, arguments)
        }
        let keys = TerminalKeys()
        defer { keys?.restore() }
        if keys != nil {
            // Standard input that cannot be polled only costs the q key: Ctrl-C still stops the view.
            try? firmware.ports.watchInput(fd: 0) { [unowned firmware] in
                if TerminalKeys.quitPressed() { firmware.requestShutdown() }
            }
        }
        var view = WatchView(title: "upright watch: \(board.name): \(firmware.sensorName)", terminal: console.isTerminal)
        var nextDraw = start
        firmware.ports.deadlineSources.append { nextDraw }
        if let light { firmware.ports.wake(for: light, clock: clock) }
        if view.terminal { console.write(WatchView.enter) }
        func snapshot() -> WatchSnapshot {
            let engine = firmware.engine
            return model.snapshot(
                now: clock(), detector: engine.runtime.detector, state: engine.runtime.state, samplesHandled: engine.samplesHandled,
                sampler: engine.sampler?.counters, busErrors: nil, light: light?.level)
        }
        do throws(FirmwareError) {
            // Bounded by the signals and the key that end it: each pass sleeps in poll.
            try firmware.run {
                let now = clock()
                light?.update(at: now)
                if now >= nextDraw {
                    draw(snapshot(), view: &view, console: console)
                    nextDraw = now + redrawInterval
                }
            }
        } catch {
            if view.terminal { console.write(WatchView.leave + "\n") }
            throw .failed(error.description)
        }
        draw(snapshot(), view: &view, console: console, last: true)
        if view.terminal { console.write(WatchView.leave) }
        console.flush()
        for line in notes.suffix(20) { console.printError("upright watch: " + line) }
        return 0
    }

    // MARK: the simulated board

    static func simulated(_ scenarioArgument: String, _ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let scenarioPath: String? = scenarioArgument == "demo" ? nil : scenarioArgument
        let scenario = try SimCommand.loadScenario(scenarioPath)
        let seed = try SimCommand.seedOption(arguments) ?? scenario.seed ?? 1
        let board = try simulatedBoard(scenario, scenarioPath: scenarioPath, arguments)
        let model = WatchModel(start: .zero)
        let light = RecordingLightDriver { _, _ in }
        var view = WatchView(title: "upright watch --sim \(scenarioPath ?? "demo") (seed \(seed)): \(board.name)", terminal: console.isTerminal)
        var nextDraw = Instant.zero
        var last: SimEngineView?
        func snapshot(_ look: SimEngineView) -> WatchSnapshot {
            model.snapshot(
                now: look.now, detector: look.detector, state: look.state, samplesHandled: look.samplesHandled,
                sampler: look.sampler, busErrors: look.wire.failedTransactions, light: light.level)
        }
        // Ctrl-C and q arrive through a signalfd and standard input, looked at after each step.
        let keys = TerminalKeys()
        defer { keys?.restore() }
        // Without a signalfd or a pollable standard input the view runs to its end, or until Ctrl-C
        // ends the process.
        let loop = try? EventLoop(signals: [SIGINT, SIGTERM])
        if keys != nil { try? loop?.watch(fd: 0, token: 1) }
        var hooks = SimulationHooks()
        if !arguments.flag("fast") {
            let pacer = RealtimePacer(virtualStart: .zero, wallNow: MonotonicClock.now, sleep: SimCommand.sleep)
            hooks.beforeStep = { pacer.wait(until: $0) }
        }
        hooks.record = { record, time in
            model.observe(record, at: time)
            light.observe(record, at: time)
        }
        hooks.stepped = { look in
            last = look
            light.update(at: look.now)
            if look.now >= nextDraw {
                draw(snapshot(look), view: &view, console: console)
                nextDraw = look.now + redrawInterval
            }
        }
        hooks.shouldStop = stopRequests(loop)
        if view.terminal { console.write(WatchView.enter) }
        do throws(SimulationError) {
            // The watch camera writes nothing (and the view shows no file names).
            _ = try Simulation(scenario: scenario, board: board, seed: seed).run(
                hooks: hooks, naming: Self.naming
            ) { _ in WatchCamera() }
        } catch {
            if view.terminal { console.write(WatchView.leave + "\n") }
            throw .badInput("\(scenarioPath ?? DemoScenario.fileName): \(error.description)")
        }
        if let last { draw(snapshot(last), view: &view, console: console, last: true) }
        if view.terminal { console.write(WatchView.leave) }
        console.flush()
        return 0
    }

    /// Both observers, `first` then `second`, as the records port's one.
    static func observing(
        _ first: @escaping (MachineRecord, Instant) -> Void, then second: ((MachineRecord, Instant) -> Void)?
    ) -> (MachineRecord, Instant) -> Void {
        { record, time in
            first(record, time)
            second?(record, time)
        }
    }

    /// The scenario's board, or `--board`'s file in its place.
    static func simulatedBoard(_ scenario: Scenario, scenarioPath: String?, _ arguments: ParsedArguments) throws(CommandError) -> Board {
        var board = try SimCommand.loadBoard(scenario.board, scenarioFile: scenarioPath)
        if let path = arguments.value("board") {
            do throws(BoardError) {
                board = try Board.load(path: path)
            } catch {
                throw .badInput(error.description)
            }
        }
        return board
    }

    /// Whether to stop, asked after each step: true from the first signal (SIGINT, SIGTERM) or
    /// q key the loop reports without waiting, and from then on.
    static func stopRequests(_ loop: EventLoop?) -> () -> Bool {
        var events: [EventLoopEvent] = []
        var stopRequested = false
        return {
            events.removeAll(keepingCapacity: true)
            _ = try? loop?.wait(timeoutMilliseconds: 0, into: &events)
            for event in events {
                switch event {
                case .signal: stopRequested = true
                case .readable: if TerminalKeys.quitPressed() { stopRequested = true }
                default: break
                }
            }
            return stopRequested
        }
    }
}

/// The watch keeps no event stream: what it shows comes from the records port's observer.
struct DiscardEvents: EventOutput {
    mutating func deliver(_ event: TimedEvent, journalError: FileError?) {}
}
