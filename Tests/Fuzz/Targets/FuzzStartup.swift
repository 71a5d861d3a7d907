#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Start-up against a card as a cut, a flipped bit or a user's hands can leave it: a journal
/// (any bytes, a torn last line included) and an output folder (any names, regular files,
/// empty ones, directories, FIFOs, symbolic links), laid out in a scratch directory, then
/// `OutputStartup` as `upright run` makes it (a kept journal, `mp4` clips). It must give a
/// start-up or a `FileError` naming its file on one line, never a trap or a hang (a FIFO under a
/// final name blocked start-up for ever), and:
/// - nothing is lost: every non-empty regular file that is not a temporary one is still there
///   after it (under its name, or renamed back from a vfat alias);
/// - numbering goes on after every number still in the folder and every number a record of the
///   journal carries, so nothing of ours is named over;
/// - what it journals, it journals once: a second start-up over the records the first wrote
///   writes none and numbers the same.
///
/// The journal is bounded (a segment of 512 bytes, so that the records start-up journals
/// rotate it and the second start-up reads the checkpoint): journal bytes before a 0x02 are
/// its closed segment `journal.ndjson.000001`, those after it the live file.
///
/// The input: the journal's bytes, a 0x00, then the folder, one entry a line: a kind byte, the
/// name, and for a regular file 0x01 and its bytes. Kinds: `f` a regular file, `e` an empty
/// file, `d` a directory, `p` a FIFO, `l` a symbolic link to the bytes after 0x01, `j` a small
/// JPEG whose EXIF Orientation is the byte after 0x01; any other byte a file holding `x`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStartup(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let journalBytes = Array(bytes[..<split])
    let listing = split < bytes.count ? Array(bytes[(split + 1)...]) : []

    let root = Scratch.root
    let out = root + "/out"
    let journalPath = root + "/journal.ndjson"
    Scratch.empty(out)
    Scratch.removeJournal()
    if let mark = journalBytes.firstIndex(of: 2) {
        guard Scratch.write(Array(journalBytes[..<mark]), to: JournalSegments.path(of: journalPath, segment: 1)),
            Scratch.write(Array(journalBytes[(mark + 1)...]), to: journalPath)
        else { return 0 }
    } else {
        guard Scratch.write(journalBytes, to: journalPath) else { return 0 }
    }
    for entry in listing.split(separator: 0x0A, omittingEmptySubsequences: true).prefix(64) {
        Scratch.make(Array(entry), in: out)
    }

    let segmentBytes = 512
    let before = Scratch.entries(out)
    let naming = MediaNaming(clipExtension: "mp4")
    let first: OutputStartup
    do throws(FileError) {
        first = try OutputStartup(
            directory: out, journal: .kept(path: journalPath), naming: naming, syncsEachLine: false, journalSegmentBytes: segmentBytes)
    } catch {
        if error.description.oneLine != error.description || !error.description.hasPrefix(root) {
            fatalError("badly located error: \(error.description)")
        }
        return 0
    }
    let after = Scratch.entries(out)

    // A journal line that is not a record is noted with its file and line, on one line.
    if first.reconciliation.unreadableLines > 0 {
        let prefix = "journal " + journalPath + ": " + String(first.reconciliation.unreadableLines) + " line(s) are not records"
        guard let note = first.notes.first(where: { $0.hasPrefix(prefix) }), note.contains("the first at "), note.contains("line "),
            note.oneLine == note
        else {
            fatalError("unreadable journal lines not noted with their file and line: \(first.notes)")
        }
    }

    // Nothing lost.
    for (identity, name) in before.kept where after.kept[identity] == nil {
        fatalError("start-up lost \(name)")
    }
    // Numbering goes on after every number left in the folder.
    for name in after.names {
        if let number = naming.number(named: name) ?? naming.clipNumberOfAnyCamera(named: name), number.value > first.numberedAfter {
            fatalError("\(name) is left in the folder, but numbering goes on after \(first.numberedAfter)")
        }
    }
    // ... and after every number the journal's records carry (those start-up read).
    let read = try? JournalSegments.startupRead(journal: journalPath, limitBytes: JournalSegments.startupReadBytes(segmentBytes: segmentBytes))
    for line in read?.lines ?? [] {
        guard let event = try? TimedEvent(jsonLine: line), let number = event.record.mediaNumber else { continue }
        if number.value > first.numberedAfter {
            fatalError("the journal has \(number.key) \(number.value), but numbering goes on after \(first.numberedAfter)")
        }
    }
    // Each file a record names as recovered is in the folder.
    for record in first.reconciliation.records {
        if case .fileRecovered(_, _, let file) = record, !after.names.contains(file) {
            fatalError("recovered \(file), which is not in the folder")
        }
    }

    // Journaled once: the records written, a second start-up writes none.
    _ = first.records(output: EventCollector())
    let second: OutputStartup
    do throws(FileError) {
        second = try OutputStartup(
            directory: out, journal: .kept(path: journalPath), naming: naming, syncsEachLine: false, journalSegmentBytes: segmentBytes)
    } catch {
        fatalError("the second start-up failed: \(error.description)")
    }
    if !second.reconciliation.records.isEmpty {
        let lines = second.reconciliation.records.map { TimedEvent(time: .zero, record: $0).jsonLine() }
        fatalError("the second start-up journals again: \(lines)")
    }
    if second.numberedAfter != first.numberedAfter {
        fatalError("the second start-up numbers after \(second.numberedAfter), the first after \(first.numberedAfter)")
    }
    return 0
}

