import Testing
import UprightCore
import UprightHost

@Suite struct TraceParserTests {
    @Test func headerOrderDecidesColumns() throws {
        let rows = try TraceParser.parse(
            """
            # recorded on a desk
            az, t ,ay,ax,button
            -0.02,0.5,1.0,0.25,1
            # mid-trace comment

            -0.02,0.51,1.0,0.25,0
            """)
        #expect(rows.count == 2)
        #expect(rows[0].time == Instant(nanoseconds: 500_000_000))
        #expect(rows[0].accelerationG == Vector3(x: 0.25, y: 1.0, z: -0.02))
        #expect(rows[0].angularRateDPS == nil)
        #expect(rows[0].buttonPressed == true)
        #expect(rows[1].time == Instant(nanoseconds: 510_000_000))
        #expect(rows[1].buttonPressed == false)
    }

    @Test func gyroColumnsAndCRLF() throws {
        let rows = try TraceParser.parse("t,ax,ay,az,gx,gy,gz\r\n0,0,1,0,1.5,-2,30\r\n")
        #expect(rows.count == 1)
        #expect(rows[0].angularRateDPS == Vector3(x: 1.5, y: -2, z: 30))
        #expect(rows[0].buttonPressed == nil)
    }

    /// A spreadsheet's "CSV UTF-8" export: byte-order mark (EF BB BF) and CRLF line ends.
    @Test func byteOrderMarkAndCRLFFromASpreadsheet() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("t,ax,ay,az,button\r\n0.5,0.25,1,-0.02,1\r\n".utf8)
        let rows = try TraceParser.parse(String(decoding: bytes, as: UTF8.self))
        #expect(rows.count == 1)
        #expect(rows[0].time == Instant(nanoseconds: 500_000_000))
        #expect(rows[0].accelerationG == Vector3(x: 0.25, y: 1.0, z: -0.02))
        #expect(rows[0].buttonPressed == true)
        // Before a comment line too.
        #expect(try TraceParser.parse("\u{FEFF}# desk\r\nt,ax,ay,az\r\n0,0,1,0\r\n").count == 1)
    }

    @Test(arguments: [
        ("", 1, "empty trace: no header line (t,ax,ay,az,...)"),
        ("# only a comment\n", 1, "empty trace: no header line (t,ax,ay,az,...)"),
        ("t,ax,ay,az\n", 1, "no samples after the header"),
        ("t,ax,ay\n0,0,1\n", 1, "missing column 'az'"),
        ("t,ax,ay,az,temp\n", 1, "unknown column 'temp' (expected t, ax, ay, az, optional gx, gy, gz, button)"),
        ("t,ax,ax,ay,az\n", 1, "column 'ax' appears twice"),
        ("t,ax,ay,az,gx\n", 1, "gyro columns gx, gy, gz must appear together"),
        ("t,ax,ay,az\n0,0,1,0\n0.01,0,one,0\n", 3, "column 'ay': 'one' is not a number"),
        ("t,ax,ay,az\n0,0,1,0\n0.01,0,nan,0\n", 3, "column 'ay': 'nan' is not a number"),
        ("t,ax,ay,az\n0,0,1\n", 2, "expected 4 fields (t,ax,ay,az), found 3"),
        ("t,ax,ay,az\n1.0,0,1,0\n0.5,0,1,0\n", 3, "t goes backwards (0.5 after 1.0)"),
        ("t,ax,ay,az,button\n0,0,1,0,2\n", 2, "column 'button': '2' is not 0 or 1"),
        // Hostile-input table: times count from the start of the recording.
        ("t,ax,ay,az\n-5,0,1,0\n", 2, "t = -5.0 is negative"),
        // Found by FuzzTrace: finite as a Double, infinite as the sample's Float.
        ("t,ax,ay,az\n0,-1e39,1,0\n", 2, "column 'ax': '-1e39' is out of range"),
        ("t,ax,ay,az,gx,gy,gz\n0,0,1,0,0,0,4e38\n", 2, "column 'gz': '4e38' is out of range"),
        ("t,ax,ay,az,te\u{1B}mp\n", 1, "unknown column 'te\\u{1b}mp' (expected t, ax, ay, az, optional gx, gy, gz, button)"),
        ("t,ax,ay,az\n0,0,1,0\n1e999,0,1,0\n", 3, "column 't': '1e999' is not a number"),
        ("t,ax,ay,az\n0,0,1,0\n2e9,0,1,0\n", 3, "t = 2000000000.0 is out of range"),
        // A byte-order mark only begins a file: anywhere else it is a stray character.
        ("t,ax,ay,az\n\u{FEFF}0,0,1,0\n", 2, "column 't': '\u{FEFF}0' is not a number"),
        ("\u{FEFF}\u{FEFF}t,ax,ay,az\n", 1, "unknown column '\u{FEFF}t' (expected t, ax, ay, az, optional gx, gy, gz, button)"),
    ])
    func malformedTraces(text: String, line: Int, message: String) {
        #expect(throws: TraceError(line: line, message)) { try TraceParser.parse(text) }
    }

    @Test func equalTimesAreAllowed() throws {
        let rows = try TraceParser.parse("t,ax,ay,az\n0.1,0,1,0\n0.1,0,1,0\n")
        #expect(rows.count == 2)
    }

    @Test func overlongLineIsRefused() {
        let long = "0," + String(repeating: "0", count: 1100) + ",1,0"
        #expect(throws: TraceError(line: 2, "line longer than 1024 bytes")) { try TraceParser.parse("t,ax,ay,az\n" + long + "\n") }
    }

    @Test func locatedMessage() {
        #expect(TraceError(line: 7, "t goes backwards (1.0 after 2.0)").located(in: "walk.csv") == "walk.csv:7: t goes backwards (1.0 after 2.0)")
    }
}
