import Glibc
import Testing
import UprightCore
import UprightHost
@testable import UprightLinux

/// The kernel's view of the chip read from sysfs (docs/setup.md, "A chip the kernel drives"),
/// against a fake tree in a temporary directory laid out as the kernel's.
@Suite struct KernelHolderTests {
    @Test func namesTheMPU6050DriverItsOverlayAndBothWaysOut() throws {
        let fake = FakeSysfs()
        let client = fake.client(bus: 1, address: "68", driver: "inv-mpu6050-i2c")
        _ = fake.device(client, attributes: ["name": "mpu6050\n"])
        let holder = try #require(KernelHolder.find(bus: 1, address: 0x68, sysfs: fake.sysfs))
        #expect(holder == KernelHolder(bus: 1, address: 0x68, driver: "inv-mpu6050-i2c", iioDevice: "iio:device0"))
        #expect(
            holder.message == """
                the kernel's inv-mpu6050-i2c driver holds 0x68 on bus 1 (IIO device iio:device0; dtoverlay=mpu6050 usually binds it)
                either: remove dtoverlay=mpu6050 from /boot/firmware/config.txt and reboot; Upright then reads the chip itself over I2C (sensor.backend i2c, the default)
                or: keep it and set "backend": "iio" in the board file's sensor section; Upright then reads the chip through the kernel's IIO device
                """)
    }

    /// Raspberry Pi OS's i2c-sensor overlay binds the ADXL345 input driver, which Debian does
    /// not build: it has no IIO device, so only the overlay can go.
    @Test func theInputDriverHasOneWayOut() throws {
        let fake = FakeSysfs()
        _ = fake.client(bus: 1, address: "53", driver: "adxl34x")
        let holder = try #require(KernelHolder.find(bus: 1, address: 0x53, sysfs: fake.sysfs))
        #expect(holder.iioDevice == nil)
        #expect(
            holder.message == """
                the kernel's adxl34x driver holds 0x53 on bus 1 (no IIO device; dtoverlay=i2c-sensor,adxl345 usually binds it)
                either: remove dtoverlay=i2c-sensor,adxl345 from /boot/firmware/config.txt and reboot; Upright then reads the chip itself over I2C (sensor.backend i2c, the default)
                or: nothing else: adxl34x has no IIO device, so sensor.backend iio cannot read the chip through it
                """)
    }

    @Test func anUnknownDriverIsUnboundByName() throws {
        let fake = FakeSysfs()
        _ = fake.client(bus: 3, address: "1d", driver: "some-driver")
        let holder = try #require(KernelHolder.find(bus: 3, address: 0x1D, sysfs: fake.sysfs))
        #expect(
            holder.waysOut[0]
                == "either: unbind it (echo 3-001d > /sys/bus/i2c/drivers/some-driver/unbind) or stop loading it; Upright then reads the chip itself over I2C (sensor.backend i2c, the default)"
        )
    }

    /// A DS3231 clock at 0x68 (dtoverlay=i2c-rtc,ds3231 binds rtc-ds1307) is not the
    /// accelerometer's holder; an unknown driver whose IIO device has in_accel_scale is.
    @Test func whetherTheHolderReadsAnAccelerometer() throws {
        let fake = FakeSysfs()
        _ = fake.client(bus: 1, address: "68", driver: "rtc-ds1307")
        let clock = try #require(KernelHolder.find(bus: 1, address: 0x68, sysfs: fake.sysfs))
        #expect(!clock.isAccelerometer)
        let client = fake.client(bus: 1, address: "53", driver: "some-accel")
        _ = fake.device(client, attributes: ["name": "some\n", "in_accel_scale": "0.01\n"])
        #expect(try #require(KernelHolder.find(bus: 1, address: 0x53, sysfs: fake.sysfs)).isAccelerometer)
        _ = fake.client(bus: 1, address: "69", driver: "inv-mpu6050-i2c")
        #expect(try #require(KernelHolder.find(bus: 1, address: 0x69, sysfs: fake.sysfs)).isAccelerometer)
    }

    /// i2c-dev refuses only an address whose client a driver took.
    @Test func aClientWithoutADriverOrNoClientHoldsNothing() {
        let fake = FakeSysfs()
        _ = fake.client(bus: 1, address: "68", driver: nil)
        #expect(KernelHolder.find(bus: 1, address: 0x68, sysfs: fake.sysfs) == nil)
        #expect(KernelHolder.find(bus: 1, address: 0x53, sysfs: fake.sysfs) == nil)
    }

    @Test func clientNamesAreTheKernels() {
        #expect(Sysfs(root: "/sys").i2cClient(bus: 1, address: 0x68) == "/sys/bus/i2c/devices/1-0068")
        #expect(Sysfs(root: "/sys").i2cClient(bus: 11, address: 0x1D) == "/sys/bus/i2c/devices/11-001d")
    }
}

