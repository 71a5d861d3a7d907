/// Fixed-point number text without Foundation's `String(format:)`, identical on every
/// platform, so timelines and plots are byte-for-byte reproducible.
public enum TextFormat {
    /// `value` rounded to `decimals` places: `fixed(1.25, decimals: 1)` is `1.3` (half away
    /// from zero), `fixed(-0.04, decimals: 1)` is `0.0`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return String(value) }
        let units = Int64(scaled)
        let factor = Int64(scale)
        let whole = units / factor
        var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(units % factor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Right-aligns `text` in `width` columns.
    public static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// Left-aligns `text` in `width` columns.
    public static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
