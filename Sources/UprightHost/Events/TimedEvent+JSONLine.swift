import UprightCore

extension TimedEvent {
    /// Reads one line of the event stream or the journal (docs/events.md), the inverse of
    /// `jsonLine()`: `TimedEvent(jsonLine: event.jsonLine()) == event` for every record the
    /// firmware writes, and the line written again is the same bytes. Every reader of the
    /// journal (start-up's reconciliation, the soak's checker, `upright journal`) reads it
    /// through here, so the schema is written in two places that are tested against each
    /// other (`TimedEventJSONLineTests`), not read by string keys wherever a fact is wanted.
    ///
    /// Strict, as a contract's reader should be: `t` and `event` first, no key the record does
    /// not have, every value of its type, and the derived keys (`exif`, `rotation`, a bound's
    /// `detail`) agreeing with the orientation or bound they derive from. The error names the
    /// key (`shot: missing (required)`); the caller adds the file and line.
    public init(jsonLine line: String) throws(ConfigError) {
        let (reader, time, event) = try JSONObjectReader.journalLine(line)
        let record = try EventRecord.read(event: event, from: reader)
        try reader.finish()
        self.init(time: time, record: record)
    }
}

extension JSONObjectReader {
    /// A line of the stream or the journal opened (a record's, a checkpoint's): JSON, `t` then
    /// `event` first; the instant `t` says and the event's name, the reader at the keys after.
    static func journalLine(_ line: String) throws(ConfigError) -> (reader: JSONObjectReader, time: Instant, event: String) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw ConfigError(path: "", message: "not JSON at column " + String(error.column) + ": " + error.message)
        }
        let reader = try JSONObjectReader(value)
        guard reader.keys.count >= 2, reader.keys[0] == "t", reader.keys[1] == "event" else {
            throw ConfigError(path: "", message: "a record begins with t, then event")
        }
        // At most 1e9 s (31 years of a run): the instant is nanoseconds in 64 bits (9.2e9 s at
        // most), and a flipped bit on the card (`1e10`) must be an error, not a trap.
        guard let seconds = try reader.number("t", in: 0...1e9) else { throw reader.error("t", "missing (required)") }
        // `t` is written with six decimals: the nearest microsecond is the instant written.
        let time = Instant(nanoseconds: Int64((seconds * 1e6).rounded()) * 1_000)
        return (reader, time, try reader.requiredString("event"))
    }
}

extension EventRecord {
    /// The record of kind `event` from the rest of a line's keys: one case per kind, the
    /// writer's (`TimedEvent.jsonLine`) inverse in the same order, kept whole to read beside it.
    fileprivate static func read(event: String, from reader: JSONObjectReader) throws(ConfigError) -> EventRecord {
        switch event {
        case "orientation":
            return .orientation(try reader.orientation("orientation"))
        case "state":
            return .state(from: try reader.requiredString("from"), to: try reader.requiredString("to"))
        case "capture":
            let orientation = try reader.latched(exif: true, rotation: false)
            return .capture(
                shot: try reader.mediaNumber("shot"), orientation: orientation, stale: try reader.flag("stale"),
                file: try reader.fileName(), lagSeconds: try reader.number("lag", in: -1e9...1e9),
                waitSeconds: try reader.number("wait", in: 0...1e9) ?? 0)
        case "capture-failed":
            return .captureFailed(shot: try reader.mediaNumber("shot"), reason: try reader.requiredString("reason"))
        case "record-start":
            let orientation = try reader.latched(exif: true, rotation: true)
            return .recordStart(
                clip: try reader.mediaNumber("clip"), orientation: orientation, stale: try reader.flag("stale"),
                file: try reader.fileName())
        case "record-stop":
            return .recordStop(
                clip: try reader.mediaNumber("clip"), orientation: try reader.latch("orientation"),
                durationSeconds: try reader.number("duration", in: 0...1e12) ?? 0,
                reason: try reader.requiredString("reason"), file: try reader.fileName())
        case "record-failed":
            return .recordFailed(clip: try reader.mediaNumber("clip"), reason: try reader.requiredString("reason"))
        case "shutter-rejected":
            return .shutterRejected(reason: try reader.requiredString("reason"))
        case "fault", "recovered":
            let kind = try reader.requiredString("kind")
            let detail = try reader.requiredString("detail")
            if event == "fault" && kind == "bound" {
                let bound = try reader.requiredString("bound")
                let lost = try reader.integer("lost", in: 0...Int(Int32.max)) ?? 0
                let waited = try reader.number("waited", in: 0...1e9) ?? 0
                guard detail == boundDetail(bound: bound, lost: lost, waitedSeconds: waited) else {
                    throw reader.error("detail", "does not say what bound " + bound + " with " + String(lost) + " lost says")
                }
                return .bound(bound: bound, lost: lost, waitedSeconds: waited)
            }
            if kind == "rotation" { return try rotation(recovered: event == "recovered", detail: detail, from: reader) }
            return event == "fault" ? .fault(kind: kind, detail: detail) : .recovered(kind: kind, detail: detail)
        case "file-recovered", "file-missing":
            let number: MediaNumber
            if reader.contains("shot") {
                number = .shot(try reader.mediaNumber("shot"))
            } else if reader.contains("clip") {
                number = .clip(try reader.mediaNumber("clip"))
            } else {
                throw reader.error("shot", "missing (a file-recovered or file-missing record has shot or clip)")
            }
            guard let file = try reader.fileName() else { throw reader.error("file", "missing (required)") }
            if event == "file-missing" { return .fileMissing(number, file: file) }
            // A file that says nothing of its orientation has no `orientation` key (never
            // `unknown`: the key is left out).
            var orientation: UprightOrientation?
            if reader.contains("orientation") {
                let named = try reader.uprightOrientation("orientation")
                if case .shot = number {
                    orientation = try reader.derived(from: named, exif: true, rotation: false)
                } else {
                    orientation = try reader.derived(from: named, exif: false, rotation: true)
                }
            }
            return .fileRecovered(number, orientation: orientation, file: file)
        default:
            throw reader.error("event", "unknown record \"" + event + "\"")
        }
    }
}

