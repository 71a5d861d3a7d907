import UprightCore
import UprightHost
import UprightLinux

/// `upright trace`: record samples and the button as a trace (CSV) on stdout
enum TraceCommand: Subcommand {
    static let spec = CommandSpec(
        name: "trace",
        summary: "record samples and the button as a trace (CSV) on stdout",
        positionals: [],
        options: [
            .value("board", "FILE", help: "board file (JSON)"),
            .value("seconds", "S", help: "how long to record (up to 86400)"),
        ],
        discussion: """
            Writes the trace format `upright replay` reads: a header (t,ax,ay,az, and button when
            the board names a shutter line), then one line per sample: t in seconds from the
            start, acceleration in g in the device frame (after the board's mount matrix and offsets), the
            button 1 while pressed. Stops after S seconds, or at SIGINT/SIGTERM with a valid
            trace so far.
            """)

    static let maximumSeconds = 86_400.0

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        guard let text = arguments.value("seconds") else { throw .usage(UsageError("option '--seconds' is required")) }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= maximumSeconds else {
            throw .usage(UsageError("option '--seconds': '\(text)' is not a number of seconds in (0, 86400]"))
        }
        let board = try RunCommand.loadBoard(arguments)
        let note: (String) -> Void = { console.printError("upright trace: " + $0) }
        do throws(FirmwareError) {
            let devices = try BoardDevices.open(board)
            let session = try LinuxTraceSession(
                board: board, devices: devices, clock: { MonotonicClock.now() },
                output: { console.print($0) }, note: note)
            let rows = try session.record(
                seconds: seconds,
                comments: [
                    "upright trace: \(board.name)",
                    "\(session.sensorName), mount matrix and offsets applied (device frame)",
                ])
            console.flush()
            note("\(rows) samples")
            return 0
        } catch {
            console.flush()
            switch error.kind {
            case .badBoard: throw .badInput("\(arguments.value("board") ?? ""): \(error.description)")
            case .device: throw .failed(error.description)
            }
        }
    }
}
