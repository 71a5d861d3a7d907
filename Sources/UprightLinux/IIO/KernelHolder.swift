/// A kernel driver bound to the chip's I2C address. i2c-dev then refuses I2C_SLAVE for that
/// address with EBUSY, and a combined I2C_RDWR transfer would reach the chip behind the
/// driver's back (it addresses each message itself), so `probe` and `run` look in sysfs first
/// and name the holder instead of touching the chip (docs/setup.md, "A chip the kernel drives").
public struct KernelHolder: Equatable, Sendable {
    public var bus: Int
    public var address: UInt8
    /// The driver's name, the last component of the client's `driver` link ("inv-mpu6050-i2c").
    public var driver: String
    /// The client's IIO device ("iio:device0"), when the driver made one.
    public var iioDevice: String?
    /// Whether the driver reads an accelerometer: one of the chips' drivers, or an IIO device
    /// with `in_accel_scale`. Another chip at a candidate address (a DS3231 clock at 0x68,
    /// rtc-ds1307) is left alone, not reported as the accelerometer's holder.
    public var isAccelerometer: Bool

    public init(bus: Int, address: UInt8, driver: String, iioDevice: String?, isAccelerometer: Bool = true) {
        self.bus = bus
        self.address = address
        self.driver = driver
        self.iioDevice = iioDevice
        self.isAccelerometer = isAccelerometer
    }

    /// The drivers of the two chips Raspberry Pi OS's overlays bind (`overlay(driver:)`).
    public static let accelerometerDrivers: Set<String> = ["inv-mpu6050-i2c", "adxl34x", "adxl345_i2c"]

    /// The driver bound to the client at `address` on `bus`, nil when none is (no client, or
    /// a client no driver took: i2c-dev refuses only a bound one).
    public static func find(bus: Int, address: UInt8, sysfs: Sysfs = Sysfs()) -> KernelHolder? {
        let client = sysfs.i2cClient(bus: bus, address: address)
        guard let driver = Sysfs.linkName(client + "/driver") else { return nil }
        let device = Sysfs.list(client).first { $0.hasPrefix("iio:device") }
        let accelerometer =
            accelerometerDrivers.contains(driver) || device.map { Sysfs.exists(client + "/" + $0 + "/in_accel_scale") } == true
        return KernelHolder(bus: bus, address: address, driver: driver, iioDevice: device, isAccelerometer: accelerometer)
    }

    /// The Raspberry Pi OS config.txt line that usually binds `driver`: the mpu6050 overlay
    /// binds inv_mpu6050 (its I2C half, inv-mpu6050-i2c), the i2c-sensor overlay's adxl345
    /// parameter the compatible "adi,adxl345", which the input driver adxl34x (Raspberry Pi
    /// OS's kernel) or the IIO driver adxl345_i2c takes (docs/setup.md).
    public static func overlay(driver: String) -> String? {
        switch driver {
        case "inv-mpu6050-i2c": "dtoverlay=mpu6050"
        case "adxl34x", "adxl345_i2c": "dtoverlay=i2c-sensor,adxl345"
        default: nil
        }
    }

    /// "0x68 on bus 1".
    public var place: String { Self.hex(address) + " on bus \(bus)" }

    /// What holds the address, one line: "the kernel's inv-mpu6050-i2c driver holds 0x68 on
    /// bus 1 (IIO device iio:device0; dtoverlay=mpu6050 usually binds it)".
    public var summary: String {
        var details: [String] = []
        details.append(iioDevice.map { "IIO device " + $0 } ?? "no IIO device")
        details.append((Self.overlay(driver: driver).map { $0 + " usually binds it" }) ?? "a dtoverlay or a module binds it")
        return "the kernel's \(driver) driver holds \(place) (\(details.joined(separator: "; ")))"
    }

    /// The two ways out, one line each: the overlay off, or the kernel's driver through
    /// `sensor.backend` `iio` (a driver without an IIO device, such as the input driver
    /// adxl34x, cannot be read that way, and the line says so).
    public var waysOut: [String] {
        let overlay = Self.overlay(driver: driver)
        let off =
            overlay.map { "remove \($0) from /boot/firmware/config.txt and reboot" }
            ?? "unbind it (echo \(Self.client(bus: bus, address: address)) > /sys/bus/i2c/drivers/\(driver)/unbind) or stop loading it"
        var lines = ["either: \(off); Upright then reads the chip itself over I2C (sensor.backend i2c, the default)"]
        if iioDevice != nil {
            lines.append(
                "or: keep it and set \"backend\": \"iio\" in the board file's sensor section; Upright then reads the chip through the kernel's IIO device"
            )
        } else {
            lines.append("or: nothing else: \(driver) has no IIO device, so sensor.backend iio cannot read the chip through it")
        }
        return lines
    }

    /// The whole message: the summary, then the ways out.
    public var message: String {
        ([summary] + waysOut).joined(separator: "\n")
    }

    /// `1-0068`.
    static func client(bus: Int, address: UInt8) -> String {
        let digits = String(address, radix: 16)
        return "\(bus)-" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `0x68`.
    static func hex(_ address: UInt8) -> String {
        (address < 0x10 ? "0x0" : "0x") + String(address, radix: 16)
    }
}