extension EventRecord {
    /// A `fault` or `recovered` of kind `rotation`: the clip, its file and the rotation owed
    /// (0, 90, 180 or 270); a `recovered` line's `detail` is the one its keys give.
    fileprivate static func rotation(recovered: Bool, detail: String, from reader: JSONObjectReader) throws(ConfigError) -> EventRecord {
        let clip = try reader.mediaNumber("clip")
        guard let file = try reader.fileName() else { throw reader.error("file", "missing (required)") }
        guard let degrees = try reader.integer("rotation") else { throw reader.error("rotation", "missing (required)") }
        guard [0, 90, 180, 270].contains(degrees) else { throw reader.error("rotation", String(degrees) + " is not 0, 90, 180 or 270") }
        guard recovered else { return .rotationOwed(clip: clip, file: file, rotationDegrees: degrees, detail: detail) }
        guard detail == rotationWrittenDetail(file: file, rotationDegrees: degrees) else {
            throw reader.error("detail", "does not say what file " + file + " with rotation " + String(degrees) + " says")
        }
        return .rotationWritten(clip: clip, file: file, rotationDegrees: degrees)
    }
}

extension JSONObjectReader {
    /// One of the six orientation names.
    fileprivate func orientation(_ key: String) throws(ConfigError) -> Orientation {
        let name = try requiredString(key)
        guard let orientation = Orientation(name: name) else { throw error(key, "unknown orientation \"" + name + "\"") }
        return orientation
    }

    /// One of the four upright names a photo or clip is latched with.
    fileprivate func uprightOrientation(_ key: String) throws(ConfigError) -> UprightOrientation {
        let name = try requiredString(key)
        guard let orientation = UprightOrientation(name: name) else {
            throw error(key, "unknown upright orientation \"" + name + "\"")
        }
        return orientation
    }

    /// One of the four upright names, or `unknown` (nil): what a photo or clip was latched with.
    fileprivate func latch(_ key: String) throws(ConfigError) -> UprightOrientation? {
        let name = try requiredString(key)
        guard let latch = UprightOrientation.latch(named: name) else {
            throw error(key, "unknown latch \"" + name + "\" (an upright orientation or unknown)")
        }
        return latch
    }

    /// A latched orientation and the keys derived from it, which must agree with it; an
    /// `unknown` latch has neither `exif` nor `rotation` (no value of them means unknown).
    fileprivate func latched(exif: Bool, rotation: Bool) throws(ConfigError) -> UprightOrientation? {
        guard let orientation = try latch("orientation") else {
            for key in ["exif", "rotation"] where contains(key) {
                throw error(key, "present, where an unknown orientation has none")
            }
            return nil
        }
        return try derived(from: orientation, exif: exif, rotation: rotation)
    }

    /// `orientation` after checking the keys derived from it.
    fileprivate func derived(from orientation: UprightOrientation, exif: Bool, rotation: Bool) throws(ConfigError) -> UprightOrientation {
        if exif {
            let value = try integer("exif")
            guard value == Int(orientation.exifValue) else {
                throw error(
                    "exif", (value.map { String($0) } ?? "missing") + ", where " + orientation.description + " is " + String(orientation.exifValue))
            }
        }
        if rotation {
            let value = try integer("rotation")
            guard value == orientation.rotationDegrees else {
                throw error(
                    "rotation",
                    (value.map { String($0) } ?? "missing") + ", where " + orientation.description + " is " + String(orientation.rotationDegrees))
            }
        }
        return orientation
    }

    /// A shot or clip number (from 1, as the machine counts).
    fileprivate func mediaNumber(_ key: String) throws(ConfigError) -> Int {
        guard let number = try integer(key, in: 1...Int(UInt32.max)) else { throw error(key, "missing (required)") }
        return number
    }

    /// `true` or absent (the writer leaves a false flag out).
    fileprivate func flag(_ key: String) throws(ConfigError) -> Bool {
        guard let flag = try bool(key) else { return false }
        guard flag else { throw error(key, "written only when true") }
        return true
    }

    /// A file name directly inside the output directory.
    fileprivate func fileName() throws(ConfigError) -> String? {
        guard let file = try string("file") else { return nil }
        guard !file.isEmpty, !file.contains("/"), !file.hasPrefix(".") else {
            throw error("file", "\"" + file + "\" is not a plain file name in the output directory")
        }
        return file
    }
}
