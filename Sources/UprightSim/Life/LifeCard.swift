#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// What a year on a card does to the output folder between two boots, done on disk as it
/// would be found: the leftovers of a kill, the torn last line of a power cut, a flipped bit,
/// a photo from elsewhere numbered near the top. Each draws from the life's generator, so a
/// seed gives the same card every time.
public enum LifeCard {
    /// A kill mid-work: what the camera program was writing is left under its temporary name,
    /// half written (the still server's file, the video program's, a `PendingFile`'s), made from
    /// a photo or clip the folder has. Returns the names left.
    @discardableResult
    public static func leaveLeftovers(in directory: String, ledger: LifeLedger, generator: inout SeededGenerator) -> [String] {
        var left: [String] = []
        let tag = MediaNaming.fourDigits(Int(generator.next() % 10_000))
        for (number, entry) in sample(ledger, generator: &generator) {
            guard let bytes = try? POSIXFile.readAll(OutputReconciliation.join(directory, entry.file), limit: 1 << 26), bytes.count > 2 else {
                continue
            }
            let half = Array(bytes.prefix(1 + Int(generator.next() % UInt64(bytes.count - 1))))
            let names =
                number.isShot
                ? [CameraFiles.temporaryPrefix + "still-" + tag + ".jpg", "." + entry.file + CameraFiles.temporaryPrefix + "x" + tag]
                : [CameraFiles.temporaryPrefix + "clip-" + tag + "." + SimCamera.clipExtension]
            for name in names where write(half, to: OutputReconciliation.join(directory, name)) { left.append(name) }
        }
        return left
    }

    /// A power cut: the journal's last line cut at a drawn byte (none of it, or part). Returns
    /// the whole line as it was (nil: an empty journal).
    @discardableResult
    public static func tearLastLine(of journalPath: String, generator: inout SeededGenerator) -> String? {
        guard let bytes = try? POSIXFile.readAll(journalPath, limit: 1 << 30), bytes.count > 1 else { return nil }
        let start = bytes.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = String(decoding: bytes[start..<(bytes.count - 1)], as: UTF8.self)
        let keep = start + Int(generator.next() % UInt64(bytes.count - start))
        _ = truncate(journalPath, off_t(keep))
        return line
    }

    /// One bit flipped at a drawn byte of the file (any byte: a newline too). Returns the offset.
    @discardableResult
    public static func flipBit(in path: String, from low: Int = 0, upTo high: Int? = nil, generator: inout SeededGenerator) -> Int? {
        guard var bytes = try? POSIXFile.readAll(path, limit: 1 << 30) else { return nil }
        let end = min(high ?? bytes.count, bytes.count)
        guard end > low else { return nil }
        let offset = low + Int(generator.next() % UInt64(end - low))
        bytes[offset] ^= UInt8(1) << UInt8(generator.next() % 8)
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        do throws(FileError) {
            try POSIXFile.writeAll(fd, [bytes[offset]], at: offset, path: path)
        } catch {
            return nil
        }
        return offset
    }

    /// A bit flipped in the tail of a photo's scan data (before its end-of-image marker: the
    /// picture spoilt, its EXIF as it was); the ledger keeps the new bytes. Returns its name.
    @discardableResult
    public static func flipPhotoTail(in directory: String, ledger: LifeLedger, generator: inout SeededGenerator) -> String? {
        guard let (number, entry) = sample(ledger, generator: &generator).first(where: { $0.0.isShot }) else { return nil }
        let path = OutputReconciliation.join(directory, entry.file)
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 66 else { return nil }
        let size = Int(status.st_size)
        guard flipBit(in: path, from: size - 66, upTo: size - 2, generator: &generator) != nil else { return nil }
        ledger.rememberBytes(of: number, directory: directory)
        return entry.file
    }

    /// A photo from elsewhere (another camera's card) numbered `number`, a copy of one the
    /// folder has: start-up journals it recovered and numbering goes on after it. Returns its name.
    @discardableResult
    public static func placePhoto(numbered number: UInt32, in directory: String, ledger: LifeLedger, generator: inout SeededGenerator) -> String? {
        guard let (_, entry) = sample(ledger, generator: &generator).first(where: { $0.0.isShot }),
            let bytes = try? POSIXFile.readAll(OutputReconciliation.join(directory, entry.file), limit: 1 << 26)
        else { return nil }
        let name = SimCamera.naming.photoName(shot: number)
        return write(bytes, to: OutputReconciliation.join(directory, name)) ? name : nil
    }

    /// A photo and a clip of the ledger, drawn among the latest few thousand (none when it has none).
    static func sample(_ ledger: LifeLedger, generator: inout SeededGenerator) -> [(MediaNumber, LifeLedger.Entry)] {
        var picked: [(MediaNumber, LifeLedger.Entry)] = []
        let span = min(ledger.order.count, 5000)
        guard span > 0 else { return [] }
        for wantShot in [true, false] {
            // A few tries: most of the latest are photos, and most are still in the ledger.
            for _ in 0..<(wantShot ? 8 : 64) {
                let number = ledger.order[ledger.order.count - 1 - Int(generator.next() % UInt64(span))]
                if number.isShot == wantShot, let entry = ledger.entries[number], entry.confirmed {
                    picked.append((number, entry))
                    break
                }
            }
        }
        return picked
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        do throws(FileError) {
            try POSIXFile.writeAll(fd, bytes, path: path)
        } catch {
            return false
        }
        return true
    }
}
