#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// Start-up reconciliation of the output directory against the journal, before the first
/// sample: what a power cut (or SIGKILL) at any moment can leave, put right so that journal
/// and files agree and a user reading the journal knows what happened to each press.
///
/// A cut can leave, by where it fell:
/// - a final name with no bytes (vfat's renamed entry on the card before the file's size):
///   removed, and journaled `file-missing` when the journal names it;
/// - on vfat, a photo whose long name was torn, under its 8.3 alias (`IMG_0006.JPG`): the
///   photo, which opens under its own name too;
/// - on vfat, a clip whose long name was torn, under an alias that does not say its number
///   (`CLIP_0~7.MP4`): renamed back when the journal leaves one clip it can be;
/// - on vfat, fsck's rename of a duplicate directory entry (`FSCK0000.000`) with no bytes:
///   removed (a torn entry of an empty temporary file or final name; nothing in it to keep);
/// - a temporary file (the camera program's `.upright-...`, a `PendingFile`'s
///   `.<name>.upright-XXXXXX`): removed, never finished (a photo or clip half-written is not
///   trusted; an MP4 without its index does not play);
/// - a finished `IMG_N.jpg` or `CLIP_N.<ext>` the journal never recorded (the cut fell between
///   the rename and the journal line): journaled as `file-recovered`, with the orientation its
///   file carries (a photo's EXIF) or its clip's `record-start` latched;
/// - a journaled photo or clip whose file is not there (`record-stop` is journaled at the
///   press, the file is named after its rotation is written): journaled as `file-missing`;
/// - a clip journaled as started with no end and no file: `record-failed` with reason
///   `interrupted`;
/// - a clip named without its rotation (a `fault` `rotation`: the matrix's write failed, the
///   clip kept its bytes): the rotation written in place, then `recovered` `rotation`; a cut
///   part way leaves it owed, and the next start writes it again whole (the fault line is the
///   record of intent, on the card before any byte of the clip's matrix is written here).
/// Each is journaled once: a later start-up sees the lines this one wrote. Numbering goes on
/// after the highest number in the files or the journal (`highestNumber`), so no number is
/// reused and no file overwritten.
public struct OutputReconciliation: Equatable, Sendable {
    /// The temporary files removed (names in the directory).
    public var removedTemporaryFiles: [String] = []
    /// Photos and clips under their final names but with no bytes, and fsck's empty renamed
    /// duplicates (`FSCK0000.000`), removed (names in the directory).
    public var removedEmptyFiles: [String] = []
    /// Clips found under vfat's 8.3 alias and renamed back to their names (`CLIP_0~7.MP4 ->
    /// CLIP_0007.mp4`).
    public var renamedClipAliases: [String] = []
    /// Clip aliases the journal could not tell apart, left as they are (names in the directory).
    public var unmatchedClipAliases: [String] = []
    /// Photo and clip names that are not regular files (a FIFO, a directory, a device, a
    /// symbolic link), left alone and never opened: opening a FIFO blocks for ever.
    public var notRegularFiles: [String] = []
    /// Why the directory could not be flushed after start-up's removals or renames (nil: it was,
    /// or there was nothing to flush): a rename may then not survive a cut, and the next start
    /// does it again; the caller notes it.
    public var directorySyncError: String?
    /// The highest number among `notRegularFiles` (0: none).
    var highestNotRegular = 0
    /// What to journal, in order: photos, then clips, each by number.
    public var records: [EventRecord] = []
    /// The highest shot or clip number in the directory or the journal (0: none).
    public var highestNumber: UInt32 = 0
    /// Journal lines that are not records (a journal repaired on open has no torn one; a line
    /// another program wrote, or one edited by hand, may still be): they say nothing.
    public var unreadableLines = 0
    /// The first of them: its line number (from 1) and why (`shot: missing (required)`).
    public var firstUnreadable: String?
    /// Rotations owed that could not be written at this start either (`CLIP_0007.mp4: why`):
    /// still owed, tried again at the next start; the caller notes them.
    public var rotationsStillOwed: [String] = []

    /// What the journal said (a segmented journal goes on from it, `Journal.adopt`).
    public internal(set) var journalFacts = JournalFacts()

