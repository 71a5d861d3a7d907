#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// The durable record of what the firmware did: one NDJSON line per capture, clip start and
/// stop, rejection and fault, each flushed to stable storage (fsync) before `append` returns,
/// so nothing is reported done that a power loss could take back.
///
/// A power loss can tear only the last line (appends are sequential). On open, a journal whose
/// last line has no newline is repaired: the torn bytes are moved to `<path>.torn` (appended,
/// fsynced), the journal is cut back to its last complete line, and the repair is reported.
/// A journal is never refused for that.
///
/// With `segmentBytes` the journal is bounded (docs/durability.md, "A bounded journal"): once
/// it knows what the journal says (`adopt`, start-up's facts), a line that would take the live
/// file past the bound first closes it as the next segment (`JournalSegments`) and opens a
/// fresh live file whose first line is a checkpoint (`JournalCheckpoint`). That runs where
/// `append` runs: on the journal's worker thread (`DurableWork`), never the engine's.
public final class Journal {
    public let path: String
    /// The bound of the live file (nil: one file, never rotated).
    public let segmentBytes: Int?
    /// Whether each line is flushed to stable storage before `append` returns: always on a
    /// camera; the soak, which proves the engine and not the card, writes without it (the
    /// crash and power-cut tests prove the durability).
    public let syncsEachLine: Bool
    private var fd: Int32
    /// What opening found and repaired.
    public let repair: JournalRepair
    /// Whether opening finished a rotation a cut interrupted between its link and its unlink
    /// (`renameRefusingExisting` on ext4): the live name and the newest segment were one file.
    public private(set) var finishedRotation = false
    /// What the journal says so far (nil until `adopt`: no rotation before start-up's read).
    public private(set) var facts: JournalFacts?
    /// The number the next closed segment gets.
    public private(set) var nextSegment = 1
    /// The rotations done since opening.
    public private(set) var rotations = 0
    /// Why the last rotation failed (nil: none did): the live file then grows past the bound,
    /// and rotation is tried again after another sixteenth of it; nothing is lost.
    public private(set) var rotationError: FileError?
    private var linesSinceCheckpoint = 0
    private var retryAtBytes = 0

    /// The longest journal a device is expected to keep; larger files are still appended to,
    /// only the repair scan reads at most this much from the end.
    public static let repairScanBytes = 1 << 20

    public init(path: String, syncsEachLine: Bool = true, segmentBytes: Int? = nil) throws(FileError) {
        self.path = path
        self.syncsEachLine = syncsEachLine
        self.segmentBytes = segmentBytes
        if segmentBytes != nil {
            let newest = JournalSegments.numbers(of: path).last ?? 0
            nextSegment = newest + 1
            // A cut between the rotation's link and unlink leaves the live name on the closed
            // segment: the rotation is finished (the segment keeps every line), the live file
            // made afresh below.
            if newest > 0, let live = Self.identity(path), live == Self.identity(JournalSegments.path(of: path, segment: newest)) {
                guard unlink(path) == 0 else { throw FileError(path: path, message: "unlink: " + POSIXFile.errorText(errno), code: errno) }
                finishedRotation = true
            }
        }
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
        if lseek(fd, 0, SEEK_END) > 0 { linesSinceCheckpoint = 1 }
    }

    /// From now on the journal keeps `facts` up to date with each line, and rotates past its
    /// bound. A live file with no line yet begins with their checkpoint (a cut after the last
    /// rotation's rename, or a journal logrotate moved away), so start-up never needs the
    /// files before it.
    public func adopt(_ facts: JournalFacts, at time: Instant = .zero, origin: Instant = .zero) throws(FileError) {
        guard segmentBytes != nil else { return }
        self.facts = facts
        guard lseek(fd, 0, SEEK_END) == 0, nextSegment > 1 || facts.highestNumber > 0 else { return }
        try writeCheckpoint(at: time, origin: origin)
    }

    /// The same journal closed and opened again at its path (SIGHUP), with its facts.
    public func reopened() throws(FileError) -> Journal {
        let journal = try Journal(path: path, syncsEachLine: syncsEachLine, segmentBytes: segmentBytes)
        if let facts { try journal.adopt(facts) }
        return journal
    }

