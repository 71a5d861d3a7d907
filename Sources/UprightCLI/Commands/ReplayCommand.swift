#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightSim

/// `upright replay`: replay a recorded trace through the detector and state machine
///
/// All or nothing: samples stream through in constant memory, but the event lines are held
/// until the whole trace has been read and validated, so a malformed trace (exit 2) never
/// leaves a valid-looking partial stream on stdout. Events are sparse (changes and presses,
/// not samples), and their number is bounded by `maximumEvents`.
enum ReplayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replay",
        summary: "replay a recorded trace through the detector and state machine",
        positionals: [PositionalSpec("TRACE", help: "trace file (CSV), or - for standard input")],
        options: [
            .value("board", "FILE", help: "board file for the mount matrix, detector and gesture settings"),
            .value("start", "STATE", help: "initial state: idle or previewing (default previewing)"),
        ],
        discussion: """
            The trace is CSV: a header naming the columns (t, ax, ay, az; optional gx, gy, gz and
            button) in any order, '#' comment lines, then one sample per line with t in seconds
            (non-decreasing), acceleration in g in the device frame and angular rate in degrees
            per second. The samples run through the firmware's detector, shutter gesture and
            camera machine with a camera that finishes every photo and clip start at once; at
            the last row the camera shuts down (an open clip gets its record-stop). The board
            file gives detector, shutter and machine settings; its mount matrix is not applied
            (a trace is already in the device frame). The NDJSON event stream goes to stdout
            only when the whole trace is valid.
            """)

    /// Upper bound on buffered events (a photo gives three lines, a change one).
    static let maximumEvents = 1_000_000

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let initial: StateName
        switch arguments.value("start") ?? "previewing" {
        case "previewing": initial = .previewing
        case "idle": initial = .idle
        case let other: throw .usage(UsageError("option '--start': '\(other)' is not idle or previewing"))
        }
        var settings = FirmwareSettings()
        if let boardPath = arguments.value("board") {
            do throws(BoardError) {
                settings = try Board.load(path: boardPath).firmwareSettings()
            } catch {
                throw .badInput(error.description)
            }
        }
        let path = arguments.positionals[0]
        let name = path == "-" ? "<stdin>" : path
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw .badInput("\(path): cannot open: \(String(cString: strerror(errno)))") }
        defer { if fd != 0 { close(fd) } }

        var reader = TraceLineReader(fd: fd)
        var parser = TraceParser()
        var replay = TraceReplay(settings: settings, initial: initial)
        do throws(TraceError) {
            while let line = try nextLine(&reader, after: parser.lineNumber, name: name) {
                guard let row = try parser.feed(line) else { continue }
                replay.feed(row)
                if replay.events.count > maximumEvents {
                    throw TraceError(line: parser.lineNumber, "more than \(maximumEvents) events")
                }
            }
            try parser.finish()
        } catch {
            throw .badInput(error.located(in: name))
        }
        replay.finish()
        let events = replay.events
        for event in events { console.print(event.jsonLine()) }
        return 0
    }

    private static func nextLine(_ reader: inout TraceLineReader, after line: Int, name: String) throws(TraceError) -> Substring? {
        do {
            return try reader.nextLine()
        } catch {
            switch error {
            case .lineTooLong(let number):
                throw TraceError(line: number, "line longer than \(TraceParser.maximumLineBytes) bytes")
            case .system(let code):
                throw TraceError(line: line + 1, "read failed: \(String(cString: strerror(code)))")
            }
        }
    }
}
