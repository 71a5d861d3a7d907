#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright calibrate`: find the mount matrix and the chip's offsets from a few poses, and
/// write them into the board file
enum CalibrateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "calibrate",
        summary: "find the mount matrix and offsets from a few poses and write them into the board file",
        positionals: [],
        options: [
            .value("board", "FILE", help: "board file to calibrate (rewritten in place; the old one is kept as FILE.bak)"),
            .value("poses", "N", help: "how many poses, 2 to 6 (default 6): see below"),
            .value("sim", "SCENARIO", help: "on the simulated board: the scenario plays the poses (and mounts and biases the chip)"),
            .value("seed", "N", help: "with --sim: seed for the noise (default: the scenario's, else 1)"),
            .flag("realtime", help: "with --sim: pace the scenario to the wall clock"),
            .flag("dry-run", help: "show the result, write nothing"),
        ],
        discussion: """
            Asks for the camera in up to six poses, one after the other: upright; on its left side
            (right edge up); on its back, lens up; upside down; on its right side (left edge up);
            on its front, lens down. It notices by itself when the camera rests (1.5 s still; a
            shutter press takes a resting pose at once) and refuses a pose taken while moving, a
            reading far from 1 g (after the offset the poses so far show), a pose not square to
            an earlier one, the same pose twice, or another pose than the one asked for, saying
            where the camera is and what to do. Poses are judged against each other, not against
            a guess: one taken on the wrong side is found once a later pose sees that axis the
            other way, and asked for again; nothing is written while the poses disagree.
            The chip may be glued at any angle: the matrix is the rotation the poses fit, the
            exact axis permutation when the poses' own scatter explains the fit's distance from
            one (an F test of the residuals, at 95%); the chip's own angle is shown apart from
            how squarely each pose was held.
            2 poses give the mount matrix (its third row by the right-hand rule, trusting both
            poses), 3 check it on every axis; an axis's offset needs it seen up and down: 4 poses
            give the up-down axis's, 5 also the left-right one's, 6 all three. Axes not measured
            keep the board's earlier offsets. The result is written as sensor.mount_matrix and
            sensor.offset_g (g on the chip's own axes, subtracted in software), in the file's own
            text, after checking before the first pose that the file can be written.
            Exit status: 0 written, 1 when the poses disagree, the run stopped first or the file
            cannot be written (nothing written), 2 for a bad board file, scenario or option.
            """)

    /// A person with a camera gets this long on a board.
    static let limit = TimeSpan.seconds(900)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let path = try boardPath(arguments)
        let board = try RunCommand.loadBoard(arguments)
        let poses = try posesOption(arguments)
        // Before the first pose: a file that cannot be written would lose them all.
        if !arguments.flag("dry-run") {
            do throws(BoardError) {
                try BoardFileEditor.checkWritable(path)
            } catch {
                throw .failed("\(error.description); nothing asked, nothing changed")
            }
        }
        // The chip as it reads, before the board's beliefs: no matrix, no offsets, and the
        // accelerometer alone (the poses are measured by gravity; the gyro only costs bus).
        var raw = board.sensor
        raw.mountMatrix = .identity
        raw.offsetG = .zero
        raw.gyro = false
        var session = CalibrationSession(plan: CalibrationPose.plan(poses: poses), priorOffsetG: board.sensor.offsetG)
        let outcome: CalibrationRun.Outcome
        if let scenarioPath = arguments.value("sim") {
            let feed = try simulatedFeed(scenarioPath, board: board, raw: raw, arguments)
            introduce(board: board, sensor: feed.sensorName, poses: poses, console: console)
            outcome = CalibrationRun.run(&session, feed: feed, limit: limit) { console.print($0) }
        } else {
            if arguments.flag("realtime") || arguments.value("seed") != nil {
                throw .usage(UsageError("--seed and --realtime go with --sim"))
            }
            do throws(FirmwareError) {
                let devices = try BoardDevices.open(board)
                let feed = try LinuxSensorFeed(
                    settings: raw, supervision: board.firmwareSettings().supervision, devices: devices,
                    clock: { MonotonicClock.now() }, note: { console.printError("upright calibrate: " + $0) })
                introduce(board: board, sensor: feed.sensorName, poses: poses, console: console)
                if devices.shutter != nil { console.print("(or press the shutter once it rests)") }
                console.flush()
                outcome = CalibrationRun.run(&session, feed: feed, limit: limit) { line in
                    console.print(line)
                    console.flush()
                }
            } catch {
                throw RunCommand.commandError(error, arguments)
            }
        }
        return try finish(outcome, path: path, dryRun: arguments.flag("dry-run"), console: console)
    }

    /// `--poses`, checked: 2 to 6 (all six when absent).
    static func posesOption(_ arguments: ParsedArguments) throws(CommandError) -> Int {
        let poses: Int
        do throws(UsageError) {
            poses = try arguments.value("poses", default: CalibrationPose.maximumPoses)
        } catch {
            throw .usage(error)
        }
        guard (CalibrationPose.minimumPoses...CalibrationPose.maximumPoses).contains(poses) else {
            throw .usage(UsageError("option '--poses': \(poses) is not 2 to 6"))
        }
        return poses
    }

    /// A finished run's result written to the board file (or shown, with `dryRun`); any other
    /// outcome exits 1 with the file unchanged.
    static func finish(_ outcome: CalibrationRun.Outcome, path: String, dryRun: Bool, console: Console) throws(CommandError) -> Int32 {
        switch outcome {
        case .finished(let result):
            return try write(result, to: path, dryRun: dryRun, console: console)
        case .failed(let error):
            throw .failed("\(error.description); \(path) not changed")
        case .stopped(let taken, let planned):
            throw .failed("stopped after \(taken) of \(planned) poses; \(path) not changed")
        case .feedFailed(let reason):
            throw .failed("\(reason); \(path) not changed")
        }
    }

    static func boardPath(_ arguments: ParsedArguments) throws(CommandError) -> String {
        guard let path = arguments.value("board") else { throw .usage(UsageError("option '--board' is required")) }
        return path
    }

    static func introduce(board: Board, sensor: String, poses: Int, console: Console) {
        console.print("upright calibrate: \(board.name): \(sensor)")
        console.print("\(poses) poses give \(CalibrationPose.gives(poses: poses)); rest the camera in each until it is taken")
    }

    static func simulatedFeed(
        _ scenarioPath: String, board: Board, raw: Board.SensorSettings, _ arguments: ParsedArguments
    ) throws(CommandError) -> SimSensorFeed {
        let scenario: Scenario
        do throws(ScenarioError) {
            scenario = try ScenarioLoader.load(path: scenarioPath)
        } catch {
            throw .badInput(error.description)
        }
        let seedOption = try SimCommand.seedOption(arguments)
        var pace: ((Instant) -> Void)?
        if arguments.flag("realtime") {
            let pacer = RealtimePacer(virtualStart: .zero, wallNow: MonotonicClock.now, sleep: SimCommand.sleep)
            pace = { pacer.wait(until: $0) }
        }
        do throws(SimulationError) {
            return try SimSensorFeed(scenario: scenario, board: board, settings: raw, seed: seedOption ?? scenario.seed ?? 1, pace: pace)
        } catch {
            throw .badInput("\(scenarioPath): \(error.description)")
        }
    }

    /// Shows the result and writes it: the matrix always, the offsets when a pose measured one.
    static func write(_ result: CalibrationResult, to path: String, dryRun: Bool, console: Console) throws(CommandError) -> Int32 {
        var edits = [BoardFileEditor.Edit(key: "mount_matrix", valueText: JSONWriter.quoted(CalibrationText.matrixText(result.mount)))]
        if !result.measuredAxes.isEmpty {
            edits.append(BoardFileEditor.Edit(key: "offset_g", valueText: CalibrationText.offsetText(result.offsetG)))
        }
        let keys = edits.map { "sensor.\($0.key)" }.joined(separator: " and ")
        if dryRun {
            console.print("dry run: \(path) not changed (would write \(keys))")
            return 0
        }
        do throws(BoardError) {
            let backup = try BoardFileEditor.rewrite(path, with: edits)
            console.print("wrote \(keys) into \(path) (the previous file is \(backup))")
        } catch {
            throw .failed(error.description)
        }
        return 0
    }
}