    deinit { close(fd) }

    /// Appends one line (a newline is added) and fsyncs it. A write that fails part-way (a
    /// card that fills up takes what fits, then says ENOSPC) is cut back off, so the next line
    /// does not follow a torn one: the journal stays whole lines, with this one missing.
    public func append(_ line: String) throws(FileError) {
        try append(encoded: [Self.encoded(line)], at: .zero, origin: .zero)
        if facts != nil { try? facts?.read(line: line) }
    }

    /// Appends `event`'s line (`t` from `origin`), first rotating when it would take the live
    /// file past the bound; the facts read it.
    public func append(_ event: TimedEvent, origin: Instant) throws(FileError) {
        try append(contentsOf: [event], origin: origin)
    }

    /// Appends `events`' lines with one write and one fsync: the journal worker's batch (the
    /// lines that piled up while the card was busy share a flush). Rotation comes first when
    /// the batch would take the live file past the bound; the facts read each event once it
    /// is written. A write that fails part-way is cut back off, as `append`'s: the journal
    /// stays whole lines, with all of these missing.
    ///
    /// A batch that would take a bounded live file past its bound is written in two: what fits,
    /// then the rest after the rotation, so segments keep their bound as line by line.
    public func append(contentsOf events: [TimedEvent], origin: Instant) throws(FileError) {
        // Each line encoded once: its bytes are what the bound measures and what is written.
        let lines = events.map { Self.encoded($0.jsonLine(origin: origin)) }
        var start = 0
        // Bounded by the events: each pass writes at least one.
        while start < events.count {
            var end = start + 1
            if let bound = segmentBytes, facts != nil {
                var size = Int(lseek(fd, 0, SEEK_END)) + lines[start].count
                while end < events.count, size + lines[end].count <= bound {
                    size += lines[end].count
                    end += 1
                }
                // The first line alone past the bound rotates; the rest wait for the next pass.
                if size > bound { end = start + 1 }
            } else {
                end = events.count
            }
            try append(encoded: lines[start..<end], at: events[start].time, origin: origin)
            for event in events[start..<end] { facts?.read(event.record) }
            start = end
        }
    }

    /// A line's bytes as the journal writes them: a newline inside it dropped (one line stays
    /// one line), one at its end.
    private static func encoded(_ line: String) -> [UInt8] {
        var bytes = Array(line.utf8.lazy.filter { $0 != 0x0A })
        bytes.append(0x0A)
        return bytes
    }

    private func append(encoded lines: ArraySlice<[UInt8]>, at time: Instant, origin: Instant) throws(FileError) {
        let bytes = Array(lines.joined())
        var end = lseek(fd, 0, SEEK_END)
        if let bound = segmentBytes, facts != nil, linesSinceCheckpoint > 0, Int(end) + bytes.count > bound, Int(end) >= retryAtBytes {
            rotate(at: time, origin: origin, size: Int(end), bound: bound)
            end = lseek(fd, 0, SEEK_END)
        }
        do {
            try POSIXFile.writeAll(fd, bytes, path: path)
        } catch {
            if end >= 0 { _ = ftruncate(fd, end) }
            throw error
        }
        if syncsEachLine { try POSIXFile.sync(fd, path: path) }
        linesSinceCheckpoint += lines.count
    }

