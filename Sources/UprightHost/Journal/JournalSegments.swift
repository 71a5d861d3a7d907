#if canImport(Glibc)
import Glibc
#endif

/// A journal kept as a series (docs/durability.md, "A bounded journal"): the live file at the
/// board's path, and the closed segments beside it, `<journal>.000001`, `<journal>.000002`, ...
/// Six digits, so that the names sort by age as text and as numbers (`ls`, a shell glob, a
/// file manager), and never look like logrotate's `<journal>.1`: the two never take each
/// other's names. A million segments of the default 4 MiB is 4 TB, more than any card.
///
/// What start-up reads of it (`startupRead`) is bounded: the live file (its first line a
/// checkpoint, `JournalCheckpoint`), plus, when that first line is not a whole checkpoint (a
/// cut right after the rotation's rename, a flipped bit), the copy of it the rotation wrote
/// last in the newest segment, or that segment whole; each at most `limitBytes` from its end.
public enum JournalSegments {
    /// The digits of a segment's number.
    public static let digits = 6
    /// The most segments (the digits' room).
    public static let maximumSegment = 999_999
    /// The most directory entries looked at for segments.
    public static let maximumEntries = 1_000_000
    /// What start-up reads of a journal kept as one file (no segment bound): today's limit of
    /// a whole journal, now read from the end.
    public static let unsegmentedReadBytes = 64 << 20
    /// The longest line start-up or `upright journal` reads (a checkpoint is under 300 KB).
    public static let maximumLineBytes = 1 << 20
    /// How much of a segment's end start-up reads for the checkpoint the rotation wrote last
    /// in it (one is under 20 KB with the writer's window, `JournalFacts.checkpointWindow`).
    public static let closingCheckpointReadBytes = 64 << 10

