import UprightCore

/// Writes the trace format (docs/traces.md): what `upright trace` records and
/// `upright replay` reads. `t` with six decimals (microseconds), values in Float's shortest
/// round-trip form, so reading a written trace gives back the same samples.
public struct TraceWriter: Sendable {
    public let columns: TraceColumns

    public init(gyro: Bool, button: Bool) {
        columns = TraceColumns(gyro: gyro, button: button)
    }

    /// The header line (no newline), optionally preceded by `#` comment lines.
    public func header(comments: [String] = []) -> String {
        (comments.map { "# " + $0 + "\n" }.joined()) + columns.header
    }

    /// One data line (no newline). A missing gyro reading or button level writes 0.
    public func line(_ row: TraceRow, origin: Instant = .zero) -> String {
        var fields = [JSONWriter.formatSeconds((row.time - origin).nanoseconds)]
        let a = row.accelerationG
        fields += [a.x, a.y, a.z].map { String(describing: $0) }
        if columns.hasGyro {
            let g = row.angularRateDPS ?? .zero
            fields += [g.x, g.y, g.z].map { String(describing: $0) }
        }
        if columns.hasButton { fields.append(row.buttonPressed == true ? "1" : "0") }
        return fields.joined(separator: ",")
    }
}
