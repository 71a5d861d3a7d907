import UprightCore

/// How `upright watch` draws a `WatchSnapshot`: on a terminal the whole view redrawn in place
/// (ANSI: cursor home, each line cleared to its end), otherwise plain lines, one when something
/// shown changes (the orientation, the latch, the state, a capture or fault) or a second has
/// passed, so a log stays short.
public struct WatchView {
    public let title: String
    public let terminal: Bool
    private var lastPlain: (seconds: Double, discrete: [String])?

    /// Hides the cursor and clears the screen, before the first frame on a terminal.
    public static let enter = "\u{1B}[?25l\u{1B}[2J"
    /// Shows the cursor again, after the last frame.
    public static let leave = "\u{1B}[?25h"

    public init(title: String, terminal: Bool) {
        self.title = title
        self.terminal = terminal
    }

    /// The text to write for `snapshot`, or nil when the plain view has nothing new (`last`:
    /// the final frame, always written).
    public mutating func frame(_ snapshot: WatchSnapshot, last final: Bool = false) -> String? {
        if terminal {
            return "\u{1B}[H" + Self.lines(snapshot, title: title).map { $0 + "\u{1B}[K\n" }.joined() + "\u{1B}[J"
        }
        let discrete = snapshot.discrete
        if !final, let last = lastPlain, last.discrete == discrete, snapshot.seconds - last.seconds < 1 { return nil }
        lastPlain = (snapshot.seconds, discrete)
        return Self.plainLine(snapshot) + "\n"
    }

    public static func lines(_ s: WatchSnapshot, title: String) -> [String] {
        var lines = [title + "   t " + fixed(s.seconds, 1) + " s"]
        if let g = s.gravityG {
            lines.append(
                "gravity   x " + signed(g.x) + "  y " + signed(g.y) + "  z " + signed(g.z) + " g   |g| " + fixed(Double(g.magnitude), 3) + " g")
        } else {
            lines.append("gravity   (no samples yet)")
        }
        if let offset = s.gyroOffsetDPS {
            lines.append(
                "gyro      fused; zero-rate offset x " + signed(Double(offset.x), 2) + "  y " + signed(Double(offset.y), 2) + "  z "
                    + signed(Double(offset.z), 2) + " dps, learnt at rest")
        }
        lines.append(
            "tilt      " + (s.tiltDegrees.map { signed($0, 1) } ?? "-") + " degrees (lens up +)   in-plane angle "
                + (s.angleDegrees.map { signed($0, 1) } ?? "-") + " degrees (clockwise +)")
        lines.append("detected  " + pressLine(s) + (s.stale ? ", stale: the sensor is at fault" : ""))
        lines.append("state     \(String(describing: s.state.name))")
        lines.append("recent    " + (s.recent.first ?? "no presses yet"))
        for line in s.recent.dropFirst() { lines.append("          " + line) }
        var sensor = "sensor    " + (s.samplesPerSecond.map { fixed($0, 0) + " samples/s" } ?? "measuring the sample rate")
        if let reads = s.reads { sensor += ", \(reads) reads" }
        if let failed = s.failedReads { sensor += ", \(failed) failed" }
        if let bus = s.busErrors { sensor += "; bus \(bus) failed transfers" }
        lines.append(sensor)
        if let light = s.light { lines.append("light     " + (light ? "on" : "off")) }
        lines.append("q or Ctrl-C to stop")
        return lines
    }

    /// One line: `t=12.30 g=+0.012,+0.998,-0.031 tilt=-1.8 angle=+0.7 detected=normal latch=normal state=previewing ...`.
    public static func plainLine(_ s: WatchSnapshot) -> String {
        var fields = ["t=" + fixed(s.seconds, 2)]
        if let g = s.gravityG { fields.append("g=" + signed(g.x) + "," + signed(g.y) + "," + signed(g.z)) }
        if let o = s.gyroOffsetDPS {
            fields.append("gyro-offset=" + signed(Double(o.x), 2) + "," + signed(Double(o.y), 2) + "," + signed(Double(o.z), 2))
        }
        if let tilt = s.tiltDegrees { fields.append("tilt=" + signed(tilt, 1)) }
        if let angle = s.angleDegrees { fields.append("angle=" + signed(angle, 1)) }
        fields += [
            "detected=" + (s.orientation.map(\.description) ?? "deciding"), "latch=" + s.latchText + (s.stale ? "(stale)" : ""),
            "state=\(String(describing: s.state.name))",
        ]
        if let rate = s.samplesPerSecond { fields.append("rate=" + fixed(rate, 0)) }
        if let failed = s.failedReads { fields.append("failed=\(failed)") }
        if let bus = s.busErrors { fields.append("bus-errors=\(bus)") }
        if let light = s.light { fields.append("light=" + (light ? "on" : "off")) }
        if let recent = s.recent.first { fields.append("last=\"\(recent)\"") }
        return fields.joined(separator: " ")
    }

    /// The detector's decision and what a press would latch now.
    static func pressLine(_ s: WatchSnapshot) -> String {
        guard let orientation = s.orientation else { return "(deciding)   a press now waits for the first decision" }
        guard let latch = s.latch else { return "\(orientation)   a press now latches unknown (no EXIF Orientation)" }
        return "\(orientation)   a press now latches \(latch) (EXIF \(latch.exifValue))"
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String { TextFormat.fixed(value, decimals: decimals) }

    static func signed(_ value: Float) -> String { signed(Double(value), 3) }

    static func signed(_ value: Double, _ decimals: Int) -> String {
        let text = fixed(value, decimals)
        return text.hasPrefix("-") ? text : "+" + text
    }
}
