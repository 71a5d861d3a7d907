#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Every photo and clip a long life journaled as done, across all its boots, with the
/// orientation the journal gave it, and what each file was when first seen (its inode; a
/// photo's bytes, a clip's length): the checker's memory of what the card must still hold. It
/// is built from the event stream as each record is journaled (`LifeRecords`), so a journal
/// line a cut tears or a flipped bit spoils later is still remembered here.
///
/// A photo is done at its `capture` line (the file is named before it is journaled). A clip is
/// promised at its `record-stop` and done once its file is seen under its final name; a clip
/// whose stop a kill or a cut parted from its naming may be journaled `file-missing` by the next
/// start-up (the durability contract's one loss), any other `file-missing` is a lost file.
public final class LifeLedger {
    public struct Entry: Equatable, Sendable {
        public var file: String
        /// The orientation the journal gave it (nil: `unknown`, no tag / the identity).
        public var orientation: UprightOrientation?
        /// A clip's rotation is owed (a `fault` `rotation`), not yet paid.
        public var rotationOwed = false
        /// Seen under its final name (always, for a photo once checked; a clip once named).
        public var confirmed = false
        /// What the file was when first seen: its inode, its length, a photo's bytes' hash.
        public var inode: UInt64?
        public var bytes: Int?
        public var hash: UInt64?
    }

    public private(set) var entries: [MediaNumber: Entry] = [:]
    /// Entries added or changed since the last `checkRecent` (checked then, the rest only by
    /// `checkAll`: reading a year of photos after every boot would cost more than the boots).
    private var recent: Set<MediaNumber> = []
    /// The numbers in the order they were added (some since removed): what `LifeCard` draws from.
    public private(set) var order: [MediaNumber] = []
    /// The highest photo and clip numbers journaled done: numbering goes on after them (a clip
    /// started and never stopped may have its number again, when a cut tore its only line).
    public private(set) var highestShot = 0
    public private(set) var highestClip = 0

    /// What the closed segments of the journal say (`readClosedSegments`), read once each as
    /// they close: a file they account for is never journaled `file-recovered` again, whatever
    /// start-up reads of them (a segment is never written after it closes).
    public private(set) var closedSegments = JournalFacts()
    /// The newest segment read into `closedSegments`.
    public private(set) var newestSegmentRead = 0

    public init() {}

    /// Reads the segments of `journalPath` closed since the last call (their records only: the
    /// checker does not take the checkpoints it checks on trust); a line that is not a record (a
    /// flipped bit) says nothing, as to start-up.
    public func readClosedSegments(journalPath: String) throws(FileError) {
        for number in JournalSegments.numbers(of: journalPath) where number > newestSegmentRead {
            let reader = try JournalLineReader(path: JournalSegments.path(of: journalPath, segment: number))
            // Bounded by the segment's size: each pass reads a line or ends.
            while let line = try reader.next() {
                guard !JournalCheckpoint.isCheckpoint(line), let event = try? TimedEvent(jsonLine: line) else { continue }
                closedSegments.read(event.record)
            }
            newestSegmentRead = number
        }
    }

    public var photoCount: Int { entries.keys.reduce(0) { if case .shot = $1 { return $0 + 1 } else { return $0 } } }
    public var clipCount: Int { entries.count - photoCount }

    /// A number the camera gives a new photo or clip: it must come after every one before it
    /// (nil), else why not.
    public func refuseReuse(_ number: MediaNumber) -> String? {
        let (kind, highest) = number.isShot ? ("shot", highestShot) : ("clip", highestClip)
        if entries[number] != nil { return kind + " " + String(number.value) + " used again: it was journaled done before" }
        if number.value <= highest { return kind + " " + String(number.value) + " numbered after " + kind + " " + String(highest) }
        return nil
    }

    /// A photo or clip journaled done (a clip promised, `confirmed` false).
    public func add(_ number: MediaNumber, file: String, orientation: UprightOrientation?, confirmed: Bool) {
        if entries[number] == nil { order.append(number) }
        entries[number] = Entry(file: file, orientation: orientation, confirmed: confirmed)
        recent.insert(number)
        if number.isShot { highestShot = max(highestShot, number.value) } else { highestClip = max(highestClip, number.value) }
    }

    public func remove(_ number: MediaNumber) {
        entries[number] = nil
        recent.remove(number)
    }

    public func setRotationOwed(_ clip: Int, _ owed: Bool) {
        guard entries[.clip(clip)] != nil else { return }
        entries[.clip(clip)]?.rotationOwed = owed
        recent.insert(.clip(clip))
    }

