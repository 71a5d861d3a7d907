#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright run`: run the firmware on real hardware from a board file
enum RunCommand: Subcommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "run the firmware on real hardware from a board file",
        positionals: [],
        options: [
            .value("board", "FILE", help: "board file (JSON)"),
            .flag("json", help: "write the NDJSON event stream to stdout"),
            .value("wait", "SECONDS", help: "wait up to SECONDS (60; 0 not at all) for a device that is not there yet"),
        ],
        discussion: """
            Opens the board's I2C bus and accelerometer, requests the shutter GPIO line (pull-up,
            active-low, both edges, kernel debounce) and runs the camera commands. A short press
            takes a photo, a hold records a clip until the next press. Every record is appended
            to the board's journal (fsynced) before it is printed: readable lines on stderr, or
            the NDJSON event stream on stdout with --json. SIGINT or SIGTERM stops a clip
            cleanly and exits 0; SIGHUP reopens the journal (for logrotate). The journal rotates
            itself: past output.journal_segment_kb its file is closed as the next segment
            (journal.ndjson.000001, ...) and start-up reads only the live file, which begins with
            a checkpoint of what came before. At start, before the
            first sample, the output directory is reconciled with the journal: temporary files a
            power cut left are removed, a finished photo or clip the journal lacks is journaled
            as file-recovered, a journaled file that is gone as file-missing, a clip started and
            never ended as record-failed (interrupted); numbers go on after the highest used.
            A device that is not there yet (the I2C bus or a GPIO chip that udev creates after the
            service starts) is waited for, with a note, for --wait seconds; then it is an error.
            Exit status: 2 for a bad board file, 1 for a missing or refused device.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let board = try loadBoard(arguments)
        if case .simulated = board.camera.backend {
            throw .badInput(
                "\(arguments.value("board") ?? ""): camera.backend: run drives the command and v4l2 backends; this board uses the simulated camera (try upright sim)"
            )
        }
        let json = arguments.flag("json")
        // A closed stdout (`upright run --json | head`) must not kill the firmware mid-clip:
        // writes then fail quietly instead. Camera commands get SIGPIPE back (ChildProcess).
        signal(SIGPIPE, SIG_IGN)
        let origin = MonotonicClock.now()
        let note: (String) -> Void = { console.printError("upright run: " + $0) }
        let context = Context(console: console, json: json, origin: origin, note: note, arguments: arguments)

        var wait = DeviceWait.standard
        do throws(UsageError) {
            let seconds = try arguments.value("wait", default: wait.limitSeconds)
            guard (0...86_400).contains(seconds) else { throw UsageError("option '--wait': \(seconds) is not between 0 and 86400 seconds") }
            wait.limitSeconds = seconds
        } catch {
            throw .usage(error)
        }
        // Devices first: a missing bus or line is reported before anything is created on disk.
        let devices = try openDevices(board, waiting: wait, note: note)
        checkBusClock(board, busName: devices.busName, note: note)
        try makeDirectory(board.output.directory)
        // A camera program an earlier run left when it died alone would hold the camera (and
        // write temporary files): stopped first, if it is still that program, before start-up
        // reconciles the directory.
        stopLeftoverCamera(journal: board.output.journal, note: note)
        let isV4L2 = if case .v4l2 = board.camera.backend { true } else { false }
        let naming = MediaNaming(clipExtension: isV4L2 ? V4L2Camera.clipExtension : PiCamera.clipExtension)
        let startup = try startOutput(board, naming: naming, note: note)
        if let camera = V4L2Camera.v4l2(board: board, naming: naming, note: note, clock: { MonotonicClock.now() }) {
            return try drive(camera, board: board, devices: devices, startup: startup, context)
        }
        guard let camera = PiCamera.command(board: board, naming: naming, note: note, clock: { MonotonicClock.now() }) else {
            throw .badInput("camera.backend: not the command backend")
        }
        return try drive(camera, board: board, devices: devices, startup: startup, context)
    }

    /// What `run` hands on to the loop: the console, the origin of the records' times, the
    /// notes' printer and the arguments (for errors).
    struct Context {
        var console: Console
        var json: Bool
        var origin: Instant
        var note: (String) -> Void
        var arguments: ParsedArguments
    }

    /// The firmware's loop over `camera` until it is shut down: the records, the light, the
    /// journal's thread, `LinuxFirmware`.
    static func drive<Cam: LinuxCamera>(
        _ camera: Cam, board: Board, devices: FirmwareDevices<LinuxI2CBus>, startup: OutputStartup, _ context: Context
    ) throws(CommandError) -> Int32 {
        let (console, json, origin, note, arguments) = (context.console, context.json, context.origin, context.note, context.arguments)
        var records = startup.records(origin: origin, output: ConsoleEvents(console: console, json: json, origin: origin, note: note))
        let light = devices.led.map { RecordingLightDriver.driving($0, note: note) }
        records.observer = light?.observer
        defer { devices.led?.release() }
        // The journal's fsyncs (and the lines printed after them) off the engine's step: a slow
        // card must not keep the loop from the chip and the shutter (DurableWork).
        if !records.moveDurableWorkToAThread() {
            note("journal: no thread for the journal's writes; they stay in the engine's step")
        }
        func finishRecords() {
            let waits = records.finishDurableWork()
            if waits > 0 {
                note("journal: records were held \(waits) time(s) for the card (\(DurableWork<ConsoleEvents>.defaultCapacity) queued)")
            }
        }

        do throws(FirmwareError) {
            let firmware = try LinuxFirmware(
                board: board, devices: devices, camera: camera, records: records,
                numberedAfter: startup.numberedAfter, clock: { MonotonicClock.now() }, note: note)
            note("\(firmware.sensorName), sampling \(describe(firmware)); journal \(board.output.journal); files in \(board.output.directory)")
            if let light { firmware.ports.wake(for: light) { MonotonicClock.now() } }
            try firmware.run { light?.update(at: MonotonicClock.now()) }
            finishRecords()
            console.flush()
            note("stopped (\(firmware.engine.samplesHandled) samples, \(firmware.engine.edgesHandled) shutter edges)")
            return 0
        } catch {
            finishRecords()
            console.flush()
            throw commandError(error, arguments)
        }
    }

    /// The start-up every command shares, on the board's output directory and kept journal
    /// (reconciled: see the discussion), its notes noted.
    static func startOutput(_ board: Board, naming: MediaNaming, note: (String) -> Void) throws(CommandError) -> OutputStartup {
        let startup: OutputStartup
        do throws(FileError) {
            startup = try OutputStartup(
                directory: board.output.directory, journal: .kept(path: board.output.journal), naming: naming,
                journalSegmentBytes: board.output.journalSegmentBytes)
        } catch {
            throw .failed("journal \(error)")
        }
        for line in startup.notes { note(line) }
        return startup
    }

    /// The board's devices (bus, chip, shutter line, light), a missing one waited for as `wait`
    /// says (not at all without one); exit 1 when one is still missing, or refused.
    static func openDevices(
        _ board: Board, waiting wait: DeviceWait? = nil, note: (String) -> Void = { _ in }
    ) throws(CommandError)
        -> FirmwareDevices<LinuxI2CBus>
    {
        do throws(FirmwareError) {
            guard let wait else { return try BoardDevices.open(board) }
            return try BoardDevices.open(board, waiting: wait, note: note)
        } catch {
            throw .failed(error.description)
        }
    }

    /// A firmware error as the command's: a bad board exits 2 naming `--board`'s file, a
    /// device 1.
    static func commandError(_ error: FirmwareError, _ arguments: ParsedArguments) -> CommandError {
        switch error.kind {
        case .badBoard: .badInput("\(arguments.value("board") ?? ""): \(error.description)")
        case .device: .failed(error.description)
        }
    }

    /// Notes a bus clock (from the device tree) other than the board's `i2c.speed_hz`: the
    /// board's figure is what the sampling plan was made for.
    static func checkBusClock(_ board: Board, busName: String, note: (String) -> Void) {
        if let hertz = I2CAdapterClock.hertz(bus: board.i2c.bus), hertz != board.i2c.speedHz {
            note(
                "\(busName) runs at \(hertz) Hz (device tree), the board says i2c.speed_hz \(board.i2c.speedHz): set it to \(hertz), or change dtparam=i2c_arm_baudrate"
            )
        }
    }

    /// Stops the camera program an earlier run recorded (`CameraChildRecord`) if it is still
    /// running and still that program, and notes what it found.
    static func stopLeftoverCamera(journal: String, note: (String) -> Void) {
        switch CameraChildRecord(journal: journal).stopLeftover() {
        case .none: break
        case .notOurs(let pid):
            note("camera: the recorded camera program (pid \(pid)) is gone; pid \(pid) is now another process, left alone")
        case .stopped(let pid, let program, let killed):
            note("camera: stopped \(program) (pid \(pid)) left running by an earlier run\(killed ? " (SIGKILL: it ignored SIGTERM)" : "")")
        case .survived(let pid, let program):
            note("camera: \(program) (pid \(pid)) left running by an earlier run would not end (SIGTERM, SIGKILL)")
        }
    }

    /// The board named by `--board`, or exit 2 with the loader's one line.
    static func loadBoard(_ arguments: ParsedArguments) throws(CommandError) -> Board {
        guard let path = arguments.value("board") else {
            throw .usage(UsageError("option '--board' is required"))
        }
        do throws(BoardError) {
            return try Board.load(path: path)
        } catch {
            throw .badInput(error.description)
        }
    }

    static func describe<B, C, O>(_ firmware: LinuxFirmware<B, C, O>) -> String {
        let interval = firmware.engine.schedule.interval
        return firmware.samplingOnThread
            ? "every \(interval.microseconds) us on the sampler thread" : "every \(interval.milliseconds) ms on the event loop"
    }

    /// Creates the output directory (one level) when missing.
    static func makeDirectory(_ path: String) throws(CommandError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .failed("output directory \(path): \(String(cString: strerror(errno)))")
        }
    }
}