    /// The most directory entries looked at.
    public static let maximumEntries = 1_000_000
    /// A photo larger than this is not read for its orientation (recovered without one).
    public static let maximumPhotoBytes = 64 << 20

    public init() {}

    /// Reconciles `directory` (the board's output directory) against `journalLines` (the
    /// journal as it is, `Journal.lines`); clips are `CLIP_N.<clipExtension>`. Removes the
    /// temporary files; journals nothing itself (`RecordWriter.write` the `records`).
    ///
    /// `readFromTail` says the lines are a journal's end only (a journal larger than start-up
    /// reads, `JournalSegments.startupRead`): numbers below the lowest they carry are then
    /// settled, as a checkpoint's are. `lineName` names a line by its index (for the note).
    public static func reconcile(
        directory: String, journalLines: [String], clipExtension: String, readFromTail: Bool = false,
        lineName: (Int) -> String = { "line " + String($0 + 1) }
    ) -> OutputReconciliation {
        var result = OutputReconciliation()
        var journal = result.readJournal(journalLines, lineName: lineName)
        if readFromTail { journal.settleBelowLowestNumber(in: journalLines) }
        let naming = MediaNaming(clipExtension: clipExtension)
        var (photos, clips, clipAliases) = result.scan(directory, naming: naming)
        result.matchClipAliases(clipAliases, into: &clips, journal: journal, naming: naming, directory: directory)

        // Photos: a file with no line, a line with no file.
        for number in Set(photos.keys).union(journal.photoFiles.keys).sorted() {
            let media = MediaNumber.shot(number)
            if let name = photos[number], !journal.accounted.contains(media), number > journal.settledThrough {
                // An alias is journaled by the name the scheme gives, which opens it too.
                let file = naming.photoName(shot: UInt32(number))
                result.records.append(.fileRecovered(media, orientation: photoOrientation(join(directory, name)), file: file))
            } else if photos[number] == nil, let file = journal.photoFiles[number], !journal.missing.contains(media) {
                result.records.append(.fileMissing(media, file: file))
            }
        }
        // Clips: a file with no end, an end with no file, a start with neither.
        for number in Set(clips.keys).union(journal.clipStarts.keys).union(journal.clipFiles.keys).sorted() {
            let media = MediaNumber.clip(number)
            if let name = clips[number] {
                if !journal.accounted.contains(media) && number > journal.settledThrough {
                    result.records.append(.fileRecovered(media, orientation: journal.clipStarts[number] ?? nil, file: name))
                }
            } else if let file = journal.clipFiles[number] {
                if !journal.missing.contains(media) { result.records.append(.fileMissing(media, file: file)) }
            } else if journal.clipStarts[number] != nil && !journal.clipEnded.contains(number) {
                result.records.append(.recordFailed(clip: number, reason: "interrupted"))
            }
        }
        result.writeOwedRotations(journal.owedRotations, clips: clips, directory: directory)
        result.writeNewestClipsRotation(journal, clips: clips, directory: directory)
        result.journalFacts = journal
        let highestFile = max(photos.keys.max() ?? 0, clips.keys.max() ?? 0, result.highestNotRegular)
        result.highestNumber = UInt32(clamping: max(highestFile, journal.highestNumber))
        return result
    }

    /// Writes each rotation the journal owes a clip that is there, in place, and journals it
    /// written (`recovered` `rotation`, also when `upright orient` wrote it first); one that
    /// fails stays owed. A clip not there is `file-missing` (above), which settles it.
    private mutating func writeOwedRotations(_ owed: [Int: OwedRotation], clips: [Int: String], directory: String) {
        for (clip, rotation) in owed.sorted(by: { $0.key < $1.key }) {
            guard let name = clips[clip] else { continue }
            do throws(MediaError) {
                try MediaOrientationWriter.rotateMovie(atPath: Self.join(directory, name), rotationDegrees: rotation.rotationDegrees)
                records.append(.rotationWritten(clip: clip, file: name, rotationDegrees: rotation.rotationDegrees))
            } catch {
                rotationsStillOwed.append(name + ": " + error.description)
            }
        }
    }