@Suite struct IIOScanTypeTests {
    @Test func parsesTheKernelsForm() {
        // inv_mpu6050's accelerometer and gyro (IIO_BE, s16), every driver's timestamp.
        #expect(IIOScanType(parsing: "be:s16/16>>0") == IIOScanType(bigEndian: true, signed: true, realBits: 16, storageBits: 16, shift: 0))
        #expect(IIOScanType(parsing: "le:s64/64>>0") == IIOScanType(bigEndian: false, signed: true, realBits: 64, storageBits: 64, shift: 0))
        #expect(IIOScanType(parsing: "le:u12/16>>4") == IIOScanType(bigEndian: false, signed: false, realBits: 12, storageBits: 16, shift: 4))
        #expect(IIOScanType(parsing: "le:s12/16X2>>4") == nil)
        #expect(IIOScanType(parsing: "xx:s16/16>>0") == nil)
        #expect(IIOScanType(parsing: "be:s16/12>>0") == nil)
        #expect(IIOScanType(parsing: "be:s16/16") == nil)
    }

    @Test func decodesBytesAsTheTypeSays() {
        let bigEndian = IIOScanType(parsing: "be:s16/16>>0")!
        let littleShifted = IIOScanType(parsing: "le:s12/16>>4")!
        let unsigned = IIOScanType(parsing: "le:u16/16>>0")!
        let bytes: [UInt8] = [0xC0, 0x00, 0xF0, 0xFF, 0xFE, 0xFF]
        bytes.withUnsafeBytes { raw in
            #expect(bigEndian.value(in: raw, at: 0) == -16384)
            // 0xFFF0 >> 4 = 0xFFF, 12 bits signed: -1.
            #expect(littleShifted.value(in: raw, at: 2) == -1)
            #expect(unsigned.value(in: raw, at: 4) == 65534)
        }
    }
}

@Suite struct IIORecordLayoutTests {
    /// Each element aligned to its size, the record to its largest (industrialio-buffer.c).
    @Test func accelerometerAndTimestamp() {
        let s16 = IIOScanType(parsing: "be:s16/16>>0")!
        let s64 = IIOScanType(parsing: "le:s64/64>>0")!
        let layout = IIORecordLayout(channels: [
            ("in_timestamp", 7, s64), ("in_accel_z", 2, s16), ("in_accel_x", 0, s16), ("in_accel_y", 1, s16),
        ])
        #expect(layout.elements.map(\.name) == ["in_accel_x", "in_accel_y", "in_accel_z", "in_timestamp"])
        #expect(layout.elements.map(\.offset) == [0, 2, 4, 8])
        #expect(layout.recordBytes == 16)
    }

    @Test func accelerometerGyroAndTimestamp() {
        let s16 = IIOScanType(parsing: "be:s16/16>>0")!
        let s64 = IIOScanType(parsing: "le:s64/64>>0")!
        let layout = IIORecordLayout(channels: [
            ("in_accel_x", 0, s16), ("in_accel_y", 1, s16), ("in_accel_z", 2, s16),
            ("in_anglvel_x", 4, s16), ("in_anglvel_y", 5, s16), ("in_anglvel_z", 6, s16), ("in_timestamp", 7, s64),
        ])
        #expect(layout.elements.map(\.offset) == [0, 2, 4, 6, 8, 10, 16])
        #expect(layout.recordBytes == 24)
    }

    @Test func onlyAnAccelerometerIsPaddedToItsLargest() {
        let s16 = IIOScanType(parsing: "le:s16/16>>0")!
        let layout = IIORecordLayout(channels: [("in_accel_x", 0, s16), ("in_accel_y", 1, s16), ("in_accel_z", 2, s16)])
        #expect(layout.recordBytes == 6)
    }
}

@Suite struct IIOAccelerometerTests {
    static let settings = IIOAccelerometer.Settings(
        bus: 1, address: 0x68, rateHz: 50, gyro: true, mount: .identity, offsetG: .zero)