    /// Closes the live file as segment `nextSegment` and opens a fresh one beginning with a
    /// checkpoint. Each step is safe to cut after (docs/durability.md lists the states): the
    /// lines, and the checkpoint last, are all on the card before the rename; the rename
    /// refuses an existing name; until the live file's checkpoint is whole on the card,
    /// start-up reads the copy that ends the segment.
    private func rotate(at time: Instant, origin: Instant, size: Int, bound: Int) {
        let open = Self.identity(fd: fd)
        let live = Self.identity(path)
        guard open != nil, open == live else {
            // Past an earlier rotation's rename the live file could not be made: made now. Any
            // other file under the live name (or none) is logrotate's doing: its SIGHUP reopens.
            guard live == nil, nextSegment > 1, open == Self.identity(JournalSegments.path(of: path, segment: nextSegment - 1)) else {
                return
            }
            do throws(FileError) {
                try openLive(at: time, origin: origin)
            } catch {
                rotationError = error
                retryAtBytes = size + bound / 16
            }
            return
        }
        do throws(FileError) {
            // A name taken (a segment copied back by hand) is passed before the checkpoint names
            // the segment; the rename below still refuses one taken since.
            if POSIXFile.exists(JournalSegments.path(of: path, segment: nextSegment)) {
                nextSegment = max(nextSegment, JournalSegments.numbers(of: path).last ?? 0) + 1
            }
            // The checkpoint is written twice: last here, first in the fresh live file. A bit
            // flipped in one copy leaves the other for start-up (`JournalSegments.startupRead`).
            try appendClosingCheckpoint(at: time, origin: origin, end: size)
            var number = nextSegment
            // Bounded: a name taken (a segment copied back by hand) moves past the newest there.
            for attempt in 0..<4 {
                guard number <= JournalSegments.maximumSegment else {
                    throw FileError(path: path, message: "no segment number left after " + String(JournalSegments.maximumSegment))
                }
                do throws(FileError) {
                    try POSIXFile.renameRefusingExisting(path, to: JournalSegments.path(of: path, segment: number))
                    break
                } catch {
                    guard error.code == EEXIST, attempt < 3 else { throw error }
                    number = max(number, JournalSegments.numbers(of: path).last ?? 0) + 1
                }
            }
            nextSegment = number + 1
            rotations += 1
            rotationError = nil
            // A flush that fails leaves the rename to chance at a cut (either state is read
            // whole): the live file is made all the same.
            if syncsEachLine {
                do throws(FileError) {
                    try POSIXFile.syncDirectory(of: path)
                } catch {
                    rotationError = error
                }
            }
            try openLive(at: time, origin: origin)
        } catch {
            // The lines go on where they can: the old file past its bound (rotation tried again
            // later), or, past the rename, the segment itself (the live file made at the next
            // try), or a live file with no checkpoint; start-up reads each of them whole.
            rotationError = error
            retryAtBytes = size + bound / 16
        }
    }

    /// The facts' checkpoint as the last line of the file about to be closed as segment
    /// `nextSegment`, flushed; cut back to `end` if it cannot be written whole.
    private func appendClosingCheckpoint(at time: Instant, origin: Instant, end: Int) throws(FileError) {
        guard let facts else { return }
        let checkpoint = facts.checkpoint(time: max(time, origin), segment: nextSegment)
        do {
            try POSIXFile.writeAll(fd, Array(checkpoint.jsonLine(origin: origin).utf8) + [0x0A], path: path)
        } catch {
            _ = ftruncate(fd, off_t(end))
            throw error
        }
        if syncsEachLine { try POSIXFile.sync(fd, path: path) }
    }

    /// A fresh live file, beginning with the checkpoint, in place of the segment just closed.
    private func openLive(at time: Instant, origin: Instant) throws(FileError) {
        let fresh = try POSIXFile.open(path, flags: O_RDWR | O_CREAT | O_APPEND, mode: 0o644)
        close(fd)
        fd = fresh
        linesSinceCheckpoint = 0
        retryAtBytes = 0
        try writeCheckpoint(at: time, origin: origin)
    }

    /// The facts' checkpoint as the live file's first line, flushed with its directory entry;
    /// the facts pruned to it (what a year of lines would otherwise grow).
    private func writeCheckpoint(at time: Instant, origin: Instant) throws(FileError) {
        guard let facts else { return }
        let checkpoint = facts.checkpoint(time: max(time, origin), segment: nextSegment - 1)
        let bytes = Array(checkpoint.jsonLine(origin: origin).utf8) + [0x0A]
        do {
            try POSIXFile.writeAll(fd, bytes, path: path)
        } catch {
            _ = ftruncate(fd, 0)
            throw error
        }
        if syncsEachLine {
            try POSIXFile.sync(fd, path: path)
            try POSIXFile.syncDirectory(of: path)
        }
        self.facts = JournalFacts(checkpoint)
        linesSinceCheckpoint = 0
    }

    private static func identity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    private static func identity(fd: Int32) -> [UInt64]? {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
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
