#if canImport(Glibc)
import Glibc
#endif

/// Small reads and writes of sysfs attributes, under a root that tests replace with a
/// temporary directory (a fake tree of plain files and symbolic links).
public struct Sysfs: Sendable {
    /// `/sys` on a running system.
    public var root: String

    public init(root: String = "/sys") {
        self.root = root
    }

    /// The longest attribute text read (a mount matrix is about 60 bytes).
    static let maximumAttributeBytes = 4096

    /// The attribute's text without its trailing newline, nil when it cannot be read.
    public static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: maximumAttributeBytes)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        var text = String(decoding: buffer[0..<count], as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Writes `text` and a newline to the attribute; the errno when refused, nil on success.
    @discardableResult
    public static func write(_ path: String, _ text: String) -> Int32? {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count ? nil : (written < 0 ? errno : EIO)
    }

    /// The last component of a symbolic link's target ("inv-mpu6050-i2c" for
    /// `../../../../bus/i2c/drivers/inv-mpu6050-i2c`), nil when `path` is no link.
    public static func linkName(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.split(separator: "/").last.map(String.init)
    }

    /// The names in a directory, sorted; empty when it cannot be listed. Bounded: at most
    /// 4096 entries (an IIO device has about fifty attributes).
    public static func list(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        for _ in 0..<4096 {
            guard let entry = readdir(directory) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// `/sys/bus/i2c/devices/1-0068`: the kernel's name for the client at `address` on bus
    /// `bus` ("%d-%04x", drivers/i2c/i2c-core-base.c, i2c_dev_set_name).
    public func i2cClient(bus: Int, address: UInt8) -> String {
        let digits = String(address, radix: 16)
        return root + "/bus/i2c/devices/\(bus)-" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