    static func near(_ a: Vector3, _ b: Vector3, within tolerance: Float = 0.0001) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
    }

    /// Counts times in_accel_scale (m/s^2) over 9.80665: -16384 x 0.000598 = -9.7976 m/s^2 =
    /// -0.99908 g; the gyro's 41 counts x 0.001064724 rad/s = 2.50117 degrees a second.
    @Test func rawReadsScaleToGAndDegreesASecond() throws {
        let fake = FakeSysfs()
        _ = fake.heldMPU6050()
        let sensor = try IIOAccelerometer(settings: Self.settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        #expect(sensor.mode == .raw)
        #expect(sensor.fifoSamples == 0)
        #expect(sensor.samplePeriod == .milliseconds(20))
        #expect(sensor.description == "mpu6050 through the kernel's IIO device iio:device0 (raw reads at 50 Hz)")
        var samples: [Sample] = []
        let report = try sensor.readSamples(now: Instant(nanoseconds: 5_000_000_000)) { samples.append($0) }
        #expect(report.delivered == 1)
        let sample = try #require(samples.first)
        #expect(sample.time == Instant(nanoseconds: 5_000_000_000))
        #expect(Self.near(sample.accelerationG, Vector3(x: -0.99908, y: 0.124885, z: -0.24977)))
        #expect(Self.near(try #require(sample.angularRateDPS), Vector3(x: 2.50117, y: -5.00234, z: 7.50351), within: 0.001))
    }

    /// The driver's mount matrix first, then the board's: a board matrix that undoes the
    /// driver's leaves the chip's axes; the driver's alone turns them.
    @Test func theDriversMountMatrixThenTheBoards() throws {
        let fake = FakeSysfs()
        _ = fake.heldMPU6050(mountMatrix: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        let turned = try IIOAccelerometer(settings: Self.settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        var samples: [Sample] = []
        _ = try turned.readSamples(now: Instant(nanoseconds: 1)) { samples.append($0) }
        // x' = y, y' = -x.
        #expect(Self.near(samples[0].accelerationG, Vector3(x: 0.124885, y: 0.99908, z: -0.24977)))

        var settings = Self.settings
        settings.mount = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1")
        settings.offsetG = Vector3(x: 0.01, y: 0, z: 0)
        let undone = try IIOAccelerometer(settings: settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        samples = []
        _ = try undone.readSamples(now: Instant(nanoseconds: 1)) { samples.append($0) }
        #expect(Self.near(samples[0].accelerationG, Vector3(x: -1.00908, y: 0.124885, z: -0.24977)))
    }

    /// The adxl345 IIO driver has no gyro: the samples carry none even when asked.
    @Test func anADXL345HasNoGyro() throws {
        let fake = FakeSysfs()
        let client = fake.client(bus: 1, address: "53", driver: "adxl345_i2c")
        _ = fake.device(
            client,
            attributes: [
                "name": "adxl345\n", "in_accel_scale": "0.038300\n", "in_accel_x_raw": "-256\n", "in_accel_y_raw": "32\n",
                "in_accel_z_raw": "-64\n",
            ])
        var settings = Self.settings
        settings.address = 0x53
        let sensor = try IIOAccelerometer(settings: settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        #expect(!sensor.readsGyro)
        var samples: [Sample] = []
        _ = try sensor.readSamples(now: Instant(nanoseconds: 1)) { samples.append($0) }
        #expect(samples[0].angularRateDPS == nil)
        #expect(Self.near(samples[0].accelerationG, Vector3(x: -0.999811, y: 0.124976, z: -0.249953)))
    }

    /// Gone (the driver unbound): its next set-up fails as an unavailable bus, which the
    /// engine's failure timeout journals as a `sensor` fault.
    @Test func aDeviceThatWentAwayIsUnavailable() throws {
        let fake = FakeSysfs()
        let device = fake.heldMPU6050()
        let sensor = try IIOAccelerometer(settings: Self.settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        _ = unlink(fake.sysfs.i2cClient(bus: 1, address: 0x68) + "/driver")
        #expect(throws: SensorError.bus(.unavailable)) { try sensor.begin(now: Instant(nanoseconds: 1)) }
        #expect(throws: SensorError.bus(.unavailable)) { _ = try sensor.readSamples(now: Instant(nanoseconds: 2)) { _ in } }
        _ = device
    }

    @Test func errorsSayWhatIsMissing() {
        let fake = FakeSysfs()
        #expect(
            throws: IIOError.missing(
                "no kernel driver holds 0x68 on bus 1 (\(fake.root)/bus/i2c/devices/1-0068 has no driver): turn the chip's overlay on (dtoverlay=mpu6050, or dtoverlay=i2c-sensor,adxl345 with an IIO driver) or use sensor.backend i2c"
            )
        ) { try IIOAccelerometer(settings: Self.settings, sysfs: fake.sysfs, devRoot: fake.devRoot) }
        let client = fake.client(bus: 1, address: "68", driver: "inv-mpu6050-i2c")
        _ = fake.device(client, attributes: ["name": "mpu6050\n", "in_accel_scale": "fast\n"])
        #expect(throws: IIOError.malformed("\(client)/iio:device0/in_accel_scale reads 'fast', not a scale")) {
            try IIOAccelerometer(settings: Self.settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        }
    }

    /// With a trigger (the driver's own, `mpu6050-dev0`, as inv_mpu6050 makes it with an
    /// interrupt line): the scan elements set up, timestamps on CLOCK_MONOTONIC, the buffer
    /// on, and records read from /dev/iio:device0 with the kernel's timestamps.
    @Test func theBufferWhereThereIsATrigger() throws {
        let fake = FakeSysfs()
        let device = fake.heldMPU6050()
        let scan = device + "/scan_elements/"
        fake.scanElements(
            device,
            [
                ("in_accel_x", 0), ("in_accel_y", 1), ("in_accel_z", 2), ("in_temp", 3), ("in_anglvel_x", 4), ("in_anglvel_y", 5),
                ("in_anglvel_z", 6),
            ], enabled: false)
        fake.write(device + "/buffer/enable", "0\n")
        fake.write(device + "/buffer/length", "480\n")
        fake.write(device + "/sampling_frequency", "1000\n")
        fake.write(device + "/current_timestamp_clock", "realtime\n")
        fake.write(device + "/trigger/current_trigger", "\n")
        fake.write(fake.root + "/bus/iio/devices/trigger0/name", "mpu6050-dev0\n")
        // Two records of 24 bytes: accel, gyro (big-endian), 2 bytes of padding... the
        // timestamp at 16 (little-endian nanoseconds).
        let first: [UInt8] =
            [0xC0, 0x00, 0x08, 0x00, 0xF0, 0x00, 0x00, 0x29, 0xFF, 0xAE, 0x00, 0x7B, 0, 0, 0, 0]
            + [0x00, 0xCA, 0x9A, 0x3B, 0, 0, 0, 0] // 1,000,000,000 ns
        let second: [UInt8] =
            [0x00, 0x00, 0x40, 0x00, 0xF0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0]
            + [0x80, 0x69, 0x67, 0x3C, 0, 0, 0, 0] // 1,013,410,176 ns
        fake.write(fake.devRoot + "/iio:device0", first + second)

        let sensor = try IIOAccelerometer(settings: Self.settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        #expect(sensor.mode == .buffer(trigger: "mpu6050-dev0"))
        #expect(sensor.fifoSamples == 256)
        #expect(fake.read(device + "/trigger/current_trigger") == "mpu6050-dev0")
        #expect(fake.read(device + "/current_timestamp_clock") == "monotonic")
        #expect(fake.read(device + "/buffer/enable") == "1")
        #expect(fake.read(device + "/buffer/length") == "256")
        #expect(fake.read(device + "/sampling_frequency") == "50")
        #expect(fake.read(scan + "in_accel_x_en") == "1")
        #expect(fake.read(scan + "in_temp_en") == "0")
        #expect(fake.read(scan + "in_anglvel_z_en") == "1")
        #expect(fake.read(scan + "in_timestamp_en") == "1")

        var samples: [Sample] = []
        let report = try sensor.readSamples(now: Instant(nanoseconds: 2_000_000_000)) { samples.append($0) }
        #expect(report.delivered == 2)
        #expect(samples.map(\.time) == [Instant(nanoseconds: 1_000_000_000), Instant(nanoseconds: 1_013_410_176)])
        #expect(Self.near(samples[0].accelerationG, Vector3(x: -0.99908, y: 0.124885, z: -0.24977)))
        #expect(Self.near(try #require(samples[0].angularRateDPS), Vector3(x: 2.50117, y: -5.00234, z: 7.50351), within: 0.001))
        #expect(Self.near(samples[1].accelerationG, Vector3(x: 0, y: 0.99908, z: -0.24977)))
    }

    /// A record stamped before the last read that returned (queued after its interrupt) is
    /// kept after that read and no later than now (Accelerometer.readSamples' promise).
    @Test func aLateRecordIsStampedAfterTheLastRead() throws {
        let fake = FakeSysfs()
        let device = fake.heldMPU6050()
        fake.scanElements(device, [("in_accel_x", 0), ("in_accel_y", 1), ("in_accel_z", 2)], enabled: true)
        fake.write(device + "/buffer/enable", "0\n")
        fake.write(device + "/trigger/current_trigger", "mpu6050-dev0\n")
        fake.write(fake.devRoot + "/iio:device0", [UInt8]())
        var settings = Self.settings
        settings.gyro = false
        let sensor = try IIOAccelerometer(settings: settings, sysfs: fake.sysfs, devRoot: fake.devRoot)
        #expect(try sensor.readSamples(now: Instant(nanoseconds: 3_000_000_000)) { _ in }.delivered == 0)
        // Now a record stamped 2.5 s arrives (the file grows behind the open descriptor).
        fake.write(
            fake.devRoot + "/iio:device0",
            [0xC0, 0x00, 0x08, 0x00, 0xF0, 0x00, 0, 0] + [0x00, 0xF9, 0x02, 0x95, 0, 0, 0, 0])
        var samples: [Sample] = []
        _ = try sensor.readSamples(now: Instant(nanoseconds: 3_020_000_000)) { samples.append($0) }
        #expect(samples.map(\.time) == [Instant(nanoseconds: 3_000_000_001)])
    }
}
