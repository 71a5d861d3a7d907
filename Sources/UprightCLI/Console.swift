#if canImport(Glibc)
import Glibc
#endif

/// Where a command's output goes: the process's stdout and stderr, or buffers in tests.
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void
    /// True when stdout is a terminal (progress bars, colour); false when piped.
    public let isTerminal: Bool

    private let flushOut: () -> Void

    public init(isTerminal: Bool = false, out: @escaping (String) -> Void, error: @escaping (String) -> Void, flush: @escaping () -> Void = {}) {
        self.isTerminal = isTerminal
        self.writeOut = out
        self.writeError = error
        self.flushOut = flush
    }

    /// The real process streams. stdout is buffered (64 KiB) and flushed before anything goes
    /// to stderr, so the two interleave in the order written; `flush()` before exit.
    public static func standard() -> Console {
        let buffer = OutputBuffer(fd: 1)
        return Console(
            isTerminal: isatty(1) == 1,
            out: { buffer.append($0) },
            error: { text in
                buffer.flush()
                writeAll(fd: 2, Array(text.utf8))
            },
            flush: { buffer.flush() })
    }

    /// Writes `text` to stdout as is.
    public func write(_ text: String) { writeOut(text) }
    /// Writes `text` and a newline to stdout.
    public func print(_ text: String) { writeOut(text + "\n") }
    /// Writes `text` and a newline to stderr.
    public func printError(_ text: String) { writeError(text + "\n") }

    public func flush() { flushOut() }
}

/// Collects stdout text and writes it in large chunks.
private final class OutputBuffer: @unchecked Sendable {
    private let fd: Int32
    private var bytes: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
        bytes.reserveCapacity(1 << 16)
    }

    func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    func flush() {
        writeAll(fd: fd, bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// Writes every byte, retrying on EINTR and short writes; gives up quietly on a closed pipe.
private func writeAll(fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// A console that keeps what was written, for tests.
public final class ConsoleRecorder: @unchecked Sendable {
    public private(set) var out = ""
    public private(set) var error = ""
    public lazy var console = Console(out: { [unowned self] in self.out += $0 }, error: { [unowned self] in self.error += $0 })

    public init() {}
}
