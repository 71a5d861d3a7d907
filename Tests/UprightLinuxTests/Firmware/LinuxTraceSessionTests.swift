import Glibc
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
import UprightLinux

@Suite(.serialized) struct LinuxTraceSessionTests {
    @Test func writesTheTraceFormatWithTheButtonLevelAtEachSampleTime() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let board = try testBoard(directory: directory.path, still: ["/bin/true"], video: ["/bin/true"])
        let line = FakeLine()
        var lines: [String] = []
        var notes: [String] = []
        let bus = FakeADXL345Bus()
        bus.jitter = false
        let session = try LinuxTraceSession(
            board: board, devices: FirmwareDevices(bus: bus, busName: "/dev/i2c-fake", shutter: line.source),
            clock: { monotonicNow() }, output: { lines.append($0) }, note: { notes.append($0) })
        // Pressed 150 ms into a 400 ms trace (the kernel's timestamp, written ahead of time).
        let pressTime = monotonicNow() + .milliseconds(150)
        line.edge(rising: true, at: pressTime)
        let rows = try session.record(seconds: 0.4, comments: ["test"])

        #expect(lines.first == "# test\nt,ax,ay,az,button")
        #expect(rows == lines.count - 1)
        #expect(rows > 2)
        let parsed = try TraceParser.parse(lines.joined(separator: "\n") + "\n")
        #expect(parsed.count == rows)
        // Every row: the preloaded pose in g (256 LSB/g: -256, 32, -64).
        #expect(parsed.allSatisfy { $0.accelerationG == Vector3(x: -1, y: 0.125, z: -0.25) })
        #expect(parsed.allSatisfy { $0.time.nanoseconds >= 0 && $0.time.nanoseconds < 400_000_000 })
        #expect(zip(parsed, parsed.dropFirst()).allSatisfy { $0.time <= $1.time })
        // The level follows the edge: 0 before, 1 from then on.
        #expect(parsed.contains { $0.buttonPressed == false })
        #expect(parsed.contains { $0.buttonPressed == true })
        let firstPressed = try #require(parsed.firstIndex { $0.buttonPressed == true })
        #expect(parsed[firstPressed...].allSatisfy { $0.buttonPressed == true })
        #expect(parsed[..<firstPressed].allSatisfy { $0.buttonPressed == false })
        #expect(notes.isEmpty)
    }
}
