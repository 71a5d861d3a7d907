import UprightCore

/// The first line of every journal file after the first (docs/events.md, `checkpoint`): what
/// start-up's reconciliation needs of all the lines before it, so that start-up reads the live
/// file only (`JournalSegments.startupRead`), never the closed segments.
///
/// It says: the highest shot or clip number journaled (numbering goes on after it); the numbers
/// settled (`settled`: every number at or below it is accounted for by the older segments, so a
/// file of such a number is not journaled again); above that, each photo and clip journaled with
/// its file (start-up journals `file-missing` when one is not on the card); the clips started
/// and not ended (`record-failed` `interrupted` at start-up); the rotations owed (`fault`
/// `rotation`, written at start-up or by `upright orient`).
///
/// Bounded: `files` and `open` hold numbers above `settled` only, which the writer keeps at
/// most `JournalFacts.checkpointWindow` below `highest`; `owed` holds at most `maximumOwed`
/// (each one a clip whose matrix could not be written: an I/O error, rare).
public struct JournalCheckpoint: Equatable, Sendable {
    /// The event name of its line.
    public static let event = "checkpoint"
    /// The most rotations owed a checkpoint carries (the lowest clips first); more stay in the
    /// older segments, where `upright journal --files` and `upright orient FILE` still find them.
    public static let maximumOwed = 256
    /// The most entries its `files` and `open` may hold together when read (the writer holds at
    /// most `JournalFacts.checkpointWindow` numbers, each one entry).
    public static let maximumEntries = 4096

    /// The journal's time of the line (`t`), as every record's.
    public var time: Instant
    /// The segment the lines before it were closed in (`segment`: 7 for `<journal>.000007`);
    /// 0 when none of ours was (a live file logrotate moved away, `Journal.reopened`).
    public var segment: Int
    public var highestNumber: Int
    public var settledThrough: Int
    /// Photos and clips journaled with a file, above `settledThrough`, by number.
    public var files: [OwedFile]
    /// Clips started and not ended, with their latch (nil: `unknown`).
    public var openClips: [OpenClip]
    public var owedRotations: [OwedRotation]

    /// A clip journaled `record-start` and not yet ended.
    public struct OpenClip: Equatable, Sendable {
        public var clip: Int
        public var orientation: UprightOrientation?

        public init(clip: Int, orientation: UprightOrientation?) {
            self.clip = clip
            self.orientation = orientation
        }
    }

    public init(
        time: Instant, segment: Int, highestNumber: Int, settledThrough: Int, files: [OwedFile], openClips: [OpenClip],
        owedRotations: [OwedRotation]
    ) {
        self.time = time
        self.segment = segment
        self.highestNumber = highestNumber
        self.settledThrough = settledThrough
        self.files = files
        self.openClips = openClips
        self.owedRotations = owedRotations
    }

    /// Whether `line` is a checkpoint's (cheap: its `event` is the second key, as the writer puts it).
    public static func isCheckpoint(_ line: String) -> Bool {
        guard line.hasPrefix("{\"t\":"), let comma = line.utf8.firstIndex(of: UInt8(ascii: ",")) else { return false }
        return line.utf8[line.utf8.index(after: comma)...].starts(with: "\"event\":\"checkpoint\"".utf8)
    }

    /// Its line: `t`, `event`, `segment`, `highest`, `settled`, then `files` (each as
    /// `upright journal --files` prints it), `open` and `owed`, in that order, and last `crc`:
    /// the CRC-32 of the line's bytes before `,"crc":` (`CRC32`).
    public func jsonLine(origin: Instant = .zero) -> String {
        var writer = JSONWriter()
        writer.field("t", seconds: Instant(nanoseconds: (time - origin).nanoseconds))
        writer.field("event", Self.event)
        writer.field("segment", segment)
        writer.field("highest", highestNumber)
        writer.field("settled", settledThrough)
        writer.field("files", rawJSON: "[" + files.map(\.jsonLine).joined(separator: ",") + "]")
        let open = openClips.map { clip in
            var entry = JSONWriter()
            entry.field("clip", clip.clip)
            entry.field("orientation", clip.orientation.latchName)
            return entry.finished
        }
        writer.field("open", rawJSON: "[" + open.joined(separator: ",") + "]")
        let owed = owedRotations.map { rotation in
            var entry = JSONWriter()
            entry.field("clip", rotation.clip)
            entry.field("file", rotation.file)
            entry.field("rotation", rotation.rotationDegrees)
            entry.field("problem", rotation.problem)
            return entry.finished
        }
        writer.field("owed", rawJSON: "[" + owed.joined(separator: ",") + "]")
        writer.field(Self.checksumKey, Int(CRC32.checksum(writer.text.utf8)))
        return writer.finished
    }

