#if canImport(Glibc)
import Glibc
#endif
import UprightHost

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
/// so that lines from two threads are neither lost nor torn and keep their order. A pthread
/// mutex (`ThreadMonitor`), not `Synchronization.Mutex`: the thread sanitizer sees the first
/// and not the second's futex (Makefile, `sanitize`).
private final class OutputBuffer: @unchecked Sendable {
    // @unchecked: `bytes` is touched only with `monitor` held.
    private let fd: Int32
    private let monitor = ThreadMonitor()
    private var bytes: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
        bytes.reserveCapacity(1 << 16)
    }

    func append(_ text: String) {
        monitor.lock()
        defer { monitor.unlock() }
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { drain() }
    }

    func flush() {
        monitor.lock()
        defer { monitor.unlock() }
        drain()
    }

    /// Flushes, then writes `other` to `otherFD` under the same lock (stderr after stdout).
    func flush(then other: [UInt8], to otherFD: Int32) {
        monitor.lock()
        defer { monitor.unlock() }
        drain()
        writeAll(fd: otherFD, other)
    }

    /// Writes and empties the buffer; the lock held.
    private func drain() {
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
