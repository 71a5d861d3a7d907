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
}
