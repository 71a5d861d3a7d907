import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright sim --realtime` on a board whose camera is real (`camera.backend` `command`: rpicam
/// or a maker's own programs): the simulated sensor and button drive the board's own camera,
/// so a maker can try the camera, its programs and the files before the IMU is wired. The
/// engine is the one a Pi runs; only the sensor and the shutter are simulated, in virtual time
/// paced to the wall clock (the camera's programs take real time, so such a run is never
/// flat out).
///
/// The run ends as `upright run` ends on SIGTERM: at the scenario's end (or its `shutdown`) the
/// firmware shuts down, and the run goes on until the camera's programs have ended (a photo in
/// flight finished, a clip stopped and named), for the camera's longest shutdown at most; a
/// program still running then is killed.
enum SimRealCamera {
    /// Whether the board's camera is real; a real camera without `--realtime` is refused.
    static func wanted(board: Board, realtime: Bool) throws(CommandError) -> Bool {
        guard case .command = board.camera.backend else { return false }
        guard realtime else {
            throw .usage(UsageError("the board's camera is real (camera.backend command): run it with --realtime, its programs take real time"))
        }
        return true
    }

    static func run(
        _ simulation: Simulation, output: SimOutputDirectory, console: Console, failed: (SimulationError) throws(CommandError) -> Never
    ) throws(CommandError) -> (SimulationResult<PiCamera>, SimCommand.RunTimes) {
        var simulation = simulation
        var board = simulation.board
        board.output.directory = output.path
        board.output.journal = output.path + "/" + Simulation.journalName
        RunCommand.stopLeftoverCamera(journal: board.output.journal) { console.printError("upright sim: " + $0) }
        let naming = MediaNaming(clipExtension: PiCamera.clipExtension)
        guard let camera = PiCamera.command(board: board, naming: naming) else {
            throw .failed("the board's camera could not be set up")
        }
        let shutdown = Instant.zero + TimeSpan(seconds: simulation.scenario.shutdownSeconds ?? simulation.scenario.durationSeconds)
        simulation.scenario.shutdownSeconds = shutdown.seconds
        simulation.scenario.durationSeconds = shutdown.seconds + camera.longestShutdown.seconds
        var endedAt = Instant.zero
        var ended = false
        let (finished, times) = try SimCommand.timedRun(simulation, realtime: true, failed: failed) { hooks throws(SimulationError) in
            // Once shut down, the run ends when the camera's programs have.
            var hooks = hooks
            let look = hooks.stepped
            hooks.stepped = { view in
                look?(view)
                endedAt = view.now
                ended = view.now > shutdown && !view.cameraBusy
            }
            hooks.shouldStop = { ended }
            return try simulation.run(hooks: hooks, naming: naming) { _ in camera }
        }
        // The time the run took, not the bound it may take.
        var result = finished
        result.recording.durationSeconds = endedAt.seconds
        var left = result.camera
        if left.isBusy {
            left.processes.kill(at: MonotonicClock.now())
            console.printError("upright sim: camera: a program still ran after the shutdown's \(camera.longestShutdown.seconds) s; killed")
        }
        return (result, times)
    }
}
