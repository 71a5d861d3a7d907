#if canImport(Glibc)
import Glibc
#endif

/// Why a Linux device (an I2C bus, a GPIO chip or line) could not be opened or used, with a
/// one-line explanation that says what to do about it.
public struct LinuxDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device node or operation, e.g. "/dev/i2c-1".
    public var path: String
    /// errno of the failing call (0 when the failure is not a system call's).
    public var code: Int32
    /// What failed and what to do, one line.
    public var description: String

    public init(path: String, code: Int32, description: String) {
        self.path = path
        self.code = code
        self.description = description
    }

    /// Which kind of device, for the advice in an opening error.
    public enum DeviceKind: Sendable {
        case i2c
        case gpio
    }

    /// The error for `open(path)` failing with `code` (errno).
    public static func opening(_ path: String, code: Int32, kind: DeviceKind) -> LinuxDeviceError {
        let what: String
        switch (code, kind) {
        case (ENOENT, .i2c), (ENODEV, .i2c), (ENXIO, .i2c):
            what =
                "\(path) does not exist: enable the bus with \(enablingLine(path)) in /boot/firmware/config.txt and reboot, and make sure the i2c-dev module is loaded (modprobe i2c-dev)"
        case (ENOENT, .gpio), (ENODEV, .gpio), (ENXIO, .gpio):
            what = "\(path) does not exist: list the GPIO chips with ls /dev/gpiochip* (a Pi 5 names its header chip by label, pinctrl-rp1)"
        case (EACCES, .i2c), (EPERM, .i2c):
            what = "permission denied opening \(path): join the i2c group (sudo usermod -aG i2c $USER, then log in again)"
        case (EACCES, .gpio), (EPERM, .gpio):
            what = "permission denied opening \(path): join the gpio group (sudo usermod -aG gpio $USER, then log in again)"
        case (EBUSY, _):
            what = "\(path) is busy: another program or a kernel driver holds it"
        default:
            what = "cannot open \(path): \(LinuxDeviceError.message(code))"
        }
        return LinuxDeviceError(path: path, code: code, description: what)
    }

    /// The config.txt line that creates `/dev/i2c-N` on a Raspberry Pi: bus 1 is the header's
    /// SDA/SCL (pins 3 and 5), bus 0 the camera/HAT EEPROM pins, buses 3 to 6 are overlays on a
    /// Pi 4 (dtoverlay=i2cN).
    static func enablingLine(_ path: String) -> String {
        let prefix = "/dev/i2c-"
        guard path.hasPrefix(prefix), let bus = Int(path.dropFirst(prefix.count)) else {
            return "dtparam=i2c_arm=on (for /dev/i2c-1)"
        }
        switch bus {
        case 1: return "dtparam=i2c_arm=on"
        case 0: return "dtparam=i2c_vc=on"
        default: return "dtoverlay=i2c\(bus)"
        }
    }

    /// strerror's text for `code`.
    public static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
