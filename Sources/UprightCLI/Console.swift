#if canImport(Glibc)
import Glibc
#endif
import Synchronization

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
    /// to stderr, so the two interleave in the order written; `flush()` before exit. Safe from
    /// any thread: `run` prints the event stream from the journal's thread (DurableWork) while
    /// its loop writes notes, and an unguarded buffer lost lines between the two.
    public static func standard() -> Console { standard(out: 1, error: 2) }

    /// `standard()` on other descriptors (tests: files).
    public static func standard(out outFD: Int32, error errorFD: Int32) -> Console {
        let buffer = OutputBuffer(fd: outFD)
        return Console(
            isTerminal: isatty(outFD) == 1,
            out: { buffer.append($0) },
            error: { buffer.flush(then: Array(($0).utf8), to: errorFD) },
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

/// Collects stdout text and writes it in large chunks; one lock over the bytes and the writes,
/// so that lines from two threads are neither lost nor torn and keep their order.
private final class OutputBuffer: Sendable {
    private let fd: Int32
    private let bytes: Mutex<[UInt8]>

    init(fd: Int32) {
        self.fd = fd
        var empty: [UInt8] = []
        empty.reserveCapacity(1 << 16)
        bytes = Mutex(empty)
    }

    func append(_ text: String) {
        bytes.withLock { bytes in
            bytes.append(contentsOf: text.utf8)
            if bytes.count >= 1 << 16 { Self.drain(&bytes, to: fd) }
        }
    }

    func flush() {
        bytes.withLock { Self.drain(&$0, to: fd) }
    }

    /// Flushes, then writes `other` to `otherFD` under the same lock (stderr after stdout).
    func flush(then other: [UInt8], to otherFD: Int32) {
        bytes.withLock { bytes in
            Self.drain(&bytes, to: fd)
            writeAll(fd: otherFD, other)
        }
    }

    private static func drain(_ bytes: inout [UInt8], to fd: Int32) {
        guard !bytes.isEmpty else { return }
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