    /// Segment `number`'s path: `<journal>.000007`.
    public static func path(of journal: String, segment number: Int) -> String {
        let text = String(number)
        return journal + "." + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The segments beside `journal`, oldest first, by number.
    public static func numbers(of journal: String) -> [Int] {
        let directory = POSIXFile.directoryName(journal)
        let base = journal.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? journal
        var numbers: [Int] = []
        for name in POSIXFile.names(inDirectory: directory, maximumEntries: maximumEntries) {
            guard name.count == base.count + 1 + digits, name.hasPrefix(base + ".") else { continue }
            let tail = name.suffix(digits)
            guard tail.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int(tail), number > 0 else {
                continue
            }
            numbers.append(number)
        }
        return numbers.sorted()
    }

    /// The bytes start-up reads of each file of a journal whose segments are at most
    /// `segmentBytes` (nil: kept as one file): a segment, and room for the line that passed it.
    public static func startupReadBytes(segmentBytes: Int?) -> Int {
        segmentBytes.map { $0 + maximumLineBytes } ?? unsegmentedReadBytes
    }

    /// What start-up reads of the journal at `journal`: the live file from its checkpoint; when
    /// it has none whole (a cut right after the rotation's rename, a flipped bit: it must read
    /// back, `crc` and all), the copy of it that ends the newest segment; when that is not whole
    /// either, the newest segment (read as a journal's tail unless a checkpoint begins it).
    /// Each file at most `limitBytes` from its end. A missing live file reads as empty.
    public static func startupRead(journal: String, limitBytes: Int) throws(FileError) -> JournalStartupRead {
        let live = try tail(of: journal, limitBytes: limitBytes) ?? JournalTail(lines: [], bytesRead: 0, cut: false)
        var read = JournalStartupRead(files: [JournalStartupRead.File(path: journal, lineCount: live.lines.count)], lines: live.lines)
        read.bytesRead = live.bytesRead
        read.readFromTail = live.cut
        if live.cut || live.lines.first.map(isWholeCheckpoint) == true { return read }
        guard let newest = numbers(of: journal).last else { return read }
        let segmentPath = path(of: journal, segment: newest)
        if let end = try tail(of: segmentPath, limitBytes: min(limitBytes, closingCheckpointReadBytes)),
            let closing = end.lines.last, isWholeCheckpoint(closing)
        {
            read.files.insert(JournalStartupRead.File(path: segmentPath, lineCount: 1, lastLine: true), at: 0)
            read.lines = [closing] + live.lines
            read.bytesRead += end.bytesRead
            return read
        }
        guard let segment = try tail(of: segmentPath, limitBytes: limitBytes) else { return read }
        read.files.insert(JournalStartupRead.File(path: segmentPath, lineCount: segment.lines.count), at: 0)
        read.lines = segment.lines + live.lines
        read.bytesRead += segment.bytesRead
        // A segment after the first begins with its checkpoint; one without is read as a tail.
        read.readFromTail = segment.cut || (newest > 1 && segment.lines.first.map(isWholeCheckpoint) != true)
        return read
    }

    /// Whether `line` is a checkpoint that reads back (its `crc` matching).
    static func isWholeCheckpoint(_ line: String) -> Bool {
        guard JournalCheckpoint.isCheckpoint(line) else { return false }
        return (try? JournalCheckpoint(jsonLine: line)) != nil
    }

    /// The complete lines of the last `limitBytes` of `path` (a first line cut by the limit and
    /// a last one with no newline left out); nil when there is no file.
    static func tail(of path: String, limitBytes: Int) throws(FileError) -> JournalTail? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw FileError(path: path, message: POSIXFile.errorText(errno), code: errno)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(path: path, message: "not a regular file")
        }
        let size = Int(status.st_size)
        let limitStart = max(0, size - max(0, limitBytes))
        // One byte before the limit too: a newline there means the limit is a line's start.
        let start = max(0, limitStart - 1)
        var bytes = [UInt8](repeating: 0, count: size - start)
        var done = 0
        // Bounded by the file's size: each pass reads at least one byte or ends.
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(start + done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileError(path: path, message: "could not read the journal's end") }
            done += count
        }
        var lines: [String] = []
        var lineStart = 0
        if limitStart > 0 {
            // The lines begin after the first newline: the byte before the limit's when the
            // limit is a line's start, else the one that ends the line the limit fell inside.
            guard let newline = bytes.firstIndex(of: 0x0A) else { return JournalTail(lines: [], bytesRead: size - limitStart, cut: true) }
            lineStart = newline + 1
        }
        for index in lineStart..<bytes.count where bytes[index] == 0x0A {
            if index > lineStart { lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self)) }
            lineStart = index + 1
        }
        return JournalTail(lines: lines, bytesRead: size - limitStart, cut: limitStart > 0)
    }
}

/// The complete lines of a file's end (`JournalSegments.tail`).
struct JournalTail {
    var lines: [String]
    var bytesRead: Int
    /// Whether the file was longer than the limit (its head not read).
    var cut: Bool
}

/// What start-up read of a journal (`JournalSegments.startupRead`).
public struct JournalStartupRead: Equatable, Sendable {
    /// A file read, and how many of `lines` are its.
    public struct File: Equatable, Sendable {
        public var path: String
        public var lineCount: Int
        /// Only its last line was read (the checkpoint a rotation closed it with).
        public var lastLine = false
    }

    /// The files read, oldest first (the newest segment, then the live file; or the live file).
    public var files: [File]
    /// Their complete lines, in order.
    public var lines: [String]
    /// The bytes read (at most the limit for each file).
    public var bytesRead = 0
    /// Whether what was read is a journal's end without the checkpoint of what came before it
    /// (a journal larger than the limit: an old install's single file).
    public var readFromTail = false

    /// Line `index` of `lines` by its file and line (`journal.ndjson.000003 line 7`); the live
    /// file's alone as `line 7`, as before segments.
    public func lineName(_ index: Int) -> String {
        var first = 0
        for file in files {
            if index < first + file.lineCount {
                let line = file.lastLine ? "last line" : "line " + String(index - first + 1)
                return files.count == 1 ? line : file.path + " " + line
            }
            first += file.lineCount
        }
        return "line " + String(index + 1)
    }
}
