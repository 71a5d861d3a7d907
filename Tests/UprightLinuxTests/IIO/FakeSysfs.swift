import Glibc
import UprightLinux
import UprightTestSupport

/// A fake sysfs tree in a temporary directory, laid out as the kernel's: an I2C client
/// `bus/i2c/devices/B-00AA` with a `driver` link and an `iio:deviceN` directory of
/// attributes, and `/dev`'s device nodes as plain files beside it.
final class FakeSysfs {
    let directory = TemporaryDirectory()
    var root: String { directory.path + "/sys" }
    var devRoot: String { directory.path + "/dev" }
    var sysfs: Sysfs { Sysfs(root: root) }

    init() {
        makeDirectories(devRoot)
        makeDirectories(root + "/bus/iio/devices")
    }

    deinit { directory.remove(depth: 12) }

    /// The client at `address` on `bus`, bound to `driver` (a link as the kernel makes it).
    func client(bus: Int, address: String, driver: String?) -> String {
        let path = root + "/bus/i2c/devices/\(bus)-00" + address
        makeDirectories(path)
        if let driver {
            makeDirectories(root + "/bus/i2c/drivers/" + driver)
            symlink("../../../../bus/i2c/drivers/" + driver, path + "/driver")
        }
        return path
    }

    /// An IIO device under `client` with `attributes` (relative path -> text).
    func device(_ client: String, node: String = "iio:device0", attributes: [String: String]) -> String {
        let path = client + "/" + node
        for (name, text) in attributes { write(path + "/" + name, text) }
        makeDirectories(path)
        return path
    }

    /// inv_mpu6050 at 0x68 on bus 1 without an interrupt line (no trigger): the kernel rig's
    /// left-up pose in counts at +-2 g, the gyro's constant rate; returns the device's path.
    func heldMPU6050(mountMatrix: String? = nil) -> String {
        let client = client(bus: 1, address: "68", driver: "inv-mpu6050-i2c")
        var attributes = [
            "name": "mpu6050\n", "in_accel_scale": "0.000598\n", "in_anglvel_scale": "0.001064724\n",
            "in_accel_x_raw": "-16384\n", "in_accel_y_raw": "2048\n", "in_accel_z_raw": "-4096\n",
            "in_anglvel_x_raw": "41\n", "in_anglvel_y_raw": "-82\n", "in_anglvel_z_raw": "123\n",
        ]
        if let mountMatrix { attributes["in_accel_mount_matrix"] = mountMatrix + "\n" }
        return device(client, attributes: attributes)
    }

    /// Scan elements as inv_mpu6050 lists them (`_en`, `_index`, `_type`): big-endian s16
    /// channels and the little-endian s64 timestamp at index 7, each on or off.
    func scanElements(_ device: String, _ channels: [(name: String, index: Int)], enabled: Bool) {
        let scan = device + "/scan_elements/"
        let on = enabled ? "1\n" : "0\n"
        for (name, index) in channels {
            write(scan + name + "_en", on)
            write(scan + name + "_index", "\(index)\n")
            write(scan + name + "_type", "be:s16/16>>0\n")
        }
        write(scan + "in_timestamp_en", on)
        write(scan + "in_timestamp_index", "7\n")
        write(scan + "in_timestamp_type", "le:s64/64>>0\n")
    }

    func write(_ path: String, _ text: String) {
        write(path, Array(text.utf8))
    }

    func write(_ path: String, _ bytes: [UInt8]) {
        makeDirectories(String(path[..<path.lastIndex(of: "/")!]))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot write \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func read(_ path: String) -> String? { Sysfs.read(path) }

    func makeDirectories(_ path: String) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            mkdir(partial, 0o755)
        }
    }
}
