import UprightCore

/// Builds one compact JSON object, fields in the order written: the NDJSON event stream and
/// journal lines are a contract, and byte-identical output for the same run needs a fixed
/// key order and a fixed number format.
public struct JSONWriter {
    public private(set) var text = "{"
    private var first = true

    public init() {}

    private mutating func key(_ name: String) {
        if !first { text += "," }
        first = false
        JSONWriter.appendQuoted(name, to: &text)
        text += ":"
    }

    public mutating func field(_ name: String, _ value: String) {
        key(name)
        JSONWriter.appendQuoted(value, to: &text)
    }

    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// A finite double in its shortest round-trip form; non-finite values become null.
    public mutating func field(_ name: String, _ value: Double) {
        key(name)
        text += value.isFinite ? formatNumber(value) : "null"
    }

    /// An instant as seconds with exactly six decimals (microseconds), e.g. `12.034500`.
    public mutating func field(_ name: String, seconds instant: Instant) {
        key(name)
        text += JSONWriter.formatSeconds(instant.nanoseconds)
    }

    /// Raw JSON text for a nested value the caller built (e.g. another writer's `finished`).
    public mutating func field(_ name: String, rawJSON: String) {
        key(name)
        text += rawJSON
    }

    /// The closed object.
    public var finished: String { text + "}" }

    public static func formatSeconds(_ nanoseconds: Int64) -> String {
        let negative = nanoseconds < 0
        let micro = (nanoseconds.magnitude + 500) / 1_000
        let whole = micro / 1_000_000
        let fraction = String(micro % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        return (negative ? "-" : "") + String(whole) + "." + padded
    }

    public static func appendQuoted(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    public static func quoted(_ value: String) -> String {
        var text = ""
        appendQuoted(value, to: &text)
        return text
    }
}
