import UprightHost

/// A plain-text table with aligned columns, for the run summary.
public struct TextTable {
    public enum Alignment: Sendable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    public private(set) var rows: [[String]] = []

    public init(headers: [String], alignments: [Alignment]) {
        self.headers = headers
        self.alignments = alignments
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// Lines indented by `indent` spaces, columns two spaces apart, no trailing spaces.
    public func lines(indent: Int = 2) -> [String] {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func render(_ cells: [String]) -> String {
            var parts: [String] = []
            for index in widths.indices {
                let cell = index < cells.count ? cells[index] : ""
                let alignment = index < alignments.count ? alignments[index] : .left
                parts.append(alignment == .right ? TextFormat.pad(cell, widths[index]) : TextFormat.padRight(cell, widths[index]))
            }
            var line = String(repeating: " ", count: indent) + parts.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
        return [render(headers)] + rows.map(render)
    }
}
