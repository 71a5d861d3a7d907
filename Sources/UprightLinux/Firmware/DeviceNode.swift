#if canImport(Glibc)
import Glibc
#endif

/// A device node the firmware opened (`/dev/i2c-1`, `/dev/gpiochip0`), as it was when opened:
/// its device number and inode. The kernel removes the node when the device goes (an I2C
/// adapter unplugged or its driver unbound, a GPIO chip removed), while the descriptor the
/// firmware holds stays open and says nothing: an I2C transfer fails as a chip that does not
/// answer would, and on some kernels a line request on a removed chip never wakes `poll` again.
/// The node is looked at instead: gone, or another node under its name (the device came back
/// as a new one, which the old descriptor does not reach), and the firmware stops to start
/// again (`LinuxFirmware`). An I2C adapter being removed also waits in the kernel until every
/// descriptor on it is closed.
public struct DeviceNode: Equatable, Sendable {
    public var path: String
    public var device: UInt64
    public var inode: UInt64

    public init(path: String, device: UInt64, inode: UInt64) {
        self.path = path
        self.device = device
        self.inode = inode
    }

    /// The node at `path` now (nil: there is none, or it cannot be looked at).
    public static func at(_ path: String) -> DeviceNode? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return DeviceNode(path: path, device: UInt64(status.st_rdev), inode: UInt64(status.st_ino))
    }

    /// Why the node is not the one opened (nil: it is; or it cannot be told, a look that fails
    /// for another reason than the name being gone).
    public func whyGone() -> String? {
        var status = stat()
        if stat(path, &status) != 0 {
            let code = errno
            guard code == ENOENT || code == ENODEV || code == ENXIO || code == ENOTDIR else { return nil }
            return path + " is gone (" + LinuxDeviceError.message(code) + ")"
        }
        if UInt64(status.st_rdev) != device || UInt64(status.st_ino) != inode {
            return path + " is another device now (it went away and came back)"
        }
        return nil
    }
}
