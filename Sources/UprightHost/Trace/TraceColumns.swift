/// Which columns a trace has and where (docs/traces.md, **contract**): `t`, `ax`,
/// `ay`, `az` required; `gx`, `gy`, `gz` together or not at all; `button` optional. The order
/// follows the header; unknown or repeated names are refused, so a typo never silently
/// drops a column.
public struct TraceColumns: Equatable, Sendable {
    public static let knownNames = ["t", "ax", "ay", "az", "gx", "gy", "gz", "button"]

    /// Field index of each known column (in `knownNames` order), nil when absent.
    var positions: [Int?]
    /// Number of fields every row must have.
    public let count: Int

    public var hasGyro: Bool { positions[4] != nil }
    public var hasButton: Bool { positions[7] != nil }

    /// The canonical header `upright trace` writes.
    public init(gyro: Bool, button: Bool) {
        var names = ["t", "ax", "ay", "az"]
        if gyro { names += ["gx", "gy", "gz"] }
        if button { names.append("button") }
        positions = TraceColumns.knownNames.map { names.firstIndex(of: $0) }
        count = names.count
    }

    /// Parses a header line (fields separated by commas, spaces around names ignored).
    public init(header fields: [Substring], line: Int) throws(TraceError) {
        var positions: [Int?] = Array(repeating: nil, count: TraceColumns.knownNames.count)
        for (index, raw) in fields.enumerated() {
            let name = trimmed(raw)
            guard let known = TraceColumns.knownNames.firstIndex(where: { $0 == name }) else {
                throw TraceError(line: line, "unknown column '\(name)' (expected t, ax, ay, az, optional gx, gy, gz, button)")
            }
            guard positions[known] == nil else { throw TraceError(line: line, "column '\(name)' appears twice") }
            positions[known] = index
        }
        for required in 0..<4 where positions[required] == nil {
            throw TraceError(line: line, "missing column '\(TraceColumns.knownNames[required])'")
        }
        let gyro = positions[4...6].filter { $0 != nil }.count
        if gyro != 0 && gyro != 3 { throw TraceError(line: line, "gyro columns gx, gy, gz must appear together") }
        self.positions = positions
        self.count = fields.count
    }

    /// The header line, without newline, in canonical order.
    public var header: String {
        TraceColumns.knownNames.indices.filter { positions[$0] != nil }
            .sorted { positions[$0]! < positions[$1]! }
            .map { TraceColumns.knownNames[$0] }
            .joined(separator: ",")
    }
}

/// `text` without leading and trailing spaces and tabs.
func trimmed(_ text: Substring) -> Substring {
    var result = text
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
}
