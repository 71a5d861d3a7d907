import Glibc
import Testing
import UprightCore
import UprightHost
import UprightLinux
import UprightTestSupport

/// `upright run` and `watch` through the kernel's IIO device (a fake sysfs tree): the same
/// engine, detector, latch and records as over I2C (docs/setup.md, "A chip the kernel drives").
@Suite(.serialized) struct IIOFirmwareTests {
    final class Lines: EventOutput {
        var lines: [String] = []
        func deliver(_ event: TimedEvent, journalError: FileError?) { lines.append(event.jsonLine()) }
    }

    @Test func aPressLatchesTheIIOPoseAndADeviceThatStopsIsAFault() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fake = FakeSysfs()
        let device = fake.heldMPU6050()
        var board = try testBoard(directory: directory.path, still: ["/bin/false"], video: ["/bin/false"])
        board.sensor.kind = .mpu6050
        board.sensor.address = 0x68
        board.sensor.backend = .iio
        board.sensor.rateHz = 50
        let line = FakeLine()
        var devices = FirmwareDevices(bus: FakeADXL345Bus(), busName: "/dev/i2c-1", shutter: line.source)
        devices.busNumber = 1
        devices.sysfs = fake.sysfs
        devices.devRoot = fake.devRoot
        let start = monotonicNow()
        let output = Lines()
        let records = RecordWriter(journal: nil, origin: start, output: output)
        let firmware = try LinuxFirmware(
            board: board, devices: devices, camera: WatchCamera(), records: records, clock: { monotonicNow() }, note: { _ in })
        firmware.ports.maximumWait = .milliseconds(50)
        // Raw reads block in the kernel's driver: they run on the sampler thread.
        #expect(firmware.samplingOnThread)
        #expect(firmware.sensorName == "mpu6050 through the kernel's IIO device iio:device0 (raw reads at 50 Hz)")
        // Bounded: 400 passes of at most 50 ms each in all.
        var loop = Passes(limit: 400)
        func step(until condition: () -> Bool) throws { try loop.run(firmware.pass, until: condition) }
        try step { firmware.engine.runtime.detector.orientation == .leftUp }
        #expect(firmware.engine.runtime.detector.orientation == .leftUp)
        line.edge(rising: true, at: monotonicNow())
        usleep(80_000)
        line.edge(rising: false, at: monotonicNow())
        try step { output.lines.contains { $0.contains(#""event":"capture""#) } }
        #expect(output.lines.contains { $0.contains(#""event":"capture","orientation":"left-up","exif":6"#) })
        // The attributes stop answering (as a removed device's do: a read returns nothing).
        for axis in ["x", "y", "z"] { fake.write(device + "/in_accel_\(axis)_raw", "") }
        try step { output.lines.contains { $0.contains(#""event":"fault""#) } }
        #expect(output.lines.contains { $0.contains(#""event":"fault","kind":"sensor""#) })
        firmware.requestShutdown()
        try step { firmware.phase == .finished }
    }
}

/// Runs a firmware's passes until `condition` holds, at most `limit` of them in all.
struct Passes {
    let limit: Int
    private(set) var count = 0

    init(limit: Int) { self.limit = limit }

    mutating func run(_ pass: () throws(FirmwareError) -> Void, until condition: () -> Bool) throws(FirmwareError) {
        while !condition() && count < limit {
            try pass()
            count += 1
        }
    }
}