    /// The newest clip's matrix against the orientation its `record-start` latched. The files
    /// worker names a clip whose matrix could not be written, then the loop journals the rotation
    /// owed: a cut between the two leaves the clip named without its rotation and nothing owed
    /// (the life swarm's failing card, docs/testing.md "A long life"). A cut loses only the
    /// journal's last line, and that clip is then the newest the journal started, so each start
    /// reads the newest clip's `moov` (one read) and writes the latched rotation when its matrix
    /// does not say it, journaled as a rotation written (`recovered` `rotation`). A clip that does
    /// not read as a movie is left as it is: no rotation is known to be owed it.
    private mutating func writeNewestClipsRotation(_ journal: JournalFacts, clips: [Int: String], directory: String) {
        guard let clip = clips.keys.filter({ journal.clipStarts[$0] != nil && journal.owedRotations[$0] == nil }).max(),
            let name = clips[clip], let latch = journal.clipStarts[clip]
        else { return }
        let degrees = latch?.rotationDegrees ?? 0
        // A clip that is not a movie (any more) or cannot be written now is left: the next start looks again.
        if (try? MediaOrientationWriter.rotateMovie(atPath: Self.join(directory, name), rotationDegrees: degrees)) == true {
            records.append(.rotationWritten(clip: clip, file: name, rotationDegrees: degrees))
        }
    }

    /// What the journal says, counting (and naming the first of) the lines that are not records.
    private mutating func readJournal(_ journalLines: [String], lineName: (Int) -> String) -> JournalFacts {
        var journal = JournalFacts()
        for (index, line) in journalLines.enumerated() {
            do throws(ConfigError) {
                try journal.read(line: line)
            } catch {
                unreadableLines += 1
                if firstUnreadable == nil { firstUnreadable = lineName(index) + ": " + error.description }
            }
        }
        return journal
    }

    /// The photos and clips in `directory` by number, and the clip aliases, after removing its
    /// temporary files and the empty files a cut left under a final name or fsck's renamed
    /// duplicate (both noted, sorted, the directory synced).
    private mutating func scan(
        _ directory: String, naming: MediaNaming
    ) -> (photos: [Int: String], clips: [Int: String], clipAliases: [String]) {
        var photos: [Int: String] = [:]
        var clips: [Int: String] = [:]
        var clipAliases: [String] = []
        for name in POSIXFile.names(inDirectory: directory, maximumEntries: Self.maximumEntries) {
            if Self.isTemporary(name) {
                if unlink(Self.join(directory, name)) == 0 { removedTemporaryFiles.append(name) }
                continue
            }
            let path = Self.join(directory, name)
            if Self.isRenamedDuplicate(name) {
                if Self.isEmptyFile(path) && unlink(path) == 0 { removedEmptyFiles.append(name) }
                continue
            }
            if Self.isClipAlias(name, naming: naming) {
                // Only a regular file can be a clip: anything else under an alias (a FIFO) is
                // left alone, never renamed to a clip's name (found by make fuzz, FuzzStartup).
                if !Self.isRegularFile(path) {
                    notRegularFiles.append(name)
                } else if Self.isEmptyFile(path) {
                    if unlink(path) == 0 { removedEmptyFiles.append(name) }
                } else {
                    clipAliases.append(name)
                }
                continue
            }
            // A clip under another camera's extension is ours too (the board's camera changed):
            // journaled by its own name, and its number used.
            guard
                let media = naming.number(named: name) ?? naming.clipNumberOfAnyCamera(named: name)
                    ?? Self.photoAlias(name, naming: naming, directory: directory)
            else {
                continue
            }
            // Only regular files are ours: anything else under a final name (a FIFO, a directory)
            // is left alone and never opened (opening a FIFO blocks for ever); its number is
            // still used, so nothing of ours is ever named over it.
            guard Self.isRegularFile(path) else {
                notRegularFiles.append(name)
                highestNotRegular = max(highestNotRegular, media.value)
                continue
            }
            // A final name with no bytes under it is a file a cut tore (vfat's renamed entry
            // reached the card before the file's size): nothing to keep, so removed, and
            // journaled missing when the journal names it.
            if Self.isEmptyFile(path) {
                if unlink(path) == 0 { removedEmptyFiles.append(name) }
                continue
            }
            switch media {
            case .shot(let number): photos[number] = name
            case .clip(let number): clips[number] = name
            }
        }
        // The removals' sync is tidiness: a temporary file a cut brings back is removed again at the
        // next start.
        if !removedTemporaryFiles.isEmpty || !removedEmptyFiles.isEmpty { syncDirectory(directory) }
        removedTemporaryFiles.sort()
        removedEmptyFiles.sort()
        notRegularFiles.sort()
        return (photos, clips, clipAliases.sorted())
    }

