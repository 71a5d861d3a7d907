#if canImport(Glibc)
import Glibc
#endif

/// The durable record of what the firmware did: one NDJSON line per capture, clip start and
/// stop, rejection and fault, each flushed to stable storage (fsync) before `append` returns,
/// so nothing is reported done that a power loss could take back.
///
/// A power loss can tear only the last line (appends are sequential). On open, a journal whose
/// last line has no newline is repaired: the torn bytes are moved to `<path>.torn` (appended,
/// fsynced), the journal is cut back to its last complete line, and the repair is reported.
/// A journal is never refused for that.
public final class Journal {
    public let path: String
    /// Whether each line is flushed to stable storage before `append` returns: always on a
    /// camera; the soak, which proves the engine and not the card, writes without it (the
    /// crash and power-cut tests prove the durability).
    public let syncsEachLine: Bool
    private var fd: Int32
    /// What opening found and repaired.
    public let repair: JournalRepair

    /// The longest journal a device is expected to keep; larger files are still appended to,
    /// only the repair scan reads at most this much from the end.
    public static let repairScanBytes = 1 << 20

    public init(path: String, syncsEachLine: Bool = true) throws(FileError) {
        self.path = path
        self.syncsEachLine = syncsEachLine
        let existed = POSIXFile.exists(path)
        fd = try POSIXFile.open(path, flags: O_RDWR | O_CREAT | O_APPEND, mode: 0o644)
        do {
            // fsync(2) of a file does not promise the directory entry that names it: a new
            // journal's directory is flushed once, so its first line is not lost with its name.
            if !existed && syncsEachLine { try POSIXFile.syncDirectory(of: path) }
            repair = try Journal.repairTail(fd: fd, path: path)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// Appends one line (a newline is added) and fsyncs it. A write that fails part-way (a
    /// card that fills up takes what fits, then says ENOSPC) is cut back off, so the next line
    /// does not follow a torn one: the journal stays whole lines, with this one missing.
    public func append(_ line: String) throws(FileError) { try append(contentsOf: [line]) }

    /// Appends `lines` (each gets its newline) with one write and one fsync: the journal
    /// worker's batch. A write that fails part-way is cut back off, as `append`'s: the journal
    /// stays whole lines, with all of these missing.
    public func append(contentsOf lines: [String]) throws(FileError) {
        guard !lines.isEmpty else { return }
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8.lazy.filter { $0 != 0x0A })
            bytes.append(0x0A)
        }
        let end = lseek(fd, 0, SEEK_END)
        do {
            try POSIXFile.writeAll(fd, bytes, path: path)
        } catch {
            if end >= 0 { _ = ftruncate(fd, end) }
            throw error
        }
        if syncsEachLine { try POSIXFile.sync(fd, path: path) }
    }

    /// Every complete line now in the journal (for tests, reports and `sim` summaries).
    public static func lines(at path: String, limit: Int = 64 << 20) throws(FileError) -> [String] {
        let bytes = try POSIXFile.readAll(path, limit: limit)
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func repairTail(fd: Int32, path: String) throws(FileError) -> JournalRepair {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return JournalRepair(tornBytes: 0, setAsidePath: nil) }
        // Find the last newline, scanning back from the end in bounded chunks.
        let scanStart = max(0, Int(size) - repairScanBytes)
        var tail = [UInt8](repeating: 0, count: Int(size) - scanStart)
        let count = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(scanStart)) }
        guard count == tail.count else { throw FileError(path: path, message: "could not read the journal's end") }
        if tail.last == 0x0A { return JournalRepair(tornBytes: 0, setAsidePath: nil) }
        let cut: Int
        if let newline = tail.lastIndex(of: 0x0A) {
            cut = scanStart + newline + 1
        } else if scanStart == 0 {
            cut = 0
        } else {
            throw FileError(path: path, message: "last line longer than \(repairScanBytes) bytes; not a journal")
        }
        let torn = Array(tail[(cut - scanStart)...])
        let asidePath = path + ".torn"
        let aside = try POSIXFile.open(asidePath, flags: O_WRONLY | O_CREAT | O_APPEND, mode: 0o644)
        defer { close(aside) }
        try POSIXFile.writeAll(aside, torn + [0x0A], path: asidePath)
        try POSIXFile.sync(aside, path: asidePath)
        guard ftruncate(fd, off_t(cut)) == 0 else {
            throw FileError(path: path, message: "truncate: " + POSIXFile.errorText(errno))
        }
        try POSIXFile.sync(fd, path: path)
        return JournalRepair(tornBytes: torn.count, setAsidePath: asidePath)
    }
}

/// What `Journal.init` found at the end of an existing journal.
public struct JournalRepair: Equatable, Sendable {
    /// Bytes of a torn last line that were set aside (0 when the journal was intact).
    public var tornBytes: Int
    /// Where they went.
    public var setAsidePath: String?

    public var wasRepaired: Bool { tornBytes > 0 }
}
