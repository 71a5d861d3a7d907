import UprightHost

/// Minimal SVG text building: elements appended to a string, numbers with one decimal,
/// text escaped. Deterministic output (no float formatting from the platform).
struct SVGBuilder {
    private(set) var text = ""

    init(width: Int, height: Int) {
        text.reserveCapacity(64 * 1024)
        text +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
    }

    static func number(_ value: Double) -> String { TextFormat.fixed(value, decimals: 1) }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    mutating func raw(_ line: String) { text += line + "\n" }

    /// A rectangle; `title` (an escaped `<title>` element) is its tooltip in a browser.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, extra: String = "", title: String = "") {
        let n = SVGBuilder.number
        let attributes =
            "x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(width, 0)))\" height=\"\(n(max(height, 0)))\" fill=\"\(fill)\"\(extra.isEmpty ? "" : " " + extra)"
        raw(title.isEmpty ? "<rect \(attributes)/>" : "<rect \(attributes)>\(title)</rect>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, extra: String = "") {
        let n = SVGBuilder.number
        raw(
            "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(extra.isEmpty ? "" : " " + extra)/>"
        )
    }

    mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start", extra: String = "") {
        let n = SVGBuilder.number
        raw("<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\"\(extra.isEmpty ? "" : " " + extra)>\(SVGBuilder.escape(content))</text>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double, extra: String = "") {
        guard !points.isEmpty else { return }
        var list = ""
        list.reserveCapacity(points.count * 12)
        for (index, point) in points.enumerated() {
            if index > 0 { list += " " }
            list += SVGBuilder.number(point.0) + "," + SVGBuilder.number(point.1)
        }
        raw(
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(SVGBuilder.number(width))\" stroke-linejoin=\"round\"\(extra.isEmpty ? "" : " " + extra)/>"
        )
    }

    mutating func finish() -> String {
        text += "</svg>\n"
        return text
    }
}