    /// The clips promised and not yet seen under their names.
    public var unconfirmedClips: [Int] {
        entries.compactMap { $0.value.confirmed ? nil : ($0.key.isShot ? nil : $0.key.value) }.sorted()
    }

    /// The clips whose rotation is owed.
    public var owedClips: [Int] { entries.compactMap { $0.value.rotationOwed ? $0.key.value : nil }.sorted() }

    /// The harness changed a photo's bytes itself (a flipped bit): its new hash is the one to keep.
    public func rememberBytes(of number: MediaNumber, directory: String) {
        guard let entry = entries[number], let bytes = try? POSIXFile.readAll(OutputReconciliation.join(directory, entry.file), limit: 1 << 26)
        else { return }
        entries[number]?.hash = Self.hash(bytes)
    }

    /// Confirms every promised clip whose file is now under its final name; returns those still not.
    @discardableResult
    public func confirmClips(in directory: String) -> [Int] {
        var missing: [Int] = []
        for clip in unconfirmedClips {
            guard let entry = entries[.clip(clip)] else { continue }
            if Self.isRegularFile(OutputReconciliation.join(directory, entry.file)) {
                entries[.clip(clip)]?.confirmed = true
                recent.insert(.clip(clip))
            } else {
                missing.append(clip)
            }
        }
        return missing
    }

    /// Checks the entries added or changed since the last time (confirmed ones); the first
    /// broken invariant, or nil.
    public func checkRecent(in directory: String) -> String? {
        let numbers = recent.sorted { ($0.isShot ? 0 : 1, $0.value) < ($1.isShot ? 0 : 1, $1.value) }
        recent.removeAll(keepingCapacity: true)
        for number in numbers { if let broken = check(number, in: directory) { return broken } }
        return nil
    }

    /// Checks every entry (at the end of a life, and every month of it).
    public func checkAll(in directory: String) -> String? {
        recent.removeAll(keepingCapacity: true)
        for number in entries.keys.sorted(by: { ($0.isShot ? 0 : 1, $0.value) < ($1.isShot ? 0 : 1, $1.value) }) {
            if let broken = check(number, in: directory) { return broken }
        }
        return nil
    }

    /// One entry against its file: there, a regular file under its final name, the same file as
    /// when first seen (inode, length, a photo's bytes), carrying its journaled orientation
    /// (read back with the project's readers: EXIF Orientation, the `tkhd` matrix); a clip
    /// promised and not yet named, or owed its rotation, is checked for what it has.
    func check(_ number: MediaNumber, in directory: String) -> String? {
        guard let entry = entries[number], entry.confirmed || number.isShot else { return nil }
        let path = OutputReconciliation.join(directory, entry.file)
        let name = (number.isShot ? "photo " : "clip ") + entry.file
        var status = stat()
        guard lstat(path, &status) == 0 else { return name + " was journaled done and is gone" }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return name + " is no longer a regular file" }
        if let inode = entry.inode, inode != UInt64(status.st_ino) { return name + " was replaced (another inode: overwritten)" }
        if let length = entry.bytes, length != Int(status.st_size) {
            return name + " changed length (" + String(length) + " to " + String(status.st_size) + " bytes: overwritten)"
        }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try POSIXFile.readAll(path, limit: 1 << 26)
        } catch {
            return name + " cannot be read: " + error.description
        }
        if number.isShot {
            let hash = Self.hash(bytes)
            if let known = entry.hash, known != hash { return name + " changed its bytes (overwritten)" }
            entries[number]?.hash = hash
            let exif = (try? JPEGOrientationPatcher.orientation(of: bytes)) ?? nil
            let carried = exif.flatMap { UprightOrientation(exifValue: Int($0)) }
            if carried != entry.orientation {
                return name + " carries EXIF Orientation " + (exif.map { String($0) } ?? "none") + " but was journaled " + entry.orientation.latchName
            }
        } else if !entry.rotationOwed {
            let degrees: Int?
            do throws(MediaError) {
                degrees = try MP4RotationPatcher.rotationDegrees(of: bytes)
            } catch {
                return name + " is not a readable movie: " + error.description
            }
            let journaled = entry.orientation?.rotationDegrees ?? 0
            if (degrees ?? 0) != journaled {
                return name + " carries a " + (degrees.map { String($0) } ?? "no") + " degree matrix but was journaled " + entry.orientation.latchName
                    + " (" + String(journaled) + ")"
            }
        }
        entries[number]?.inode = UInt64(status.st_ino)
        if !number.isShot { entries[number]?.bytes = Int(status.st_size) }
        return nil
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// FNV-1a, 64 bits: enough to tell a photo's bytes changed.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return hash
    }
}

extension MediaNumber {
    var isShot: Bool {
        if case .shot = self { return true }
        return false
    }
}
