import Foundation
import Testing
import UprightTestSupport

/// Every file and every option of `upright` fed hostile input: empty, huge, binary, wrong types,
/// NaN and Infinity, negative times, unknown keys, paths outside the output directory, missing
/// files, directories. Each row must exit 2 with one line on stderr naming the place (file and
/// line, or key, or option), print nothing on stdout and leave every file as it was.
@Suite struct HostileInputTests {
    @Test(arguments: HostileRow.all)
    func refusedWithOneLineNamingThePlace(_ row: HostileRow) throws {
        let directory = try HostileFixture.shared.get()
        let before = try HostileFixture.snapshot(directory)
        let result: UprightBinary.Result
        if let pipeline = row.pipeline {
            result = try UprightBinary.runPipeline(pipeline, directory: directory)
        } else {
            result = try UprightBinary.run(row.arguments, directory: directory)
        }
        #expect(result.status == row.status, "\(result.error)")
        #expect(result.out.isEmpty, "partial output on stdout")
        var lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "stderr does not end with a newline")
        lines.removeLast()
        // A usage error adds the command's synopsis on a second line; nothing else may follow.
        if lines.count == 2 && lines[1].hasPrefix("Usage: upright \(row.arguments[0]) ") { lines.removeLast() }
        #expect(lines.count == 1, "expected one line on stderr: \(result.error)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("upright \(row.arguments[0]): "), "\(line)")
        #expect(line.contains(row.place), "'\(line)' does not name '\(row.place)'")
        #expect(try HostileFixture.snapshot(directory) == before, "files changed")
    }
}

