import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// One requested output line (GPIO character device, uAPI v2: GPIO_V2_LINE_FLAG_OUTPUT, set
/// with GPIO_V2_LINE_SET_VALUES_IOCTL): the recording light. Requested inactive; `release()`
/// (or deinit) sets it inactive again and closes the request, which gives the line back.
public final class GPIOOutputLine {
    public let chipPath: String
    public let offset: UInt32
    public let activeLow: Bool
    /// The logical level last set (true: active, the LED lit).
    public private(set) var isActive = false
    private var fd: Int32

    // enum gpio_v2_line_flag (linux/gpio.h).
    static let flagActiveLow: UInt64 = 1 << 1
    static let flagOutput: UInt64 = 1 << 3

    /// The GPIO_V2_LINE_FLAG_* word for the request.
    public static func flags(activeLow: Bool) -> UInt64 { flagOutput | (activeLow ? flagActiveLow : 0) }

    /// The `struct gpio_v2_line_request` bytes for GPIO_V2_GET_LINE_IOCTL: one output line,
    /// first value inactive, laid out by the C compiler from the kernel header.
    public static func encodedRequest(offset: UInt32, activeLow: Bool, consumer: String) -> [UInt8] {
        let size = upright_gpio_line_request_size()
        var request = [UInt8](repeating: 0, count: size)
        let flags = Self.flags(activeLow: activeLow)
        request.withUnsafeMutableBytes { raw in
            _ = upright_gpio_fill_output_request(raw.baseAddress, size, offset, consumer, flags, 0)
        }
        return request
    }

    public init(chip: GPIOChip, offset: UInt32, activeLow: Bool, consumer: String) throws(LinuxDeviceError) {
        let (chipFD, chipPath) = try chip.open()
        defer { close(chipFD) }
        var request = Self.encodedRequest(offset: offset, activeLow: activeLow, consumer: consumer)
        let result = request.withUnsafeMutableBytes { raw in upright_gpio_request_line(chipFD, raw.baseAddress) }
        if result < 0 {
            let code = -result
            switch code {
            case EBUSY:
                throw LinuxDeviceError(
                    path: chipPath, code: code,
                    description: "GPIO line \(offset) on \(chipPath) is in use by another program or driver (see gpioinfo)")
            case EACCES, EPERM:
                throw LinuxDeviceError.opening(chipPath, code: code, kind: .gpio)
            default:
                throw LinuxDeviceError(
                    path: chipPath, code: code,
                    description: "cannot request GPIO line \(offset) on \(chipPath) as an output: \(LinuxDeviceError.message(code))")
            }
        }
        fd = result
        self.chipPath = chipPath
        self.offset = offset
        self.activeLow = activeLow
    }

    deinit { release() }

    /// Sets the line's logical level (true: active). A failure is returned, not thrown: a
    /// light that cannot be set must not stop the camera.
    @discardableResult
    public func set(_ active: Bool) -> LinuxDeviceError? {
        guard fd >= 0 else { return nil }
        let result = upright_gpio_set_value(fd, active ? 1 : 0)
        if result < 0 {
            return LinuxDeviceError(
                path: chipPath, code: -result, description: "setting GPIO line \(offset) on \(chipPath): \(LinuxDeviceError.message(-result))")
        }
        isActive = active
        return nil
    }

    /// Inactive, then the line is given back (closing the request releases it).
    public func release() {
        guard fd >= 0 else { return }
        _ = upright_gpio_set_value(fd, 0)
        close(fd)
        fd = -1
    }
}