/// The scratch directory of this process (on a tmpfs when there is one: start-up creates,
/// removes and renames files for every input), and the folder's entries made from raw bytes.
enum Scratch {
    static let root: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = base + "/upright-fuzz-startup-" + String(getpid())
        mkdir(path, 0o700)
        mkdir(path + "/out", 0o700)
        // libFuzzer ends by exit(3), also each of -fork's jobs: its scratch goes with it.
        atexit { Scratch.remove() }
        return path
    }()

    /// Removes the scratch directory and everything in it.
    static func remove() {
        empty(root + "/out")
        rmdir(root + "/out")
        removeJournal()
        rmdir(root)
    }

    /// Removes the journal, its segments and its torn lines.
    static func removeJournal() {
        let journal = root + "/journal.ndjson"
        for number in JournalSegments.numbers(of: journal) { unlink(JournalSegments.path(of: journal, segment: number)) }
        unlink(journal)
        unlink(journal + ".torn")
    }

    /// Removes every entry of `directory` (start-up makes no subdirectories; a fuzzed one is empty).
    static func empty(_ directory: String) {
        for name in rawNames(directory) {
            withPath(directory, name) { if unlink($0) != 0 { _ = rmdir($0) } }
        }
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    /// One entry of the folder: a kind byte, the name, then 0x01 and the content.
    static func make(_ entry: [UInt8], in directory: String) {
        guard let kind = entry.first else { return }
        let rest = entry.dropFirst()
        let nameEnd = rest.firstIndex(of: 0x01) ?? rest.endIndex
        let name = Array(rest[..<nameEnd])
        let content = nameEnd < rest.endIndex ? Array(rest[(nameEnd + 1)...]) : []
        guard !name.isEmpty, name.count <= 200, !name.contains(0x2F), name != [0x2E], name != [0x2E, 0x2E] else { return }
        withPath(directory, name) { path in
            switch kind {
            case UInt8(ascii: "e"): fill(path, [])
            case UInt8(ascii: "f"): fill(path, content)
            case UInt8(ascii: "j"): fill(path, exifJPEG(orientation: content.first ?? 1))
            case UInt8(ascii: "d"): _ = mkdir(path, 0o700)
            case UInt8(ascii: "p"): _ = mkfifo(path, 0o600)
            case UInt8(ascii: "l"): withPath(nil, content.filter { $0 != 0 }) { _ = symlink($0, path) }
            default: fill(path, [UInt8(ascii: "x")])
            }
        }
    }

    /// `body` with the C string of `directory/name` (`name` alone without a directory), `name`
    /// taken as bytes.
    @discardableResult
    static func withPath<Result>(_ directory: String?, _ name: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        let path = (directory.map { Array(($0 + "/").utf8) } ?? []) + name + [0]
        return path.withUnsafeBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count, body)
        }
    }

    private static func fill(_ path: UnsafePointer<CChar>, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// A JPEG of no image that carries an EXIF Orientation (start-up reads a recovered photo's).
    static func exifJPEG(orientation: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [
            0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
        ]
        let length = 2 + 6 + tiff.count
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0] + tiff + [0xFF, 0xD9]
    }

    /// The folder's names as bytes (a name need not be UTF-8).
    static func rawNames(_ directory: String) -> [[UInt8]] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// What the folder holds: every name, and the non-empty regular files that are not
    /// temporary by their inode (what start-up must keep).
    static func entries(_ directory: String) -> (names: Set<String>, kept: [UInt64: String]) {
        var names: Set<String> = []
        var kept: [UInt64: String] = [:]
        for raw in rawNames(directory) {
            let name = String(decoding: raw, as: UTF8.self)
            names.insert(name)
            var status = stat()
            let found = withPath(directory, raw) { lstat($0, &status) == 0 }
            guard found, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0, !OutputReconciliation.isTemporary(name) else { continue }
            kept[UInt64(status.st_ino)] = name
        }
        return (names, kept)
    }
}
