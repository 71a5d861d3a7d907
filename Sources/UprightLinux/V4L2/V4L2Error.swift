#if canImport(Glibc)
import Glibc
#endif

/// Why a V4L2 device could not be opened, set up or read: the device, the call, errno (0 when
/// the failure is a decision, not a system call's) and one line for the log.
public struct V4L2Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device node, e.g. "/dev/video0".
    public var device: String
    /// The call that failed ("open", "VIDIOC_DQBUF", ...).
    public var operation: String
    /// errno, or 0.
    public var code: Int32
    /// What failed, one line.
    public var description: String

    public init(device: String, operation: String, code: Int32, description: String) {
        self.device = device
        self.operation = operation
        self.code = code
        self.description = description
    }

    /// A system call's failure: `operation` on `device` failed with `code` (errno).
    public static func system(_ device: String, _ operation: String, code: Int32) -> V4L2Error {
        var text = "\(device): \(operation): \(LinuxDeviceError.message(code))"
        switch code {
        case ENODEV: text += " (the device is gone: unplugged, or its driver unloaded)"
        case ENOENT: text += " (no such device node: is the camera plugged in, its driver loaded?)"
        case EACCES, EPERM: text += " (join the video group: sudo usermod -aG video $USER, then log in again)"
        case EBUSY: text += " (another program is streaming from it)"
        default: break
        }
        return V4L2Error(device: device, operation: operation, code: code, description: text)
    }

    /// The device went away (unplugged, or its driver unbound): `ENODEV` from any call, as
    /// the V4L2 specification says of a disconnected device.
    public var deviceIsGone: Bool { code == ENODEV }
}
