import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// A GPIO character device (`/dev/gpiochipN`), named by path or by label.
///
/// The Pi 5 renumbered its chips between kernels (the header is `gpiochip4` before about
/// 6.6.47, `gpiochip0` after; label `pinctrl-rp1`), so a board file may name the label instead.
public enum GPIOChip: Hashable, Sendable {
    case path(String)
    case label(String)

    /// What GPIO_GET_CHIPINFO_IOCTL reports.
    public struct Info: Hashable, Sendable {
        public var path: String
        public var name: String
        public var label: String
        public var lines: UInt32
    }

    /// At most this many `/dev/gpiochip*` nodes are looked at when searching by label.
    public static let maximumChips = 64

    /// Opens the chip (read-only is enough for line requests) and returns its descriptor and
    /// path. The caller closes the descriptor.
    public func open() throws(LinuxDeviceError) -> (fd: Int32, path: String) {
        switch self {
        case .path(let path):
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 { throw LinuxDeviceError.opening(path, code: errno, kind: .gpio) }
            return (fd, path)
        case .label(let label):
            var seen: [String] = []
            for path in Self.chipPaths() {
                let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
                if fd < 0 { continue }
                if let info = Self.info(fd: fd, path: path) {
                    if info.label == label { return (fd, path) }
                    seen.append(info.label)
                }
                close(fd)
            }
            throw LinuxDeviceError(
                path: "/dev/gpiochip*", code: ENOENT,
                description: "no GPIO chip is labelled \(label) (labels found: \(seen.isEmpty ? "none" : seen.joined(separator: ", ")))")
        }
    }

    /// The chip's name, label and line count, or nil when `fd` is not a GPIO chip.
    public static func info(fd: Int32, path: String) -> Info? {
        var name = [CChar](repeating: 0, count: 32)
        var label = [CChar](repeating: 0, count: 32)
        var lines: UInt32 = 0
        let result = upright_gpio_chip_info(fd, &name, &label, &lines)
        guard result == 0 else { return nil }
        return Info(path: path, name: string(name), label: string(label), lines: lines)
    }

    private static func string(_ characters: [CChar]) -> String {
        let bytes = characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `/dev/gpiochip*`, in numeric order, at most `maximumChips`.
    static func chipPaths() -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var numbers: [Int] = []
        var entries = 0
        while let entry = readdir(directory), entries < 100_000 {
            entries += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("gpiochip"), let number = Int(name.dropFirst("gpiochip".count)) {
                numbers.append(number)
            }
        }
        return numbers.sorted().prefix(maximumChips).map { "/dev/gpiochip\($0)" }
    }
}