/// One hostile invocation and the place its error must name.
struct HostileRow: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// A shell pipeline feeding standard input instead (`$UPRIGHT` is the binary).
    var pipeline: String?
    var place: String
    var status: Int32 = 2
    var testDescription: String { pipeline ?? arguments.joined(separator: " ") }

    init(_ arguments: [String], _ place: String, status: Int32 = 2) {
        self.arguments = arguments
        self.place = place
        self.status = status
    }

    init(pipeline: String, command: String, _ place: String) {
        self.arguments = [command]
        self.pipeline = pipeline
        self.place = place
    }

    /// Files every command reads, each hostile in its own way (names from HostileFixture).
    static let commonFiles: [(file: String, place: String)] = [
        ("empty", "empty"), ("garbage.bin", "garbage.bin"), ("sparse-100MB", "sparse-100MB"),
        ("missing.json", "missing.json"), ("a-directory", "a-directory"),
    ]

    static var all: [HostileRow] {
        var rows: [HostileRow] = []

        // replay: traces (file and standard input). Lines are 1-based; the header is line 1.
        rows += [
            HostileRow(["replay", "empty"], "empty:1:"),
            HostileRow(["replay", "garbage.bin"], "garbage.bin:1:"),
            HostileRow(["replay", "sparse-100MB"], "sparse-100MB:1:"),
            HostileRow(["replay", "header-then-sparse-100MB.csv"], "header-then-sparse-100MB.csv:2:"),
            HostileRow(["replay", "trace-wrong-type.csv"], "trace-wrong-type.csv:3: column 'ay'"),
            HostileRow(["replay", "trace-nan.csv"], "trace-nan.csv:3: column 'ax'"),
            HostileRow(["replay", "trace-infinity.csv"], "trace-infinity.csv:3: column 'az'"),
            HostileRow(["replay", "trace-overflow.csv"], "trace-overflow.csv:3: column 't'"),
            HostileRow(["replay", "trace-float-overflow.csv"], "trace-float-overflow.csv:3: column 'ax'"),
            HostileRow(["replay", "trace-negative-time.csv"], "trace-negative-time.csv:2: t"),
            HostileRow(["replay", "trace-unknown-column.csv"], "trace-unknown-column.csv:1: unknown column 'temp'"),
            HostileRow(["replay", "trace-button-2.csv"], "trace-button-2.csv:2: column 'button'"),
            HostileRow(["replay", "/dev/zero"], "/dev/zero:1:"),
            HostileRow(["replay", "a-directory"], "a-directory:1:"),
            HostileRow(["replay", "missing.json"], "missing.json: cannot open"),
            // 10^9 lines from a generator, never materialised: refused at the first bad line.
            HostileRow(
                pipeline: "yes 2>/dev/null | head -n 1000000000 2>/dev/null | \"$UPRIGHT\" replay -", command: "replay",
                "<stdin>:1: unknown column 'y'"),
            HostileRow(
                pipeline: "{ echo t,ax,ay,az; yes 0,0,1,0,0; } 2>/dev/null | head -n 1000000000 2>/dev/null | \"$UPRIGHT\" replay -",
                command: "replay", "<stdin>:2: expected 4 fields"),
            HostileRow(
                pipeline: "{ echo t,ax,ay,az; yes nan,0,1,0; } 2>/dev/null | head -n 1000000000 2>/dev/null | \"$UPRIGHT\" replay -",
                command: "replay", "<stdin>:2: column 't'"),
            HostileRow(pipeline: "head -c 100000000 /dev/urandom 2>/dev/null | \"$UPRIGHT\" replay -", command: "replay", "<stdin>:"),
        ]
        // replay --start, replay --board (board files)
        for value in ["", "recording", "NaN", "-1"] {
            rows.append(HostileRow(["replay", "trace.csv", "--start", value], "'--start'"))
        }
        rows += boardRows(command: ["replay", "trace.csv"])

        // orient: media files and its two options, with a valid photo that must stay as it was.
        // (A good file next to a bad one is still written, as documented: OrientCommandTests.)
        for (file, place) in commonFiles { rows.append(HostileRow(["orient", file, "--exif", "6"], place)) }
        rows += [
            HostileRow(["orient", "truncated.jpg", "--orientation", "left-up"], "truncated.jpg"),
            HostileRow(
                ["orient", "multi-segment-exif.jpg", "--exif", "6"],
                "multi-segment-exif.jpg: unsupported: multi-segment Exif: the Exif data continues in the APP1 segment at byte 26"),
            HostileRow(["orient", "/dev/zero", "--exif", "3"], "/dev/zero"),
            // 64 GB, sparse: a JPEG's magic bytes, then a hole (read whole, it would fill memory).
            HostileRow(["orient", "sparse-64GB.jpg", "--exif", "3"], "sparse-64GB.jpg: unsupported: JPEG of 68719476736 bytes"),
            HostileRow(["orient", "sparse-64GB.mp4", "--exif", "3"], "sparse-64GB.mp4: "),
        ]
        for value in ["", "NaN", "inf", "-1", "1e999", "6.0", "2", "0x6", "six"] {
            rows.append(HostileRow(["orient", "photo.jpg", "--exif", value], "--exif"))
        }
        for value in ["", "up", "NaN", "LEFT-UP", "lens-up"] {
            rows.append(HostileRow(["orient", "photo.jpg", "--orientation", value], "--orientation"))
        }

        // bench: its options are checked before anything is measured.
        for value in ["", "NaN", "inf", "-1", "0", "1e999", "102", "five"] {
            rows.append(HostileRow(["bench", "--runs", value], "'--runs'"))
        }
        for (file, place) in commonFiles { rows.append(HostileRow(["bench", "--embedded-object", file], place)) }
        for value in ["", "NaN", "-1", "0", "10001", "many"] {
            rows.append(HostileRow(["bench", "--passes", value], "'--passes'"))
        }
        for value in ["", "everything", "SIM"] {
            rows.append(HostileRow(["bench", "--only", value], "'--only'"))
        }

        // sim: scenario files and options.
        for (file, place) in commonFiles { rows.append(HostileRow(["sim", file], place)) }
        rows += [
            HostileRow(["sim", "scenario-wrong-type.json"], "scenario-wrong-type.json: duration"),
            HostileRow(["sim", "scenario-nan.json"], "scenario-nan.json:1:"),
            HostileRow(["sim", "scenario-infinity.json"], "scenario-infinity.json:1:"),
            HostileRow(["sim", "scenario-negative-time.json"], "scenario-negative-time.json: motion[0].t"),
            HostileRow(["sim", "scenario-unknown-key.json"], "scenario-unknown-key.json: colour"),
            HostileRow(["sim", "scenario-missing-board.json"], "no-such-board.json"),
        ]
        for value in ["", "NaN", "-1", "1e999", "18446744073709551616", "seven"] {
            rows.append(HostileRow(["sim", "--seed", value], "'--seed'"))
        }
        rows += [
            HostileRow(["sim", "--out", "garbage.bin"], "garbage.bin: exists and is not a directory"),
            HostileRow(["sim", "--out", ""], "'--out'"),
            HostileRow(
                ["sim", "--plot", "no-such-folder/run.svg"], "no-such-folder/run.svg: the folder no-such-folder does not exist (option '--plot')"),
            HostileRow(["sim", "--plot", "/"], "/: is a directory (option '--plot' names a file)"),
        ]

        // run, trace, probe: their files and options, refused before any device is opened.
        rows += boardRows(command: ["run"])
        rows += boardRows(command: ["trace", "--seconds", "1"])
        for value in ["", "NaN", "inf", "-1", "0", "1e999", "ten"] {
            rows.append(HostileRow(["trace", "--board", "board.json", "--seconds", value], "'--seconds'"))
        }
        for value in ["", "NaN", "-1", "256", "one"] {
            rows.append(HostileRow(["probe", "--bus", value], "--bus '\(value)'"))
        }

        // Every option that takes a value, given none; and an unknown option for each command.
        let valueOptions: [(String, String)] = [
            ("sim", "seed"), ("sim", "out"), ("sim", "plot"), ("run", "board"), ("replay", "board"),
            ("replay", "start"), ("probe", "bus"), ("trace", "board"), ("trace", "seconds"),
            ("bench", "runs"), ("bench", "embedded-object"), ("bench", "only"), ("bench", "passes"), ("orient", "orientation"), ("orient", "exif"),
        ]
        for (command, option) in valueOptions {
            rows.append(HostileRow([command, "--\(option)"], "'--\(option)' needs a value"))
        }
        for command in ["sim", "run", "replay", "probe", "trace", "machine", "bench", "orient"] {
            rows.append(HostileRow([command, "--colour"], "unknown option '--colour'"))
        }
        // Arguments that do not fit together, are missing or are one too many.
        rows += [
            HostileRow(["machine", "--dot", "--mermaid"], "--dot and --mermaid"),
            HostileRow(["machine", "extra"], "unexpected argument 'extra'"),
            HostileRow(["replay"], "missing argument TRACE"),
            HostileRow(["replay", "trace.csv", "trace.csv"], "unexpected argument 'trace.csv'"),
            HostileRow(["orient", "--exif", "6"], "missing argument FILE"),
            HostileRow(["orient", "photo.jpg"], "--orientation NAME or --exif N"),
            HostileRow(["orient", "photo.jpg", "--exif", "6", "--orientation", "normal"], "not both"),
            HostileRow(["machine", "--dot=yes"], "'--dot' takes no value"),
            HostileRow(["sim", "scenario-nan.json", "extra"], "unexpected argument 'extra'"),
            // A newline or an escape sequence in an argument stays escaped on the one line.
            HostileRow(["orient", "no\nsuch.jpg", "--exif", "6"], #"no\nsuch.jpg: cannot open"#),
            HostileRow(["orient", "photo.jpg", "--exif", "6\n\u{1B}[2J"], #"'6\n\u{1b}[2J'"#),
            HostileRow(["replay", "no\nsuch.csv"], #"no\nsuch.csv: cannot open"#),
            HostileRow(["replay", "trace.csv", "--board", "no\rsuch.json"], #"no\rsuch.json"#),
        ]
        return rows
    }

    /// A board file given to `command` with `--board`.
    static func boardRows(command: [String]) -> [HostileRow] {
        var rows: [HostileRow] = []
        for (file, place) in commonFiles { rows.append(HostileRow(command + ["--board", file], place)) }
        rows += [
            HostileRow(command + ["--board", "board-wrong-type.json"], "board-wrong-type.json: i2c.bus"),
            HostileRow(command + ["--board", "board-nan.json"], "board-nan.json:"),
            HostileRow(command + ["--board", "board-infinity.json"], "board-infinity.json:"),
            HostileRow(command + ["--board", "board-negative-time.json"], "board-negative-time.json: shutter.debounce_ms"),
            HostileRow(command + ["--board", "board-unknown-key.json"], "board-unknown-key.json: colour"),
            HostileRow(command + ["--board", "/dev/zero"], "/dev/zero"),
        ]
        return rows
    }
}

/// The hostile files, made once per test run in a fresh directory (the commands run there, so
/// anything they wrote would show up in the snapshot).
enum HostileFixture {
    static let shared = Result { try make() }

    static let board = """
        {
          "name": "hostile test board",
          "i2c": { "bus": 1, "speed_hz": 400000 },
          "sensor": { "kind": "mpu6050", "address": "0x68", "rate_hz": 1000, "range_g": 2, "filter_hz": 94, "read_mode": "fifo" },
          "detector": {},
          "shutter": { "debounce_ms": 30, "hold_ms": 1000 },
          "machine": { "idle_timeout_s": 20, "capture_timeout_s": 5, "max_clip_s": 120, "press_queue": 4 },
          "camera": { "backend": "simulated", "width": 320, "height": 240, "quality": 85 },
          "output": { "directory": "upright-out", "journal": "upright-out/journal.ndjson" }
        }
        """

    static let scenario = #"{ "duration": 10, "motion": [{ "t": 0, "angle": 0 }] }"#

    /// The smallest baseline JPEG (one 8x8 grey block; ITU T.81), as in the media tests.
    static let photo: [UInt8] =
        [0xFF, 0xD8]
        + [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        + [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
        + [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        + [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x3F, 0xFF, 0xD9]

    static func make() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func file(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        func sparse(_ name: String, prefix: String, bytes: [UInt8] = [], size: UInt64 = 100 << 20) throws {
            let url = directory.appendingPathComponent(name)
            try Data(Array(prefix.utf8) + bytes).write(to: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: size) // almost all a hole of zeros
            try handle.close()
        }
        try file("empty", "")
        // Deterministic binary: a linear congruential sequence, newlines included.
        var state: UInt32 = 12345
        let garbage = (0..<4096).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        try Data(garbage).write(to: directory.appendingPathComponent("garbage.bin"))
        try sparse("sparse-100MB", prefix: "")
        try sparse("header-then-sparse-100MB.csv", prefix: "t,ax,ay,az\n")
        try sparse("sparse-64GB.jpg", prefix: "", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], size: 64 << 30)
        // ftyp, then an mdat whose 64-bit size claims the rest of the file (ISO/IEC 14496-12 4.2).
        try sparse(
            "sparse-64GB.mp4", prefix: "",
            bytes: [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 0, 0]
                + [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0x0F, 0xFF, 0xFF, 0xFF, 0xE0], size: 64 << 30)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a-directory"), withIntermediateDirectories: false)

        try file("trace.csv", "t,ax,ay,az\n0,0,1,0\n")
        try file("trace-wrong-type.csv", "t,ax,ay,az\n0,0,1,0\n0.01,0,\"one\",0\n")
        try file("trace-nan.csv", "t,ax,ay,az\n0,0,1,0\n0.01,NaN,1,0\n")
        try file("trace-infinity.csv", "t,ax,ay,az\n0,0,1,0\n0.01,0,1,-inf\n")
        try file("trace-overflow.csv", "t,ax,ay,az\n0,0,1,0\n1e999,0,1,0\n")
        try file("trace-float-overflow.csv", "t,ax,ay,az\n0,0,1,0\n0.01,1e39,1,0\n")
        try file("trace-negative-time.csv", "t,ax,ay,az\n-5,0,1,0\n-4.99,0,1,0\n")
        try file("trace-unknown-column.csv", "t,ax,ay,az,temp\n0,0,1,0,21\n")
        try file("trace-button-2.csv", "t,ax,ay,az,button\n0,0,1,0,2\n")

        try file("board.json", board)
        try file("board-wrong-type.json", board.replacingOccurrences(of: #""bus": 1"#, with: #""bus": "one""#))
        try file("board-nan.json", board.replacingOccurrences(of: #""rate_hz": 1000"#, with: #""rate_hz": NaN"#))
        try file("board-infinity.json", board.replacingOccurrences(of: #""rate_hz": 1000"#, with: #""rate_hz": 1e999"#))
        try file("board-negative-time.json", board.replacingOccurrences(of: #""debounce_ms": 30"#, with: #""debounce_ms": -30"#))
        try file("board-unknown-key.json", board.replacingOccurrences(of: #""name":"#, with: #""colour": "red", "name":"#))

        try file("scenario-wrong-type.json", scenario.replacingOccurrences(of: #""duration": 10"#, with: #""duration": "ten""#))
        try file("scenario-nan.json", scenario.replacingOccurrences(of: #""duration": 10"#, with: #""duration": NaN"#))
        try file("scenario-infinity.json", scenario.replacingOccurrences(of: #""duration": 10"#, with: #""duration": 1e999"#))
        try file("scenario-negative-time.json", scenario.replacingOccurrences(of: #""t": 0"#, with: #""t": -1"#))
        try file("scenario-unknown-key.json", scenario.replacingOccurrences(of: #""duration""#, with: #""colour": 1, "duration""#))
        try file(
            "scenario-missing-board.json", scenario.replacingOccurrences(of: #""duration""#, with: #""board": "no-such-board.json", "duration""#))

        try Data(photo).write(to: directory.appendingPathComponent("photo.jpg"))
        try Data(photo.prefix(40)).write(to: directory.appendingPathComponent("truncated.jpg"))
        // Exif split over two APP1 segments (exiftool joins them): "Exif" 00 00 and a TIFF
        // header with an empty IFD0 (bytes 2..<26), then "Exif" 00 00 and no TIFF header.
        let exif: [UInt8] =
            [0xFF, 0xE1, 0x00, 0x16] + Array("Exif\0\0".utf8)
            + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        let continuation: [UInt8] = [0xFF, 0xE1, 0x00, 0x11] + Array("Exif\0\0continued".utf8)
        try Data(photo.prefix(2) + exif + continuation + photo.dropFirst(2)).write(to: directory.appendingPathComponent("multi-segment-exif.jpg"))
        return directory
    }

    /// Every entry under `directory` with its size, modification time and (for small files) bytes.
    struct Entry: Equatable {
        var path: String
        var size: Int
        var modified: Date?
        var bytes: Data?
    }

    static func snapshot(_ directory: URL) throws -> [Entry] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted()
        return try names.map { name in
            let path = directory.appendingPathComponent(name).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let small = size < 1 << 20 && attributes[.type] as? FileAttributeType == .typeRegular
            return Entry(
                path: name, size: size, modified: attributes[.modificationDate] as? Date,
                bytes: small ? Data(try TestFile.bytes(path)) : nil)
        }
    }
}

extension UprightBinary {
    /// Runs a /bin/sh pipeline with `$UPRIGHT` set to the binary.
    static func runPipeline(_ script: String, directory: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.environment = ["UPRIGHT": url.path, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), error: String(decoding: errData, as: UTF8.self))
    }
}
