#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Turns a board's `sensor` section into a driver: the chip's configuration from
/// `Board.SensorSettings.mpu6050Configuration` / `adxl345Configuration` (shared with the
/// simulator), and the chip itself found by kind and address (or by scanning, with `auto`).
public enum SensorSetup {
    /// The board's sensor: through the kernel's IIO device (`sensor.backend` `iio`, or `auto`
    /// when a kernel driver with an IIO device holds the address), else the chip over I2C.
    /// Over I2C an address a kernel driver holds is refused with the driver named and the two
    /// ways out (`KernelHolder`), before anything touches the chip.
    public static func sensor<Bus: I2CBus>(
        on bus: Bus, settings: Board.SensorSettings, interrupt: Bool, devices: FirmwareDevices<Bus>
    ) throws(FirmwareError) -> BoardSensor<Bus> {
        let holders = holders(settings: settings, devices: devices)
        let useIIO: Bool
        switch settings.backend {
        case .i2c: useIIO = false
        case .iio: useIIO = true
        case .auto: useIIO = holders.contains { $0.iioDevice != nil }
        }
        if useIIO {
            return .iio(try iio(settings: settings, holders: holders, devices: devices))
        }
        if let holder = holders.first {
            throw FirmwareError(.device, holder.message)
        }
        return .chip(try sensor(on: bus, settings: settings, interrupt: interrupt, busName: devices.busName))
    }

    /// The kernel drivers holding the board's address (any driver: i2c-dev refuses the address
    /// whoever holds it), or, with `kind` `auto` and no address, the accelerometer drivers
    /// holding a candidate address (another chip's driver there, a clock's at 0x68, is left to
    /// the scan); in scan order, none without a bus number.
    static func holders<Bus>(settings: Board.SensorSettings, devices: FirmwareDevices<Bus>) -> [KernelHolder] {
        guard let bus = devices.busNumber else { return [] }
        if let address = settings.address {
            return KernelHolder.find(bus: bus, address: address, sysfs: devices.sysfs).map { [$0] } ?? []
        }
        return [0x68, 0x69, 0x53, 0x1D].compactMap { KernelHolder.find(bus: bus, address: $0, sysfs: devices.sysfs) }
            .filter(\.isAccelerometer)
    }

    /// The IIO path: the first held address's device, set up; the error names the key.
    static func iio<Bus>(
        settings: Board.SensorSettings, holders: [KernelHolder], devices: FirmwareDevices<Bus>
    ) throws(FirmwareError) -> IIOAccelerometer {
        guard let bus = devices.busNumber else {
            throw FirmwareError(.badBoard, "sensor.backend: iio needs the board's i2c.bus to find the kernel's device")
        }
        let address = holders.first { $0.iioDevice != nil }?.address ?? holders.first?.address ?? settings.address ?? 0x68
        let iioSettings = IIOAccelerometer.Settings(
            bus: bus, address: address, rateHz: settings.rateHz, gyro: settings.gyro, mount: settings.mountMatrix,
            offsetG: settings.deviceOffsetG)
        do throws(IIOError) {
            return try IIOAccelerometer(settings: iioSettings, sysfs: devices.sysfs, devRoot: devices.devRoot)
        } catch {
            throw FirmwareError(.device, "sensor.backend iio: \(error)")
        }
    }

    /// The driver for the board's chip, not yet initialised, with the board's mount matrix and
    /// offsets. With `auto` the first chip that answers (0x68, 0x69, 0x53, 0x1D); with a named
    /// kind, that chip at its address, after checking that something acknowledges there.
    public static func sensor<Bus: I2CBus>(
        on bus: Bus, settings: Board.SensorSettings, interrupt: Bool, busName: String
    ) throws(FirmwareError) -> AnySensor<Bus> {
        switch settings.kind {
        case .auto:
            // The scan finds the chip and its address; the driver is then built as for a named
            // kind, so both paths configure it by the one rule (`Board.SensorSettings.driver`).
            guard let found = AnySensor.detect(bus: bus) else {
                throw FirmwareError(
                    .device,
                    "no accelerometer answers on \(busName) at 0x68, 0x69, 0x53 or 0x1d: check the wiring and power (upright probe lists what answers)"
                )
            }
            var located = settings
            located.address = found.address
            return located.driver(found.chip, on: bus, interrupt: interrupt)
        case .mpu6050:
            return settings.driver(.mpu6050, on: bus, interrupt: interrupt)
        case .adxl345:
            return settings.driver(.adxl345, on: bus, interrupt: interrupt)
        }
    }

    /// "ADXL345 at 0x53 on /dev/i2c-1", or the IIO device's description.
    public static func describe<Bus>(_ sensor: BoardSensor<Bus>, busName: String) -> String {
        if let chip = sensor.chip { return describe(chip, busName: busName) }
        return sensor.iio?.description ?? "no sensor"
    }

    /// What to check when `sensor` did not start.
    public static func describe<Bus>(_ error: SensorError, sensor: BoardSensor<Bus>, busName: String) -> String {
        if let chip = sensor.chip { return describe(error, sensor: chip, busName: busName) }
        return "sensor.backend iio: \(sensor.iio?.device.directory ?? "the IIO device") cannot be read (\(describe(error)))"
    }

    /// "ADXL345 at 0x53 on /dev/i2c-1".
    public static func describe<Bus>(_ sensor: AnySensor<Bus>, busName: String) -> String {
        let chip: String
        if let model = sensor.identity?.model {
            chip = model.displayName
        } else if sensor.chip == .mpu6050 {
            chip = "MPU-6050"
        } else {
            chip = "ADXL345"
        }
        return chip + " at " + hex(sensor.address) + " on " + busName
    }

    public static func describe(_ error: SensorError) -> String {
        switch error {
        case .bus(let busError): "I2C " + busError.message
        case .unknownDevice(let address, let value): "the chip at \(hex(address)) identifies as \(hex(value)), no part Upright knows"
        case .adapterTooSmall(let bytes): "the I2C adapter reads at most \(bytes) bytes per transfer, less than one sample"
        }
    }

    /// What to check when `sensor` did not start: "the ADXL345 at 0x53 on /dev/i2c-1 does not answer ...".
    public static func describe<Bus>(_ error: SensorError, sensor: AnySensor<Bus>, busName: String) -> String {
        let chip: String
        switch sensor.chip {
        case .mpu6050: chip = "MPU-6050"
        case .adxl345: chip = "ADXL345"
        }
        let place = "the \(chip) at \(hex(sensor.address)) on \(busName)"
        if case .bus(.noAcknowledge) = error {
            return
                "\(place) does not answer (no acknowledge): check the wiring, power and the board's sensor.address (upright probe lists what answers)"
        }
        return "\(place): \(describe(error))"
    }

    /// `0x53`.
    static func hex(_ address: UInt8) -> String {
        let digits = String(address, radix: 16)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}
