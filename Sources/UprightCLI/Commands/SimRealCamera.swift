import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright sim --realtime` on a board whose camera is real (`camera.backend` `command`: rpicam
/// or a maker's own programs; `v4l2`: a webcam or a camera module through V4L2): the simulated
/// sensor and button drive the board's own camera, so a maker can try the camera, its programs
/// and the files before the IMU is wired. The engine is the one a Pi runs; only the sensor and
/// the shutter are simulated, in virtual time from zero paced to the wall clock (the camera
/// takes real time, so such a run is never flat out). A V4L2 device's frame timestamps are on
/// CLOCK_MONOTONIC: they are moved to the run's time by the instant it started.
///
/// The run ends as `upright run` ends on SIGTERM: at the scenario's end (or its `shutdown`) the
/// firmware shuts down, and the run goes on until the camera's programs have ended (a photo in
/// flight finished, a clip stopped and named), for the camera's longest shutdown at most; a
/// program still running then is killed.
enum SimRealCamera {
    /// Whether the board's camera is driven: a real one with `--realtime`. Without it the
    /// simulated camera stands in (flat out, deterministic), and `note` says so.
    static func wanted(board: Board, realtime: Bool, note: (String) -> Void) -> Bool {
        let standIn: String
        switch board.camera.backend {
        case .simulated: return false
        case .command:
            standIn = "the board's command camera is run with --realtime only; the simulated camera stands in (its session rules are the same)"
        case .v4l2: standIn = "the board's V4L2 device is opened with --realtime only; the simulated camera's frame ring stands in at its frame rate"
        }
        if !realtime { note(standIn) }
        return realtime
    }

    /// What the run needs of the command: its output, console and error mapping, and how it
    /// reports a finished run (`SimCommand.report`).
    struct Context {
        var output: SimOutputDirectory
        var console: Console
        var failed: (SimulationError) throws(CommandError) -> Never
        var report: Report
    }

    /// `SimCommand.report`'s other arguments.
    struct Report {
        var json: Bool
        var plot: String?
        var lines: ([TimedEvent], [ExpectationResult]) -> [String]
    }

    /// Runs `simulation` with the board's camera; the exit status.
    static func run(_ simulation: Simulation, _ context: Context) throws(CommandError) -> Int32 {
        var board = simulation.board
        board.output.directory = context.output.path
        board.output.journal = context.output.path + "/" + Simulation.journalName
        let note = { (line: String) in context.console.printError("upright sim: " + line) }
        RunCommand.stopLeftoverCamera(journal: board.output.journal, note: note)
        if case .v4l2 = board.camera.backend {
            let origin = MonotonicClock.now()
            let naming = MediaNaming(clipExtension: V4L2Camera.clipExtension)
            let camera = V4L2Camera.v4l2(board: board, naming: naming, note: note, clockOrigin: origin) {
                Instant.zero + (MonotonicClock.now() - origin)
            }
            guard let camera else { throw .failed("the board's camera could not be set up") }
            return try run(simulation, camera: camera, naming: naming, context)
        }
        let naming = MediaNaming(clipExtension: PiCamera.clipExtension)
        // The run's clock, which its virtual time is paced to (`RealtimePacer`).
        let origin = MonotonicClock.now()
        guard let camera = PiCamera.command(board: board, naming: naming, note: note, clock: { Instant.zero + (MonotonicClock.now() - origin) })
        else {
            throw .failed("the board's camera could not be set up")
        }
        return try run(simulation, camera: camera, naming: naming, context)
    }

    static func run<P: LinuxCameraProcesses>(
        _ simulation: Simulation, camera: CameraSession<P>, naming: MediaNaming, _ context: Context
    ) throws(CommandError) -> Int32 {
        var simulation = simulation
        let shutdown = Instant.zero + TimeSpan(seconds: simulation.scenario.shutdownSeconds ?? simulation.scenario.durationSeconds)
        simulation.scenario.shutdownSeconds = shutdown.seconds
        simulation.scenario.durationSeconds = shutdown.seconds
        var endedAt = Instant.zero
        var ended = false
        let (finished, times) = try SimCommand.timedRun(simulation, realtime: true, failed: context.failed) { hooks throws(SimulationError) in
            // The run ends when the engine says so (`FirmwarePhase`: the shutdown's rule).
            var hooks = hooks
            let look = hooks.stepped
            hooks.stepped = { view in
                look?(view)
                endedAt = view.now
                ended = view.phase == .finished
            }
            hooks.shouldStop = { ended }
            return try simulation.run(hooks: hooks, naming: naming) { _ in camera }
        }
        // The time the run took, not the bound it may take.
        var result = finished
        result.recording.durationSeconds = endedAt.seconds
        var left = result.camera
        for line in left.takePortNotes() { context.console.printError("upright sim: camera: " + line) }
        if left.isBusy {
            left.processes.kill(at: endedAt)
            context.console.printError("upright sim: camera: a program still ran after the shutdown's \(camera.longestShutdown.seconds) s; killed")
        }
        return try SimCommand.report(
            result, times, json: context.report.json, plot: context.report.plot, output: context.output, reportLines: context.report.lines,
            console: context.console)
    }
}
