#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// The journal on the card as a long life measures it after each start-up: its files, their
/// bytes, and the bytes start-up read. The seam the journal's bound is checked against: today
/// the journal is one file that only grows (`journal.ndjson`, and `journal.ndjson.torn` for
/// the torn lines set aside) and start-up reads all of it (`Journal.lines`), so the figures are
/// today's unbounded ones; a bounded journal (segments and a checkpoint) answers here with
/// its segments and what its start-up read, and `LifeJournalBound` then holds it to its bound.
public struct LifeJournalFootprint: Equatable, Sendable {
    /// The journal's files (paths) and their total bytes.
    public var files: [String]
    public var onDiskBytes: Int
    /// What the start-up just before read of them.
    public var startupReadBytes: Int

    public init(files: [String], onDiskBytes: Int, startupReadBytes: Int) {
        self.files = files
        self.onDiskBytes = onDiskBytes
        self.startupReadBytes = startupReadBytes
    }

    /// The journal at `journalPath` now; `readBefore` is what start-up read (today: the whole
    /// journal as it was when start-up opened it).
    public static func measure(journalPath: String, readBefore: Int) -> LifeJournalFootprint {
        var files: [String] = []
        var bytes = 0
        for path in [journalPath, journalPath + ".torn"] {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            files.append(path)
            bytes += Int(status.st_size)
        }
        return LifeJournalFootprint(files: files, onDiskBytes: bytes, startupReadBytes: readBefore)
    }

    /// The bytes start-up will read from the journal at `journalPath` (today: all of it).
    public static func startupReadBytes(journalPath: String) -> Int {
        var status = stat()
        return stat(journalPath, &status) == 0 ? Int(status.st_size) : 0
    }
}
