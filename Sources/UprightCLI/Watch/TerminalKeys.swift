#if canImport(Glibc)
import Glibc
#endif

/// The terminal on standard input in key-at-a-time mode (no line editing, no echo) while
/// `upright watch` runs, so `q` stops it without Enter; restored by `restore()` (and deinit).
/// Nil when standard input is not a terminal.
final class TerminalKeys {
    private var saved = termios()
    private var active = false

    init?() {
        guard isatty(0) == 1, tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return nil }
        active = true
    }

    deinit { restore() }

    func restore() {
        guard active else { return }
        active = false
        _ = tcsetattr(0, TCSANOW, &saved)
    }

    /// Whether the keys waiting on standard input include `q` (reads them all, at most 64).
    static func quitPressed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return buffer[0..<count].contains { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }
    }
}
