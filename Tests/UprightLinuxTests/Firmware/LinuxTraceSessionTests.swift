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

    /// An MPU-6050 reading its gyro (the default) writes the gyro's columns, so the trace
    /// replays with the rates the detector judged: every row the preloaded +2.5, -5.0, +7.5
    /// degrees a second, from 14-byte reads; with `sensor.gyro` false, no gyro columns.
    @Test(arguments: [true, false])
    func aGyroBoardTracesItsRates(gyro: Bool) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var board = try testBoard(directory: directory.path, still: ["/bin/true"], video: ["/bin/true"], readMode: "burst")
        board.sensor.kind = .mpu6050
        board.sensor.address = 0x68
        board.sensor.gyro = gyro
        var lines: [String] = []
        var notes: [String] = []
        let bus = FakeMPU6050Bus()
        let session = try LinuxTraceSession(
            board: board, devices: FirmwareDevices(bus: bus, busName: "/dev/i2c-fake", shutter: nil),
            clock: { monotonicNow() }, output: { lines.append($0) }, note: { notes.append($0) })
        let rows = try session.record(seconds: 0.3)
        #expect(lines.first == (gyro ? "t,ax,ay,az,gx,gy,gz" : "t,ax,ay,az"))
        #expect(rows > 2)
        let parsed = try TraceParser.parse(lines.joined(separator: "\n") + "\n")
        #expect(parsed.count == rows)
        for row in parsed {
            #expect(abs(row.accelerationG.x + 1) < 0.001 && row.accelerationG.y == 0.125 && row.accelerationG.z == -0.25, "\(row.accelerationG)")
            if gyro {
                let rate = try #require(row.angularRateDPS)
                #expect(abs(rate.x - 2.5) < 1e-4 && abs(rate.y + 5) < 1e-4 && abs(rate.z - 7.5) < 1e-4, "\(rate)")
            } else {
                #expect(row.angularRateDPS == nil)
            }
        }
        #expect((bus.blockReads > 0) == gyro)
        #expect(notes.isEmpty, "\(notes)")
    }
}
