import UprightCore

/// Parses a trace one line at a time (push style), so a trace of any length streams in
/// constant memory: feed each line, get a row back for each sample line.
///
/// Checks, each reported with its line: header present and valid, every row has as many
/// fields as the header, every field a finite number, `t` not negative and non-decreasing, `button` 0 or 1.
public struct TraceParser: Sendable {
    /// Longest line accepted (bytes, without the newline): a binary file or a runaway line
    /// is refused instead of being buffered.
    public static let maximumLineBytes = 1024
    /// |t| beyond this (about 31 years) is refused: it would overflow nanoseconds.
    public static let maximumSeconds = 1e9
    /// U+FEFF, which a file may begin with (UTF-8 EF BB BF).
    static let byteOrderMark: Unicode.Scalar = "\u{FEFF}"

    public private(set) var columns: TraceColumns?
    public private(set) var lineNumber = 0
    public private(set) var rowCount = 0
    private var lastTime: Instant?

    public init() {}

    /// Feeds the next line (without its newline; a trailing `\r` is ignored, so CRLF files
    /// read as LF ones). Returns the sample for a data line, nil for the header, comments
    /// and blank lines.
    public mutating func feed(_ line: Substring) throws(TraceError) -> TraceRow? {
        lineNumber += 1
        guard let content = try content(of: line) else { return nil }
        let fields = content.split(separator: ",", omittingEmptySubsequences: false)
        guard let columns else {
            columns = try TraceColumns(header: fields, line: lineNumber)
            return nil
        }
        guard fields.count == columns.count else {
            throw TraceError(line: lineNumber, "expected \(columns.count) fields (\(columns.header)), found \(fields.count)")
        }
        func number(_ column: Int) throws(TraceError) -> Double {
            let field = trimmed(fields[columns.positions[column]!])
            guard let value = Double(field), value.isFinite else {
                throw TraceError(line: lineNumber, "column '\(TraceColumns.knownNames[column])': '\(field)' is not a number")
            }
            return value
        }
        let time = try time(seconds: try number(0))
        // Samples are Float: a finite Double beyond Float's range would become infinity.
        func float(_ column: Int) throws(TraceError) -> Float {
            let value = Float(try number(column))
            guard value.isFinite else {
                throw TraceError(
                    line: lineNumber, "column '\(TraceColumns.knownNames[column])': '\(trimmed(fields[columns.positions[column]!]))' is out of range")
            }
            return value
        }
        let acceleration = Vector3(x: try float(1), y: try float(2), z: try float(3))
        var rate: Vector3?
        if columns.hasGyro {
            rate = Vector3(x: try float(4), y: try float(5), z: try float(6))
        }
        var button: Bool?
        if columns.hasButton {
            let value = try number(7)
            guard value == 0 || value == 1 else {
                throw TraceError(line: lineNumber, "column 'button': '\(trimmed(fields[columns.positions[7]!]))' is not 0 or 1")
            }
            button = value == 1
        }
        rowCount += 1
        return TraceRow(time: time, accelerationG: acceleration, angularRateDPS: rate, buttonPressed: button)
    }

    /// The line's text without a byte-order mark, line ending and surrounding blanks, checked
    /// for length; nil for a blank line or a comment.
    private func content(of line: Substring) throws(TraceError) -> Substring? {
        var text = line
        // A spreadsheet's "CSV UTF-8" (and Windows Notepad) starts the file with a byte-order
        // mark (U+FEFF, bytes EF BB BF): it is not part of the first column's name.
        if lineNumber == 1, text.unicodeScalars.first == TraceParser.byteOrderMark {
            text = Substring(text.unicodeScalars.dropFirst())
        }
        if text.last == "\r" { text.removeLast() }
        guard text.utf8.count <= TraceParser.maximumLineBytes else {
            throw TraceError(line: lineNumber, "line longer than \(TraceParser.maximumLineBytes) bytes")
        }
        let content = trimmed(text)
        if content.isEmpty || content.first == "#" { return nil }
        return content
    }

    /// The row's `t` as an instant, checked: not negative, in range, not before the last row's.
    private mutating func time(seconds: Double) throws(TraceError) -> Instant {
        // t counts seconds from the start of the recording (docs/traces.md): a
        // negative time is not a sample `upright trace` can write.
        guard seconds >= 0 else {
            throw TraceError(line: lineNumber, "t = \(seconds) is negative")
        }
        guard seconds < TraceParser.maximumSeconds else {
            throw TraceError(line: lineNumber, "t = \(seconds) is out of range")
        }
        let time = Instant(nanoseconds: Int64((seconds * 1e9).rounded()))
        if let lastTime, time < lastTime {
            throw TraceError(line: lineNumber, "t goes backwards (\(seconds) after \(lastTime.seconds))")
        }
        lastTime = time
        return time
    }

    /// Call at the end of the input: an empty trace, or one without samples, is an error.
    public func finish() throws(TraceError) {
        if columns == nil { throw TraceError(line: max(1, lineNumber), "empty trace: no header line (t,ax,ay,az,...)") }
        if rowCount == 0 { throw TraceError(line: max(1, lineNumber), "no samples after the header") }
    }

    /// Parses a whole text (tests, small files).
    public static func parse(_ text: String) throws(TraceError) -> [TraceRow] {
        var parser = TraceParser()
        var rows: [TraceRow] = []
        // "\r\n" is one Character in Swift: split on both.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            if let row = try parser.feed(line) { rows.append(row) }
        }
        try parser.finish()
        return rows
    }
}
