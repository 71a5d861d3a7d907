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
/// firmware shuts down, and the run goes on for the camera's longest shutdown so that a photo
/// in flight is finished, a clip stopped and named, and no program is left behind (one that is
/// still running then is killed).
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
        if simulation.scenario.shutdownSeconds == nil { simulation.scenario.shutdownSeconds = simulation.scenario.durationSeconds }
        simulation.scenario.durationSeconds += camera.longestShutdown.seconds
        let (result, times) = try SimCommand.timedRun(simulation, realtime: true, failed: failed) { hooks throws(SimulationError) in
            try simulation.run(hooks: hooks, naming: naming) { _ in camera }
        }
        var left = result.camera
        if left.isBusy {
            left.processes.kill(at: MonotonicClock.now())
            console.printError("upright sim: camera: a program still ran after the shutdown's \(camera.longestShutdown.seconds) s; killed")
        }
        return (result, times)
    }
}
