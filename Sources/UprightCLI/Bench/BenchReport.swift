import UprightHost

/// The figures of one `upright bench` run, printed as a table or one JSON object.
public struct BenchReport {
    public var machine: String
    public var figures: [BenchFigure] = []
    /// Nested JSON objects for figures that are tables (wire bytes per mode, orientation).
    public var sections: [(key: String, json: String, table: String)] = []

    public init(machine: String) { self.machine = machine }

    public var json: String {
        var writer = JSONWriter()
        writer.field("machine", machine)
        for figure in figures {
            writer.field(figure.key, figure.median)
        }
        var spread = JSONWriter()
        for figure in figures where figure.runs > 1 {
            var entry = JSONWriter()
            entry.field("median", figure.median)
            entry.field("min", figure.minimum)
            entry.field("max", figure.maximum)
            entry.field("runs", figure.runs)
            entry.field("p25", figure.lowerQuartile)
            entry.field("p75", figure.upperQuartile)
            spread.field(figure.key, rawJSON: entry.finished)
        }
        writer.field("spread", rawJSON: spread.finished)
        // Why a figure is null (e.g. a command not available in this build), when any is.
        if figures.contains(where: { $0.note != nil }) {
            var notes = JSONWriter()
            for figure in figures {
                if let note = figure.note { notes.field(figure.key, note) }
            }
            writer.field("notes", rawJSON: notes.finished)
        }
        for section in sections {
            writer.field(section.key, rawJSON: section.json)
        }
        return writer.finished
    }

    public var table: String {
        var text = "upright bench on \(machine)\n\n"
        let header = ["figure", "median", "p25", "p75", "min", "max", "unit", "target"]
        var rows: [[String]] = []
        for figure in figures {
            var target = ""
            switch figure.target {
            case .atLeast(let goal)?: target = ">= \(Self.format(goal))"
            case .atMost(let goal)?: target = "<= \(Self.format(goal))"
            case nil: break
            }
            for part in [figure.verdict, figure.note ?? ""] where !part.isEmpty {
                target += (target.isEmpty ? "" : " ") + part
            }
            rows.append([
                figure.key, Self.format(figure.median), Self.format(figure.lowerQuartile), Self.format(figure.upperQuartile),
                Self.format(figure.minimum), Self.format(figure.maximum), figure.unit, target,
            ])
        }
        text += Self.render([header] + rows)
        for section in sections {
            text += "\n\(section.key)\n\(section.table)"
        }
        return text
    }

    /// Aligns columns; numbers right-aligned.
    public static func render(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: first.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() where index < widths.count {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                let numeric = cell.first.map { $0.isNumber || $0 == "-" } ?? false
                line += (index == 0 || !numeric ? cell + pad : pad + cell)
                if index < row.count - 1 { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    /// Three significant figures for large and small numbers alike, no exponent below 1e15.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let magnitude = abs(value)
        if magnitude >= 1000 || (magnitude.rounded() == magnitude) {
            return formatGrouped(Int64(value.rounded()))
        }
        var digits = 2
        var probe = magnitude
        while probe < 1, digits < 9 {
            probe *= 10
            digits += 1
        }
        let scale = pow10(digits)
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }

    private static func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= 10 }
        return result
    }

    private static func formatGrouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "_" }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }
}