    /// The last key: what start-up trusts for every line before it must be the line written.
    /// A flipped bit that still parses (a digit of `settled` or of a shot) would otherwise
    /// make start-up journal again, as recovered, every file the older segments account for.
    static let checksumKey = "crc"

    /// Reads a checkpoint's line, as strictly as a record's (`TimedEvent(jsonLine:)`): every key,
    /// no other, each value in range; the error names the key (the caller adds file and line).
    public init(jsonLine line: String) throws(ConfigError) {
        let (reader, time, event) = try JSONObjectReader.journalLine(line)
        self.time = time
        guard event == Self.event else { throw reader.error("event", "not a checkpoint") }
        segment = try Self.required(reader, "segment", in: 0...JournalSegments.maximumSegment)
        highestNumber = try Self.required(reader, "highest", in: 0...Int(UInt32.max))
        settledThrough = try Self.required(reader, "settled", in: 0...highestNumber)
        let fileEntries = try reader.objects("files")
        let openEntries = try reader.objects("open")
        let owedEntries = try reader.objects("owed")
        guard fileEntries.count + openEntries.count <= Self.maximumEntries else {
            throw reader.error("files", "more than " + String(Self.maximumEntries) + " entries with open")
        }
        guard owedEntries.count <= Self.maximumOwed else { throw reader.error("owed", "more than " + String(Self.maximumOwed) + " entries") }
        files = []
        for entry in fileEntries { files.append(try Self.file(entry)) }
        openClips = []
        for entry in openEntries {
            let clip = try Self.required(entry, "clip", in: 1...Int(UInt32.max))
            guard let latch = UprightOrientation.latch(named: try entry.requiredString("orientation")) else {
                throw entry.error("orientation", "not an upright orientation or unknown")
            }
            try entry.finish()
            openClips.append(OpenClip(clip: clip, orientation: latch))
        }
        owedRotations = []
        for entry in owedEntries {
            let clip = try Self.required(entry, "clip", in: 1...Int(UInt32.max))
            let file = try Self.plainName(entry)
            let degrees = try Self.required(entry, "rotation", in: 0...270)
            guard degrees % 90 == 0 else { throw entry.error("rotation", String(degrees) + " is not 0, 90, 180 or 270") }
            let problem = try entry.requiredString("problem")
            try entry.finish()
            owedRotations.append(OwedRotation(clip: clip, file: file, rotationDegrees: degrees, problem: problem))
        }
        let checksum = try Self.required(reader, Self.checksumKey, in: 0...Int(UInt32.max))
        let marker = Array((",\"" + Self.checksumKey + "\":").utf8)
        let bytes = Array(line.utf8)
        // The writer puts `crc` last, so its marker is the last one in the line.
        guard let start = Self.lastIndex(of: marker, in: bytes), UInt32(checksum) == CRC32.checksum(bytes[..<start]) else {
            throw reader.error(Self.checksumKey, String(checksum) + " does not match the line (a damaged checkpoint)")
        }
        try reader.finish()
    }

    /// Where the last `marker` begins in `bytes`.
    private static func lastIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        var index = bytes.count - marker.count
        // Bounded by the line's length: one step back each pass.
        while index >= 0 {
            if bytes[index..<index + marker.count].elementsEqual(marker) { return index }
            index -= 1
        }
        return nil
    }

    /// One `files` entry: `file`, `shot` or `clip`, and `exif` or `rotation` when known.
    private static func file(_ entry: JSONObjectReader) throws(ConfigError) -> OwedFile {
        let file = try plainName(entry)
        let number: MediaNumber
        var orientation: UprightOrientation?
        if entry.contains("shot") {
            number = .shot(try required(entry, "shot", in: 1...Int(UInt32.max)))
            if let exif = try entry.integer("exif") {
                guard let known = UprightOrientation(exifValue: exif) else { throw entry.error("exif", String(exif) + " is not 1, 3, 6 or 8") }
                orientation = known
            }
        } else {
            number = .clip(try required(entry, "clip", in: 1...Int(UInt32.max)))
            if let degrees = try entry.integer("rotation") {
                guard let known = UprightOrientation.allCases.first(where: { $0.rotationDegrees == degrees }) else {
                    throw entry.error("rotation", String(degrees) + " is not 0, 90, 180 or 270")
                }
                orientation = known
            }
        }
        try entry.finish()
        return OwedFile(number: number, file: file, orientation: orientation)
    }

    private static func required(_ reader: JSONObjectReader, _ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard let value = try reader.integer(key, in: range) else { throw reader.error(key, "missing (required)") }
        return value
    }

    /// A file name directly inside the output directory (what start-up may unlink or rename).
    private static func plainName(_ reader: JSONObjectReader) throws(ConfigError) -> String {
        let file = try reader.requiredString("file")
        guard !file.isEmpty, !file.contains("/"), !file.hasPrefix(".") else {
            throw reader.error("file", "\"" + file + "\" is not a plain file name in the output directory")
        }
        return file
    }
}
