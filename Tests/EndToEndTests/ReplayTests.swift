import Foundation
import Testing

/// `upright replay` as a user runs it: a trace in, the NDJSON contract lines out.
@Suite struct ReplayTests {
    /// 3 s at 100 Hz: normal, a press at 0.5 s, a 0.4 s turn to left-up from 1.0 s, a press
    /// at 2.0 s. Columns deliberately out of canonical order.
    static var turnTrace: String {
        var text = "# hand-made: press, turn to left-up, press\nbutton,t,ax,ay,az\n"
        for index in 0..<300 {
            let t = Double(index) / 100
            let u = min(max((t - 1) / 0.4, 0), 1)
            let roll = 90 * (1 - cos(Double.pi * u)) / 2 * Double.pi / 180
            let pressed = (t >= 0.5 && t < 0.6) || (t >= 2.0 && t < 2.1)
            text += "\(pressed ? 1 : 0),\(String(format: "%.2f", t)),\(String(format: "%.4f", -sin(roll))),\(String(format: "%.4f", cos(roll))),0.01\n"
        }
        return text
    }

    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upright-replay-\(UUID().uuidString).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func replaysAFileToTheEventStream() throws {
        let url = try Self.temporaryFile(Self.turnTrace)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try UprightBinary.run(["replay", url.path])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let lines = result.out.split(separator: "\n").map(String.init)
        // The press confirms after the 30 ms debounce; the latch is the orientation at the edge.
        #expect(lines.count == 7)
        #expect(lines.first == #"{"t":0.530000,"event":"state","from":"previewing","to":"capturing"}"#)
        #expect(lines.dropFirst().first == #"{"t":0.530000,"event":"capture","orientation":"normal","exif":1,"shot":1}"#)
        let change = try #require(lines.first { $0.contains(#""event":"orientation""#) })
        #expect(change.hasSuffix(#""event":"orientation","orientation":"left-up"}"#))
        // Reported within 200 ms of the turn's stop at 1.4 s.
        let t = try #require(Double(change.dropFirst(5).prefix { $0 != "," }))
        #expect(t > 1.2 && t <= 1.6)
        #expect(lines.last == #"{"t":2.030000,"event":"state","from":"capturing","to":"previewing"}"#)
        #expect(lines.contains(#"{"t":2.030000,"event":"capture","orientation":"left-up","exif":6,"shot":2}"#))
    }

    @Test func readsStandardInputAndStartsIdle() throws {
        let result = try UprightBinary.run(["replay", "-", "--start", "idle"], stdin: Data(Self.turnTrace.utf8))
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"t":0.530000,"event":"shutter-rejected","reason":"idle"}"#)
        #expect(lines.count == 3)
    }

    @Test(arguments: [
        ("t,ax,ay\n0,0,1\n", 1, "missing column 'az'"),
        ("t,ax,ay,az\n0,0,1,0\n0.01,0,one,0\n", 3, "column 'ay': 'one' is not a number"),
        ("t,ax,ay,az\n1.0,0,1,0\n0.5,0,1,0\n", 3, "t goes backwards (0.5 after 1.0)"),
        ("", 1, "empty trace: no header line (t,ax,ay,az,...)"),
    ])
    func malformedTraceExits2WithNothingOnStdout(text: String, line: Int, message: String) throws {
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try UprightBinary.run(["replay", url.path])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error == "upright replay: \(url.path):\(line): \(message)\n")
    }

    /// 300 valid samples with a capture and a change before the bad line: a streaming replay
    /// would already have printed them.
    @Test func errorAfterManyValidSamplesStillPrintsNothing() throws {
        let result = try UprightBinary.run(["replay", "-"], stdin: Data((Self.turnTrace + "0,2.5,0,1,0\n").utf8))
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error == "upright replay: <stdin>:303: t goes backwards (2.5 after 2.99)\n")
    }

    @Test func boardIsNotSupportedYetAndStartIsChecked() throws {
        // No stdin: the command stops before reading it (writing to it would raise SIGPIPE).
        let board = try UprightBinary.run(["replay", "trace.csv", "--board", ReadmeTests.root.appendingPathComponent("boards/sim.json").path])
        #expect(board.status == 1)
        #expect(board.error == "upright replay: --board is not supported yet (board files are another issue)\n")
        let start = try UprightBinary.run(["replay", "trace.csv", "--start", "recording"])
        #expect(start.status == 2)
        #expect(start.error.hasPrefix("upright replay: option '--start': 'recording' is not idle or previewing\n"))
        #expect(start.out.isEmpty)
    }
}
