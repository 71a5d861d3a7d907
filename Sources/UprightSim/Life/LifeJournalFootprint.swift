#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// The journal on the card as a long life measures it after each start-up: its files (the live
/// file, its closed segments, `.torn` for the torn lines set aside), their bytes, and the bytes
/// start-up read of them (`OutputStartup.journalRead`). `LifeJournalBound` holds it to a bound.
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

    /// The journal at `journalPath` now (its segments too); `readBefore` is what start-up read.
    public static func measure(journalPath: String, readBefore: Int) -> LifeJournalFootprint {
        var files: [String] = []
        var bytes = 0
        let segments = JournalSegments.numbers(of: journalPath).map { JournalSegments.path(of: journalPath, segment: $0) }
        for path in segments + [journalPath, journalPath + ".torn"] {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            files.append(path)
            bytes += Int(status.st_size)
        }
        return LifeJournalFootprint(files: files, onDiskBytes: bytes, startupReadBytes: readBefore)
    }
}
