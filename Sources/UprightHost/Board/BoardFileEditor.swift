#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// Rewrites keys of a board file's `sensor` section in the file's own text: a key present has
/// its value replaced where it stands, a key absent is added after the section's last member
/// with that member's indentation and line ends; every other byte (key order, spacing, other
/// sections) is kept. `upright calibrate` writes `sensor.mount_matrix` and `sensor.offset_g`
/// with it.
///
/// A file that does not parse is refused (`FILE:LINE:COLUMN: message`), and the edited text
/// is checked before it is written: it loads as a board, and apart from the edited keys it is
/// the same document as before.
public enum BoardFileEditor {
    /// One key of the `sensor` section and its new value as JSON text (`"\"1, 0, 0; ...\""`, `[0.1, 0, 0]`).
    public struct Edit: Equatable, Sendable {
        public var key: String
        public var valueText: String

        public init(key: String, valueText: String) {
            self.key = key
            self.valueText = valueText
        }
    }

    /// `bytes` with `edits` applied (in order) to the `sensor` object.
    public static func apply(_ edits: [Edit], to bytes: [UInt8], file: String) throws(BoardError) -> [UInt8] {
        let before = try document(bytes, file: file)
        var text = bytes
        for edit in edits {
            let scanner = JSONSpanScanner(bytes: text)
            guard let sensor = scanner.member("sensor", ofObjectAt: scanner.rootStart), text[sensor.value.lowerBound] == UInt8(ascii: "{") else {
                throw BoardError(file: file, message: "sensor: missing (required)")
            }
            let members = scanner.members(ofObjectAt: sensor.value.lowerBound)
            let value = Array(edit.valueText.utf8)
            if let existing = members.first(where: { $0.key == edit.key }) {
                text.replaceSubrange(existing.value, with: value)
            } else {
                let member = Array(JSONWriter.quoted(edit.key).utf8) + Array(": ".utf8) + value
                if let last = members.last {
                    text.insert(contentsOf: Array(",".utf8) + separator(before: last, in: text) + member, at: last.value.upperBound)
                } else {
                    text.insert(contentsOf: member, at: sensor.value.lowerBound + 1)
                }
            }
        }
        let after = try document(text, file: file)
        do {
            _ = try Board.parse(text, file: file)
        } catch {
            throw BoardError(file: file, message: "the edited file would not load (\(error.message)); nothing written")
        }
        let keys = edits.map(\.key)
        guard without(keys, before) == without(keys, after) else {
            throw BoardError(
                file: file, message: "internal: the edit changed more than sensor.\(keys.joined(separator: ", sensor.")); nothing written")
        }
        return text
    }

    /// Reads `path` (through a symbolic link to the file it names), applies `edits`, saves the
    /// old contents as `path.bak` (replacing an older backup) with the file's own permissions
    /// and owner, and writes the new ones, each atomically (temporary file, fsync, rename).
    /// Returns the backup's path as `path` names the file (for a symbolic link, beside the
    /// file it names).
    @discardableResult
    public static func rewrite(_ path: String, with edits: [Edit]) throws(BoardError) -> String {
        let target = resolved(path)
        let old: [UInt8]
        do {
            old = try POSIXFile.readAll(target, limit: Board.maximumFileBytes)
        } catch {
            throw BoardError(file: path, message: error.message)
        }
        let new = try apply(edits, to: old, file: path)
        let backup = target + ".bak"
        do {
            try AtomicFile.write(old, to: backup, permissionsOf: target)
            try AtomicFile.write(new, to: target)
        } catch {
            throw BoardError(file: path, message: error.description)
        }
        return isSymbolicLink(path) ? backup : path + ".bak"
    }

    /// Whether `rewrite` could write `path` and its backup: the file writable, its directory
    /// writable (both are replaced by a rename there). For checking before work that would be
    /// lost (`upright calibrate`'s poses).
    public static func checkWritable(_ path: String) throws(BoardError) {
        let target = resolved(path)
        if access(target, W_OK) != 0 {
            throw BoardError(file: path, message: "cannot be written (\(POSIXFile.errorText(errno)))")
        }
        let directory = POSIXFile.directoryName(target)
        if access(directory, W_OK | X_OK) != 0 {
            throw BoardError(
                file: path,
                message: "its directory \(directory) cannot be written (\(POSIXFile.errorText(errno))), where the new file and the backup go")
        }
    }

    // MARK: helpers

    private static func document(_ bytes: [UInt8], file: String) throws(BoardError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw BoardError(file: file, line: error.line, column: error.column, message: error.message + " (not changed)")
        }
    }

    /// The whitespace before `member`'s key (after the previous comma or brace): a newline and
    /// indentation in a file laid out one member per line, else one space.
    private static func separator(before member: JSONSpanScanner.Member, in text: [UInt8]) -> [UInt8] {
        var start = member.keyStart
        while start > 0, [0x20, 0x09, 0x0A, 0x0D].contains(text[start - 1]) { start -= 1 }
        let gap = Array(text[start..<member.keyStart])
        return gap.contains(0x0A) ? gap : [0x20]
    }

    /// The document with the root's `sensor` object stripped of `keys`.
    private static func without(_ keys: [String], _ document: JSONValue) -> JSONValue {
        guard case .object(var root) = document, let index = root.firstIndex(where: { $0.key == "sensor" }),
            case .object(let sensor) = root[index].value
        else { return document }
        root[index].value = .object(sensor.filter { !keys.contains($0.key) })
        return .object(root)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

/// Byte positions of members in JSON text that `JSONParser` has accepted (so it need not
/// check anything again): the key's start and the value's range. Bounded by the parser's
/// depth limit.
struct JSONSpanScanner {
    struct Member {
        var key: String
        var keyStart: Int
        var value: Range<Int>
    }

    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Where the root value begins (after a byte-order mark and whitespace).
    var rootStart: Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        skipSpace(&index)
        return index
    }

    func member(_ key: String, ofObjectAt start: Int) -> Member? {
        members(ofObjectAt: start).first { $0.key == key }
    }

    func members(ofObjectAt start: Int) -> [Member] {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return [] }
        var index = start + 1
        var found: [Member] = []
        // Bounded: every pass moves past a comma or a member.
        while index < bytes.count {
            skipSpace(&index)
            guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else { break }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let keyStart = index
            skipValue(&index)
            let key: String
            // The board file was parsed whole before: a key that is not a string cannot occur here.
            if case .string(let text)? = try? JSONParser.parse(Array(bytes[keyStart..<index])) { key = text } else { key = "" }
            skipSpace(&index)
            index += 1 // ':'
            skipSpace(&index)
            let valueStart = index
            skipValue(&index)
            found.append(Member(key: key, keyStart: keyStart, value: valueStart..<index))
        }
        return found
    }

    private func skipSpace(_ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Moves past one value (string, number, literal, object, array).
    private func skipValue(_ index: inout Int) {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            while index < bytes.count {
                skipSpace(&index)
                guard index < bytes.count else { return }
                if bytes[index] == close {
                    index += 1
                    return
                }
                if bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ":") {
                    index += 1
                    continue
                }
                skipValue(&index)
            }
        default:
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            }
        }
    }
}
