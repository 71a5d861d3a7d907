#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightSim

/// `upright sim`: run the firmware on a simulated board (built-in demo or a scenario)
///
/// Everything is checked before anything is written: a bad scenario, board or option exits 2
/// naming the file and key, and leaves the output directory untouched.
enum SimCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sim",
        summary: "run the firmware on a simulated board (built-in demo or a scenario)",
        positionals: [PositionalSpec("SCENARIO", help: "scenario file (JSON); the built-in demo when absent", optional: true)],
        options: [
            .value("seed", "N", help: "seed for everything random (default: the scenario's, else 1)"),
            .value("out", "DIR", help: "output directory (default ./upright-out)"),
            .flag("json", help: "write only the NDJSON event stream to stdout"),
            .value("plot", "FILE", help: "write an SVG timeline of the run to FILE"),
            .flag("realtime", help: "pace virtual time to the wall clock"),
            .value(
                "soak", "HOURS",
                help: "soak: HOURS of device time with seeded faults, then a quarter as long without; report, exit 1 on a broken invariant"),
            .value(
                "life", "YEARS",
                help:
                    "long life: YEARS device years (or 30d: days) of boots on one card, kills, cuts and flipped bits between; exit 1 on a broken invariant"
            ),
            .value(
                "swarm", "N", help: "with --soak or --life: N seeds from --seed, in child processes (a soak's with its own mix); N passed, M failed"),
            .value("jobs", "J", help: "with --swarm: J seeds at a time (default: the number of cores)"),
            .flag("mix", help: "with --soak: draw the faults, their rates and the presses from the seed, as a swarm does"),
        ],
        discussion: """
            Runs the real firmware (driver, ring, detector, gesture recogniser, state machine,
            runtime) against a simulated clock, I2C bus, accelerometer, button and camera.
            Photos (IMG_0001.jpg, JPEG with EXIF Orientation), clips (CLIP_0001.mov, Motion-JPEG
            QuickTime movies with the rotation in the track matrix) and the journal
            (journal.ndjson) go to the output directory; --plot writes its SVG where it is told,
            relative to the working directory like any path, not to --out: to keep it with the
            run, name it there (--out run --plot run/timeline.svg, in either order, also when
            run does not exist yet). The same scenario and seed give byte-identical
            --json output and files. Exit 1 when the scenario's expectations are not met.
            With --realtime, a board whose camera is real (camera.backend command or v4l2) runs
            that camera with the simulated sensor and button; the firmware shuts down at the
            scenario's end and the run waits for the camera to end. Without --realtime the
            simulated camera stands in.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        if let hours = try SimSoak.hours(arguments) { return try SimSoak.run(hours: hours, arguments, console: console) }
        if let days = try SimLife.days(arguments) { return try SimLife.run(days: days, arguments, console: console) }
        let seedOption = try plainRunSeed(arguments)
        let scenarioPath = arguments.positionals.first
        let scenario = try loadScenario(scenarioPath)
        let board = try loadBoard(scenario.board, scenarioFile: scenarioPath)
        let realCamera = SimRealCamera.wanted(board: board, realtime: arguments.flag("realtime")) { console.printError("upright sim: " + $0) }
        let seed = seedOption ?? scenario.seed ?? 1
        let output = try SimOutputDirectory(arguments.value("out") ?? "upright-out")
        // The plot's folder may be the output directory or inside it, made just below.
        let plotPath = try arguments.value("plot").map { (path) throws(CommandError) in
            try OutputFile.checked(path, option: "plot", beside: output)
        }
        let json = arguments.flag("json")
        try output.create()

        var simulation = Simulation(scenario: scenario, board: board, seed: seed, outputDirectory: output.path)
        simulation.title = "upright sim: \(scenarioPath ?? "built-in demo") (seed \(seed))"
        let reportLines = { (events: [TimedEvent], expectations: [ExpectationResult]) in
            RunReport.lines(scenarioName: scenarioPath ?? "built-in demo", seed: seed, events: events, expectations: expectations)
        }
        if !json {
            // The seed before anything else, so even an interrupted run can be reproduced.
            console.print(reportLines([], [])[0])
            console.flush()
        }
        let failed = { (error: SimulationError) throws(CommandError) -> Never in
            switch error.kind {
            case .board: throw .badInput("\(boardName(scenario.board, scenarioFile: scenarioPath)): \(error.description)")
            case .output: throw .failed(error.description)
            }
        }
        if realCamera {
            return try SimRealCamera.run(
                simulation,
                SimRealCamera.Context(
                    output: output, console: console, failed: failed, report: SimRealCamera.Report(json: json, plot: plotPath, lines: reportLines)))
        }
        let (result, times) = try timedRun(simulation, realtime: arguments.flag("realtime"), failed: failed) { hooks throws(SimulationError) in
            try simulation.run(hooks: hooks)
        }
        return try report(result, times, json: json, plot: plotPath, output: output, reportLines: reportLines, console: console)
    }

    /// What a run says: the plot, then the event stream (`--json`) or the report and summary;
    /// the exit status (`finish`).
    static func report<P: CameraProcesses>(
        _ result: SimulationResult<CameraSession<P>>, _ times: RunTimes, json: Bool, plot plotPath: String?, output: SimOutputDirectory,
        reportLines: ([TimedEvent], [ExpectationResult]) -> [String], console: Console
    ) throws(CommandError) -> Int32 {
        let durationSeconds = result.recording.durationSeconds
        if let plotPath {
            try OutputFile.write(Array(TimelinePlot.svg(result.recording).utf8), to: plotPath)
        }
        if json {
            for line in result.jsonLines { console.print(line) }
        } else {
            for line in reportLines(result.events, result.expectations).dropFirst() {
                console.print(line)
            }
            console.print("")
            for line in summary(
                result, wallSeconds: times.wallSeconds, totalCPUSeconds: times.cpuSeconds, cpuSeconds: times.cpuSeconds - times.renderCPUSeconds,
                renderSeconds: times.renderSeconds, durationSeconds: durationSeconds, output: output, plot: plotPath)
            {
                console.print(line)
            }
        }
        return try finish(result, console: console)
    }

    /// `--seed` of a plain run, after refusing the options that go with `--soak` only.
    static func plainRunSeed(_ arguments: ParsedArguments) throws(CommandError) -> UInt64? {
        for option in ["swarm", "jobs"] where arguments.value(option) != nil {
            throw .usage(UsageError("option '--\(option)' goes with '--soak'"))
        }
        if arguments.flag("mix") { throw .usage(UsageError("option '--mix' goes with '--soak'")) }
        return try seedOption(arguments)
    }

    /// `--seed`, when given; exit 2 with the parser's line when it is not a UInt64.
    static func seedOption(_ arguments: ParsedArguments) throws(CommandError) -> UInt64? {
        do throws(UsageError) {
            return try arguments.value("seed", as: UInt64.self)
        } catch {
            throw .usage(error)
        }
    }

    /// A run's wall and CPU seconds, whole and spent rendering photos.
    typealias RunTimes = (wallSeconds: Double, cpuSeconds: Double, renderSeconds: Double, renderCPUSeconds: Double)

    /// Runs the simulation with the progress bar (paced to the wall clock when `realtime`),
    /// timing the whole and, apart, rendering photos: that is the camera's work, not the
    /// firmware's, so the speed figure is the simulated firmware's. A simulation error goes
    /// to `failed`, which throws the command's error.
    static func timedRun<P: CameraProcesses>(
        _ simulation: Simulation, realtime: Bool, failed: (SimulationError) throws(CommandError) -> Never,
        run: (SimulationHooks) throws(SimulationError) -> SimulationResult<CameraSession<P>>
    ) throws(CommandError) -> (SimulationResult<CameraSession<P>>, RunTimes) {
        var bar = ProgressBar.onStandardError(totalSeconds: simulation.scenario.durationSeconds)
        var hooks = SimulationHooks(progress: { bar.update(doneSeconds: $0) })
        if realtime {
            let pacer = RealtimePacer(virtualStart: .zero, wallNow: MonotonicClock.now, sleep: sleep)
            hooks.beforeStep = { pacer.wait(until: $0) }
        }
        var renderSeconds = 0.0
        var renderCPUSeconds = 0.0
        let wallStart = MonotonicClock.now()
        let cpuStart = processCPUTime()
        let result: SimulationResult<CameraSession<P>>
        do throws(SimulationError) {
            hooks.rendering = { render in
                let start = MonotonicClock.now()
                let cpuStart = processCPUTime()
                render()
                renderSeconds += (MonotonicClock.now() - start).seconds
                renderCPUSeconds += (processCPUTime() - cpuStart).seconds
            }
            result = try run(hooks)
        } catch {
            bar.finish()
            try failed(error)
        }
        let wallSeconds = (MonotonicClock.now() - wallStart).seconds
        let cpuSeconds = (processCPUTime() - cpuStart).seconds
        bar.finish()
        return (result, (wallSeconds, cpuSeconds, renderSeconds, renderCPUSeconds))
    }

    /// The camera's problems and the journal's errors on standard error; exit 1 when an
    /// expectation was not met (thrown) or a journal write failed.
    static func finish<P: CameraProcesses>(_ result: SimulationResult<CameraSession<P>>, console: Console) throws(CommandError) -> Int32 {
        var camera = result.camera
        for problem in camera.takeProblems() {
            console.printError("upright sim: camera: " + problem)
        }
        for error in result.journalErrors {
            console.printError("upright sim: " + error.description)
        }
        if !result.allExpectationsMet {
            let failed = result.expectations.filter { !$0.passed }.count
            throw .failed("\(failed) of \(result.expectations.count) expectations not met")
        }
        return result.journalErrors.isEmpty ? 0 : 1
    }

    /// The sampling statistics, the files written, and the speed (the only line that differs
    /// between two runs of one scenario and seed; `--json` leaves all of this out). The first
    /// speed is the whole simulation's (photos included; `upright bench` reads it from the
    /// "simulated D s in W s:" prefix), the second leaves out rendering photos (the camera's
    /// work); `totalCPUSeconds` and `cpuSeconds` are the CPU times of the whole and of that
    /// rest, which other processes sharing the cores do not inflate.
    static func summary<P: CameraProcesses>(
        _ result: SimulationResult<CameraSession<P>>, wallSeconds: Double, totalCPUSeconds: Double, cpuSeconds: Double, renderSeconds: Double,
        durationSeconds: Double, output: SimOutputDirectory, plot: String?
    ) -> [String] {
        let s = result.stats
        var lines = [
            "sensor: \(s.samplesDelivered) samples in \(s.reads) reads (\(s.readErrors) failed), \(s.samplesLost) lost, \(s.ringDropped) dropped by the ring",
            "faults: \(s.faultsInjected) injected; sensor failed \(s.sensorFaults), recovered \(s.sensorRecoveries), restarted \(s.sensorRestarts) times",
            "bus: \(s.wire.wireBytes) bytes on the wire in \(s.wire.transactions) transactions (\(s.wire.failedTransactions) failed)",
            result.light.summary,
        ]
        // A touch's photo that its press gave up (a hold's) was written, then deleted.
        var files = result.camera.written.filter { POSIXFile.exists($0) }
        if let journal = result.journalPath { files.append(journal) }
        // The plot is named with the files when it went into the output directory, and on a
        // line of its own when it went elsewhere (the working directory, another folder).
        let plotInOutput = plot.map { output.contains($0) } ?? false
        if let plot, plotInOutput { files.append(SimOutputDirectory.fileName(plot)) }
        lines.append(
            "wrote \(files.count) files to \(output.path)/: "
                + files.map { $0.hasPrefix(output.path + "/") ? String($0.dropFirst(output.path.count + 1)) : $0 }.joined(separator: " "))
        if let plot, !plotInOutput { lines.append("wrote the plot to \(plot)") }
        let firmwareSeconds = max(wallSeconds - renderSeconds, 1e-9)
        let wholeSpeed = durationSeconds / max(wallSeconds, 1e-9)
        let speed = durationSeconds / firmwareSeconds
        let cpuSpeed = durationSeconds / max(cpuSeconds, 1e-9)
        lines.append(
            "simulated \(TextFormat.fixed(durationSeconds, decimals: 1)) s in \(TextFormat.fixed(wallSeconds, decimals: 3)) s "
                + "(\(Int(wholeSpeed.rounded()))x real time; \(TextFormat.fixed(totalCPUSeconds, decimals: 3)) s of CPU, \(Int((durationSeconds / max(totalCPUSeconds, 1e-9)).rounded()))x): "
                + "\(TextFormat.fixed(renderSeconds, decimals: 3)) s rendering photos and movies, \(TextFormat.fixed(firmwareSeconds, decimals: 3)) s the rest "
                + "(\(Int(speed.rounded()))x; \(TextFormat.fixed(cpuSeconds, decimals: 3)) s of CPU, \(Int(cpuSpeed.rounded()))x)")
        return lines
    }

    /// The scenario at `path`, or the built-in demo; exit 2 with the loader's line.
    static func loadScenario(_ path: String?) throws(CommandError) -> Scenario {
        do throws(ScenarioError) {
            if let path { return try ScenarioLoader.load(path: path) }
            return try DemoScenario.load()
        } catch {
            throw .badInput(error.description)
        }
    }

    /// Where the scenario's `board` is looked for: next to the scenario file, then the working
    /// directory; the default `boards/sim.json` falls back to the copy built into the binary.
    static func boardCandidates(_ board: String, scenarioFile: String?) -> [String] {
        guard !board.hasPrefix("/") else { return [board] }
        var candidates: [String] = []
        if let scenarioFile {
            let folder = POSIXFile.directoryName(scenarioFile)
            candidates.append(folder == "." ? board : folder + "/" + board)
        }
        if !candidates.contains(board) { candidates.append(board) }
        return candidates
    }

    static func boardName(_ board: String, scenarioFile: String?) -> String {
        boardCandidates(board, scenarioFile: scenarioFile).first { POSIXFile.exists($0) } ?? SimBoardFile.fileName
    }

    /// The board a soak or a life runs on: the one `scenarioPath` names (the scenario only
    /// names it), or the default; with the path it was looked for under.
    static func scenarioBoard(_ scenarioPath: String?) throws(CommandError) -> (board: Board, path: String) {
        var boardPath = Scenario.defaultBoard
        if let scenarioPath {
            do throws(ScenarioError) {
                boardPath = try ScenarioLoader.load(path: scenarioPath).board
            } catch {
                throw .badInput(error.description)
            }
        }
        return (try loadBoard(boardPath, scenarioFile: scenarioPath), boardPath)
    }

    static func loadBoard(_ board: String, scenarioFile: String?) throws(CommandError) -> Board {
        let candidates = boardCandidates(board, scenarioFile: scenarioFile)
        do throws(BoardError) {
            if let path = candidates.first(where: { POSIXFile.exists($0) }) { return try Board.load(path: path) }
            if board == Scenario.defaultBoard { return try SimBoardFile.load() }
        } catch {
            throw .badInput(error.description)
        }
        throw .badInput("\(scenarioFile ?? DemoScenario.fileName): board: \(board) not found (looked for \(candidates.joined(separator: " and ")))")
    }

    /// CPU time of this process, every thread of it (a clip's frames render on two): the
    /// speed figure without the other processes sharing the cores.
    private static func processCPUTime() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    static func sleep(_ span: TimeSpan) {
        var request = timespec(tv_sec: Int(span.nanoseconds / 1_000_000_000), tv_nsec: Int(span.nanoseconds % 1_000_000_000))
        var remaining = timespec()
        _ = nanosleep(&request, &remaining)
    }
}