    /// A clip whose long name a cut tore on vfat is left by fsck under the 8.3 alias vfat made
    /// for it (`CLIP_0~7.MP4` for `CLIP_0007.mp4`, the number after `~` vfat's own count, not
    /// the clip's), which neither says its number nor opens under the clip's name (as a
    /// photo's does). The journal tells: when exactly one clip it names has no file and no
    /// `file-missing` (a clip stopped with its file; when there is none, one started with no
    /// end), and exactly one alias is there, the alias is that clip (a clip is flushed before
    /// it is named: the durability contract), renamed back. Otherwise the aliases are left as they are, to be
    /// looked at (noted), and the journal's clip is `file-missing` as before.
    private mutating func matchClipAliases(
        _ aliases: [String], into clips: inout [Int: String], journal: JournalFacts, naming: MediaNaming, directory: String
    ) {
        guard !aliases.isEmpty else { return }
        // A clip stopped with its file first: one started with no end is named after its stop
        // is journaled, so its alias is the rarer case.
        let present = clips
        let owed = { (number: Int) in present[number] == nil && !journal.missing.contains(.clip(number)) && !journal.failed.contains(number) }
        let stopped = journal.clipFiles.keys.filter(owed)
        let candidates = stopped.isEmpty ? journal.clipStarts.keys.filter { owed($0) && !journal.clipEnded.contains($0) } : stopped
        guard aliases.count == 1, candidates.count == 1, let number = candidates.first, let alias = aliases.first else {
            unmatchedClipAliases = aliases
            return
        }
        let name = naming.clipName(clip: UInt32(number))
        do throws(FileError) {
            try POSIXFile.renameRefusingExisting(Self.join(directory, alias), to: Self.join(directory, name))
        } catch {
            unmatchedClipAliases = aliases
            return
        }
        syncDirectory(directory)
        clips[number] = name
        renamedClipAliases.append(alias + " -> " + name)
    }

    /// vfat's 8.3 alias of a clip name of `naming` (`CLIP_0~1.MP4`, `CLIP_~12.MP4`, `CLIP~123.MP4`
    /// for `CLIP_NNNN.mp4`): upper case, the base a prefix of `CLIP_` and digits, `~` and a
    /// number, the clips' extension. A user's own file keeps its long name.
    static func isClipAlias(_ name: String, naming: MediaNaming) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == naming.clipExtension.uppercased(), parts[1].count <= 3, (3...8).contains(parts[0].count),
            let tilde = parts[0].lastIndex(of: "~")
        else { return false }
        let base = parts[0][..<tilde]
        let tail = parts[0][parts[0].index(after: tilde)...]
        let prefix = MediaNaming.clipPrefix
        guard !tail.isEmpty, tail.allSatisfy({ $0.isASCII && $0.isNumber }), base.count >= 4 else { return false }
        // The base: `CLIP` or `CLIP_`, then only digits.
        if base.count <= prefix.count { return prefix.hasPrefix(base) }
        return base.hasPrefix(prefix) && base.dropFirst(prefix.count).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// fsck.fat's new name for the second of two directory entries with one name
    /// (`FSCK0000.000`: "Duplicate directory entry ... Auto-renaming second").
    static func isRenamedDuplicate(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].hasPrefix("FSCK"), parts[1].count == 3 else { return false }
        return (parts[0].dropFirst(4) + parts[1]).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The files the journal says exist, by number (photos, then clips): each photo or clip
    /// journaled with its file (`capture`, `record-stop`, `file-recovered`), less those it says
    /// are gone (`file-missing`) or were never finished (a `record-failed` after the stop).
    /// A clip's `record-start` names its file before it is finished, so it owes none.
    public static func filesOwed(by journalLines: [String]) -> [String] {
        owedFiles(by: journalLines).map(\.file)
    }

