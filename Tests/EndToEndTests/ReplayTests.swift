import Foundation
import Testing
import UprightTestSupport

/// `upright replay` as a user runs it: a trace in, the NDJSON contract lines out. The traces
/// are the examples in `traces/` (documented in traces/README.md) and small literal ones.
/// Expected times follow from the contract defaults: a press counts 30 ms after its edge
/// (debounce), a hold 1 s after it; the camera finishes at once; the trace's last row shuts
/// the camera down (previewing -> idle).
@Suite struct ReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func trace(_ name: String) -> String {
        root.appendingPathComponent("traces").appendingPathComponent(name).path
    }

    static func temporaryFile(_ text: String, suffix: String = "csv") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upright-replay-\(UUID().uuidString).\(suffix)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func replay(_ arguments: [String], stdin: Data? = nil) throws -> [String] {
        let result = try UprightBinary.run(["replay"] + arguments, stdin: stdin)
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        return result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func photoInLeftUpIsExif6() throws {
        #expect(
            try Self.replay([Self.trace("photo-left-up.csv")]) == [
                #"{"t":0.100000,"event":"orientation","orientation":"left-up"}"#,
                #"{"t":0.730000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":0.730000,"event":"capture","orientation":"left-up","exif":6,"shot":1}"#,
                #"{"t":0.730000,"event":"state","from":"capturing","to":"previewing"}"#,
                #"{"t":1.000000,"event":"state","from":"previewing","to":"idle"}"#,
                "",
            ])
    }

    /// Held from 0.2 s: recording from 1.2 s, latched `normal`; the camera turns to
    /// right-up mid-clip; the stop at 2.6 s (+30 ms) still reports the start's orientation.
    @Test func clipKeepsItsStartOrientationWhileTheCameraTurns() throws {
        #expect(
            try Self.replay([Self.trace("clip-turns-mid-clip.csv")]) == [
                #"{"t":0.100000,"event":"orientation","orientation":"normal"}"#,
                #"{"t":1.200000,"event":"state","from":"previewing","to":"recording"}"#,
                #"{"t":1.200000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1}"#,
                #"{"t":2.100000,"event":"orientation","orientation":"right-up"}"#,
                #"{"t":2.630000,"event":"record-stop","orientation":"normal","clip":1,"duration":1.43,"reason":"shutter"}"#,
                #"{"t":2.630000,"event":"state","from":"recording","to":"previewing"}"#,
                #"{"t":3.000000,"event":"state","from":"previewing","to":"idle"}"#,
                "",
            ])
    }

    @Test func pressWhileFlatLatchesTheLastLandscape() throws {
        #expect(
            try Self.replay([Self.trace("flat-press-latches-landscape.csv")]) == [
                #"{"t":0.100000,"event":"orientation","orientation":"left-up"}"#,
                #"{"t":1.050000,"event":"orientation","orientation":"lens-up"}"#,
                #"{"t":1.730000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":1.730000,"event":"capture","orientation":"left-up","exif":6,"shot":1}"#,
                #"{"t":1.730000,"event":"state","from":"capturing","to":"previewing"}"#,
                #"{"t":2.000000,"event":"state","from":"previewing","to":"idle"}"#,
                "",
            ])
    }

    /// A 70 degree flick that returns within 0.3 s is not a turn: no orientation line after the
    /// first decision's.
    @Test func flickWithGyroChangesNothing() throws {
        #expect(
            try Self.replay([Self.trace("flick-with-gyro.csv")]) == [
                #"{"t":0.080000,"event":"orientation","orientation":"normal"}"#,
                #"{"t":1.230000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":1.230000,"event":"capture","orientation":"normal","exif":1,"shot":1}"#,
                #"{"t":1.230000,"event":"state","from":"capturing","to":"previewing"}"#,
                #"{"t":1.500000,"event":"state","from":"previewing","to":"idle"}"#,
                "",
            ])
    }

    /// Every example in traces/ is a valid trace (a new one must be too).
    @Test func everyExampleTraceReplays() throws {
        let folder = Self.root.appendingPathComponent("traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }
        #expect(names.count >= 4)
        for name in names {
            let lines = try Self.replay([folder.appendingPathComponent(name).path])
            #expect(lines.count > 1, "\(name)")
        }
    }

    /// From standard input, starting idle: the press wakes the camera (idle -> previewing at
    /// the press) and is not lost: its release shoots. Columns in a different order, CRLF.
    @Test func standardInputStartingIdle() throws {
        let text = "button, t ,az,ay,ax\r\n0,0.0,0,0,1\r\n1,0.1,0,0,1\r\n1,0.2,0,0,1\r\n0,0.3,0,0,1\r\n0,0.4,0,0,1\r\n"
        #expect(
            try Self.replay(["-", "--start", "idle"], stdin: Data(text.utf8)) == [
                #"{"t":0.100000,"event":"orientation","orientation":"right-up"}"#,
                #"{"t":0.130000,"event":"state","from":"idle","to":"previewing"}"#,
                #"{"t":0.330000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":0.330000,"event":"capture","orientation":"right-up","exif":8,"shot":1}"#,
                #"{"t":0.330000,"event":"state","from":"capturing","to":"previewing"}"#,
                #"{"t":0.400000,"event":"state","from":"previewing","to":"idle"}"#,
                "",
            ])
    }

    /// A trace saved from a spreadsheet ("CSV UTF-8") or on Windows: a byte-order mark and
    /// CRLF line ends give the same events as the LF original.
    @Test func spreadsheetExportWithByteOrderMarkAndCRLF() throws {
        let original = try TestFile.text(Self.trace("photo-left-up.csv"))
        let windows = [0xEF, 0xBB, 0xBF] + Array(original.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upright-replay-\(UUID().uuidString).csv")
        try Data(windows).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try Self.replay([Self.trace("photo-left-up.csv")])
        #expect(expected.count == 6)
        #expect(try Self.replay([url.path]) == expected)
        #expect(try Self.replay(["-"], stdin: Data(windows)) == expected)
    }

    @Test(arguments: [
        ("t,ax,ay\n0,0,1\n", 1, "missing column 'az'"),
        ("t,ax,ay,az,tilt\n", 1, "unknown column 'tilt' (expected t, ax, ay, az, optional gx, gy, gz, button)"),
        ("t,ax,ay,az\n0,0,1,0\n0.01,0,one,0\n", 3, "column 'ay': 'one' is not a number"),
        ("t,ax,ay,az\n0,0,1,0\n0.01,0,1\n", 3, "expected 4 fields (t,ax,ay,az), found 3"),
        ("t,ax,ay,az\n1.0,0,1,0\n0.5,0,1,0\n", 3, "t goes backwards (0.5 after 1.0)"),
        ("t,ax,ay,az,button\n0,0,1,0,2\n", 2, "column 'button': '2' is not 0 or 1"),
        ("", 1, "empty trace: no header line (t,ax,ay,az,...)"),
        ("# only a comment\nt,ax,ay,az\n", 2, "no samples after the header"),
    ])
    func malformedTraceExits2WithNothingOnStdout(text: String, line: Int, message: String) throws {
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try UprightBinary.run(["replay", url.path])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error == "upright replay: \(url.path):\(line): \(message)\n")
    }

    /// A clip, a turn and a stop before the bad line: a streaming replay would already have
    /// printed them.
    @Test func errorAfterManyValidSamplesStillPrintsNothing() throws {
        let text = try TestFile.text(Self.trace("clip-turns-mid-clip.csv")) + "2.5,0,1,0,0\n"
        let result = try UprightBinary.run(["replay", "-"], stdin: Data(text.utf8))
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error == "upright replay: <stdin>:64: t goes backwards (2.5 after 3.0)\n")
    }

    /// The board's shutter timings apply: with a 150 ms hold time the 200 ms press is a clip,
    /// stopped when the trace ends.
    @Test func boardTimingsApply() throws {
        let board = try Self.temporaryFile(
            #"{"sensor": {}, "shutter": {"hold_ms": 150}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#, suffix: "json")
        defer { try? FileManager.default.removeItem(at: board) }
        #expect(
            try Self.replay([Self.trace("photo-left-up.csv"), "--board", board.path]) == [
                #"{"t":0.100000,"event":"orientation","orientation":"left-up"}"#,
                #"{"t":0.650000,"event":"state","from":"previewing","to":"recording"}"#,
                #"{"t":0.650000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":1}"#,
                #"{"t":1.000000,"event":"record-stop","orientation":"left-up","clip":1,"duration":0.35,"reason":"shutdown"}"#,
                #"{"t":1.000000,"event":"state","from":"recording","to":"idle"}"#,
                "",
            ])
    }

    /// A trace is in the device frame already: a board whose chip is mounted rotated (the
    /// Zero 2 W's) changes nothing.
    @Test func boardMountMatrixIsNotAppliedToTraces() throws {
        let plain = try Self.replay([Self.trace("photo-left-up.csv")])
        let rotated = try Self.replay([
            Self.trace("photo-left-up.csv"), "--board", Self.root.appendingPathComponent("boards/rpizero2w-adxl345.json").path,
        ])
        #expect(rotated == plain)
    }

    @Test func badBoardExits2WithTheLoadersLine() throws {
        let board = try Self.temporaryFile(
            #"{"sensor": {}, "detector": {"settle_ms": 80, "hysteresis": 5}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            suffix: "json")
        defer { try? FileManager.default.removeItem(at: board) }
        let result = try UprightBinary.run(["replay", Self.trace("photo-left-up.csv"), "--board", board.path])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error.hasPrefix("upright replay: \(board.path): detector.hysteresis: unknown key (expected one of "))
        #expect(result.error.hasSuffix(")\n"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    /// docs/traces.md shows the real output of its example, and docs/detector.md documents
    /// every detector key the board loader accepts (the list comes from the loader's own
    /// refusal message).
    @Test func documentationStaysInStep() throws {
        let doc = try TestFile.text(Self.root.appendingPathComponent("docs/traces.md").path)
        let detector = try TestFile.text(Self.root.appendingPathComponent("docs/detector.md").path)
        let output = try Self.replay([Self.trace("photo-left-up.csv")]).joined(separator: "\n")
        #expect(doc.contains("$ upright replay traces/photo-left-up.csv\n" + output + "```"))
        let board = try Self.temporaryFile(
            #"{"sensor": {}, "detector": {"x": 1}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#, suffix: "json")
        defer { try? FileManager.default.removeItem(at: board) }
        let refusal = try UprightBinary.run(["replay", "-", "--board", board.path]).error
        let list = try #require(refusal.split(separator: "(").last?.split(separator: ")").first)
        let keys = list.replacingOccurrences(of: "expected one of ", with: "").components(separatedBy: ", ")
        #expect(keys.count == 18)
        for key in keys { #expect(detector.contains("| `\(key)` |"), "\(key)") }
    }

    @Test func startIsChecked() throws {
        // No stdin: the command stops before reading it (writing to it would raise SIGPIPE).
        let start = try UprightBinary.run(["replay", "trace.csv", "--start", "recording"])
        #expect(start.status == 2)
        #expect(start.error.hasPrefix("upright replay: option '--start': 'recording' is not idle or previewing\n"))
        #expect(start.out.isEmpty)
    }
}
