import Testing
import UprightCore
import UprightHost
@testable import UprightLinux

/// `sensor.backend` chooses the path (docs/boards.md): over I2C an address a kernel driver
/// holds is refused naming it; `iio` and `auto` read the driver's IIO device.
@Suite struct SensorSetupBackendTests {
    func settings(backend: String, kind: String = "mpu6050") throws -> Board.SensorSettings {
        let json = """
            { "sensor": { "kind": "\(kind)", "backend": "\(backend)", "rate_hz": 50 },
              "camera": { "backend": "simulated" }, "output": { "directory": "/tmp" } }
            """
        return try Board.parse(Array(json.utf8), file: "t.json").sensor
    }

    func devices(_ fake: FakeSysfs) -> FirmwareDevices<FakeADXL345Bus> {
        var devices = FirmwareDevices(bus: FakeADXL345Bus(), busName: "/dev/i2c-1", shutter: nil)
        devices.busNumber = 1
        devices.sysfs = fake.sysfs
        devices.devRoot = fake.devRoot
        return devices
    }

    @Test func overI2CTheHolderIsNamed() throws {
        let fake = FakeSysfs()
        _ = fake.heldMPU6050()
        let devices = devices(fake)
        let error = #expect(throws: FirmwareError.self) {
            try SensorSetup.sensor(on: devices.bus, settings: try settings(backend: "i2c"), interrupt: false, devices: devices)
        }
        #expect(error?.kind == .device)
        #expect(
            error?.description.split(separator: "\n").first
                == "the kernel's inv-mpu6050-i2c driver holds 0x68 on bus 1 (IIO device iio:device0; dtoverlay=mpu6050 usually binds it)")
    }

    @Test(arguments: ["iio", "auto"])
    func throughTheIIODevice(backend: String) throws {
        let fake = FakeSysfs()
        _ = fake.heldMPU6050()
        let devices = devices(fake)
        let sensor = try SensorSetup.sensor(on: devices.bus, settings: try settings(backend: backend), interrupt: false, devices: devices)
        let iio = try #require(sensor.iio)
        #expect(sensor.chip == nil)
        #expect(iio.mode == .raw)
        #expect(sensor.blocksOnRead)
        #expect(SensorSetup.describe(sensor, busName: "/dev/i2c-1") == "mpu6050 through the kernel's IIO device iio:device0 (raw reads at 50 Hz)")
    }

    /// With `kind` `auto` a clock's driver at 0x68 is left to the scan, which finds the
    /// ADXL345 at 0x53; named at 0x68, the clock's driver is refused (i2c-dev would refuse it).
    @Test func anotherChipsDriverAtACandidateAddress() throws {
        let fake = FakeSysfs()
        _ = fake.client(bus: 1, address: "68", driver: "rtc-ds1307")
        let devices = devices(fake)
        let sensor = try SensorSetup.sensor(
            on: devices.bus, settings: try settings(backend: "i2c", kind: "auto"), interrupt: false, devices: devices)
        #expect(sensor.chip?.chip == .adxl345)
        let error = #expect(throws: FirmwareError.self) {
            try SensorSetup.sensor(on: devices.bus, settings: try settings(backend: "i2c"), interrupt: false, devices: devices)
        }
        #expect(
            error?.description.split(separator: "\n").first
                == "the kernel's rtc-ds1307 driver holds 0x68 on bus 1 (no IIO device; a dtoverlay or a module binds it)")
    }

    /// `auto` with nothing holding the address reads the chip over I2C.
    @Test func autoWithoutAHolderIsI2C() throws {
        let fake = FakeSysfs()
        let devices = devices(fake)
        let sensor = try SensorSetup.sensor(
            on: devices.bus, settings: try settings(backend: "auto", kind: "adxl345"), interrupt: false, devices: devices)
        #expect(sensor.iio == nil)
        #expect(sensor.chip?.chip == .adxl345)
    }

    @Test func iioWithoutADriverSaysWhatToDo() throws {
        let fake = FakeSysfs()
        let devices = devices(fake)
        let error = #expect(throws: FirmwareError.self) {
            try SensorSetup.sensor(on: devices.bus, settings: try settings(backend: "iio"), interrupt: false, devices: devices)
        }
        #expect(
            error?.description
                == "sensor.backend iio: no kernel driver holds 0x68 on bus 1 (\(fake.root)/bus/i2c/devices/1-0068 has no driver): turn the chip's overlay on (dtoverlay=mpu6050, or dtoverlay=i2c-sensor,adxl345 with an IIO driver) or use sensor.backend i2c"
        )
    }

    /// `upright trace` and `upright calibrate` read through LinuxSensorFeed: the IIO device's
    /// samples, with the gyro's rates, through the engine's sampler and ring.
    @Test func theSensorFeedReadsTheIIODevice() throws {
        let fake = FakeSysfs()
        _ = fake.heldMPU6050()
        let board = try Board.parse(
            Array(
                """
                { "sensor": { "kind": "mpu6050", "backend": "iio", "rate_hz": 50 },
                  "camera": { "backend": "simulated" }, "output": { "directory": "/tmp" } }
                """.utf8), file: "t.json")
        let feed = try LinuxSensorFeed(
            settings: board.sensor, supervision: board.firmwareSettings().supervision, devices: devices(fake),
            clock: { monotonicNow() }, note: { _ in })
        #expect(feed.sensorName == "mpu6050 through the kernel's IIO device iio:device0 (raw reads at 50 Hz)")
        #expect(feed.readsGyro)
        var samples: [Sample] = []
        var edges: [ShutterEdge] = []
        // Bounded: 20 waits of at most 50 ms (a sample is due every 20 ms).
        for _ in 0..<20 where samples.isEmpty {
            _ = feed.next(until: monotonicNow() + .milliseconds(50), samples: &samples, edges: &edges)
        }
        let first = try #require(samples.first)
        #expect(IIOAccelerometerTests.near(first.accelerationG, Vector3(x: -0.99908, y: 0.124885, z: -0.24977)))
        #expect(IIOAccelerometerTests.near(try #require(first.angularRateDPS), Vector3(x: 2.50117, y: -5.00234, z: 7.50351), within: 0.001))
    }
}