    /// `filesOwed`, each with its number and the orientation its file carries by the journal.
    public static func owedFiles(by journalLines: [String]) -> [OwedFile] {
        var journal = JournalFacts()
        // A line that is not a record owes nothing (the soak's checker reports it on its own).
        for line in journalLines { try? journal.read(line: line) }
        return journal.owedFiles
    }

    /// The files journal lines name (`file` keys), each a plain name in the output directory.
    public static func fileNames(in journalLines: [String]) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for line in journalLines {
            // A line that is not a record names no file (a torn line is repaired when the journal opens).
            guard let file = (try? TimedEvent(jsonLine: line))?.record.file, seen.insert(file).inserted else { continue }
            names.append(file)
        }
        return names
    }

    /// A camera program's or a `PendingFile`'s temporary name (`CameraFiles.temporaryPrefix`).
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(CameraFiles.temporaryPrefix) || (name.hasPrefix(".") && name.contains(CameraFiles.temporaryPrefix))
            || isTemporaryShortName(name)
    }

    /// A temporary file whose long name a power cut tore on vfat: fsck then drops the long
    /// name's entries and leaves the 8.3 alias vfat made for it, `UPRIGH~N.EXT` (`UPRIG~NN`, ...) for
    /// `.upright-...`, `NAME~N.UPR` for a `PendingFile`'s `.<name>.upright-XXXXXX`
    /// (`make powercut-test` met `UPRIGH~1.UPR`). Only aliases (upper case, `~` and a digit,
    /// 8.3): a user's file keeps its long name.
    static func isTemporaryShortName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...8).contains(parts[0].count), parts[1].count <= 3,
            let tilde = parts[0].lastIndex(of: "~"), parts[0][parts[0].index(after: tilde)...].allSatisfy(\.isNumber),
            parts[0].index(after: tilde) != parts[0].endIndex,
            name == name.uppercased()
        else { return false }
        // vfat shortens the base as the number grows: UPRIGH~1, UPRIG~12, UPRI~123.
        let base = parts[0][..<tilde]
        return (base.count >= 4 && "UPRIGH".hasPrefix(base)) || parts[1] == "UPR"
    }

    /// The photo `name` is vfat's 8.3 alias of (`IMG_0006.JPG` for `IMG_0006.jpg`), when a cut
    /// tore the photo's long name and fsck dropped it: the same file, since vfat looks names up
    /// without regard to case, so it opens under the name the scheme gives (checked: both names
    /// are the same inode). Only the 8.3 form the scheme's own names have (four digits); a
    /// longer number's alias (`IMG_10~1.JPG`) does not say its number, and is left.
    static func photoAlias(_ name: String, naming: MediaNaming, directory: String) -> MediaNumber? {
        guard name.count == 12, name == name.uppercased(), name.hasSuffix(".JPG") else { return nil }
        let lowered = String(name.dropLast(3)) + "jpg"
        guard case .shot(let number)? = naming.number(named: lowered), naming.photoName(shot: UInt32(number)) == lowered,
            let alias = fileIdentity(join(directory, name)), fileIdentity(join(directory, lowered)) == alias
        else { return nil }
        return .shot(number)
    }

    /// Device and inode of the file at `path` (nil: none).
    static func fileIdentity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// A regular file of 0 bytes at `path`.
    /// Flushes `directory`, keeping the first failure in `directorySyncError`.
    private mutating func syncDirectory(_ directory: String) {
        do throws(FileError) {
            try POSIXFile.syncDirectory(of: Self.join(directory, "."))
        } catch {
            if directorySyncError == nil { directorySyncError = error.description }
        }
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    static func isEmptyFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0
    }

    /// The EXIF orientation a photo carries, nil when it has none or cannot be read.
    static func photoOrientation(_ path: String) -> UprightOrientation? {
        // A photo that cannot be read, or has no EXIF Orientation, is recovered without one.
        guard let bytes = try? POSIXFile.readAll(path, limit: maximumPhotoBytes),
            let value = try? JPEGOrientationPatcher.orientation(of: bytes)
        else { return nil }
        return UprightOrientation(exifValue: Int(value))
    }

    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
