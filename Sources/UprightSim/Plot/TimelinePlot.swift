import UprightCore
import UprightHost

/// Draws a `RunRecording` as an SVG timeline a person can read at a glance: the true in-plane
/// angle and tilt over time, the detected orientation and the machine state as coloured
/// bands, the button, the captures with their latched orientation, and the faults.
///
/// Layout, top to bottom: title, legend, the angle chart (degrees), the `detected` band, the
/// `state` band, the `button` lane, the time axis (seconds). Each mark carries a `class`
/// (`capture`, `clip-start`, `fault`, `band-orientation`, ...) so tests and stylesheets can
/// find them.
public enum TimelinePlot {
    public static let width = 1200
    public static let height = 576

    static let left = 96.0
    static let right = 110.0
    /// Capture markers sit in their own strip above the chart, in up to three rows.
    static let captureStripTop = 88.0
    static let chartTop = 142.0
    static let chartBottom = 402.0
    /// Degrees of headroom above and below the outer grid lines, so curves clear the frame.
    static let headroomDegrees = 15.0
    static let orientationBand = (top: 416.0, height: 26.0)
    static let stateBand = (top: 450.0, height: 26.0)
    static let buttonLane = (top: 486.0, height: 18.0)
    static let axisY = 514.0

    public static func svg(_ recording: RunRecording) -> String {
        var svg = SVGBuilder(width: width, height: height)
        let duration = max(recording.durationSeconds, 0.001)
        let plotWidth = Double(width) - left - right
        func x(_ t: Double) -> Double { left + min(max(t, 0), duration) / duration * plotWidth }

        let (low, high) = valueRange(recording)
        let scaleLow = low - headroomDegrees
        let scaleHigh = high + headroomDegrees
        func y(_ degrees: Double) -> Double { chartBottom - (degrees - scaleLow) / (scaleHigh - scaleLow) * (chartBottom - chartTop) }

        svg.rect(x: 0, y: 0, width: Double(width), height: Double(height), fill: "#ffffff")
        svg.text(recording.title, x: left, y: 26, extra: "font-size=\"16\" font-weight=\"bold\" class=\"title\"")
        drawLegend(&svg)

        // Faults behind everything else in the chart.
        drawFaults(&svg, recording, x: x, duration: duration)
        drawGrid(&svg, low: low, high: high, x: x, y: y, duration: duration, plotWidth: plotWidth)

        // The true motion.
        svg.polyline(recording.poses.map { (x($0.timeSeconds), y($0.tiltDegrees)) }, stroke: PlotPalette.tilt, width: 1.6, extra: "class=\"tilt\"")
        svg.polyline(recording.poses.map { (x($0.timeSeconds), y($0.angleDegrees)) }, stroke: PlotPalette.angle, width: 1.8, extra: "class=\"angle\"")

        drawBands(&svg, recording, x: x, duration: duration)
        drawButton(&svg, recording, x: x, plotWidth: plotWidth)
        drawCaptures(&svg, recording, x: x)
        drawTimeAxis(&svg, duration: duration, x: x, plotWidth: plotWidth)
        return svg.finish()
    }

    /// Each fault as a shaded span (a line when under 2 px wide) with its label, in the lowest
    /// row it does not overlap an earlier one in (four rows, then the row that frees up first).
    static func drawFaults(_ svg: inout SVGBuilder, _ recording: RunRecording, x: (Double) -> Double, duration: Double) {
        var faultRowEnds = [Double](repeating: -Double.infinity, count: 4)
        for fault in recording.faults {
            let start = x(fault.startSeconds)
            let end = x(fault.endSeconds ?? duration)
            let tip = "<title>\(SVGBuilder.escape(fault.kind + (fault.detail.isEmpty ? "" : ": " + fault.detail)))</title>"
            if end - start >= 2 {
                svg.rect(
                    x: start, y: chartTop, width: end - start, height: buttonLane.top + buttonLane.height - chartTop, fill: PlotPalette.fault,
                    extra: "fill-opacity=\"0.12\" class=\"fault\"", title: tip)
            } else {
                svg.line(
                    x1: start, y1: chartTop, x2: start, y2: buttonLane.top + buttonLane.height, stroke: PlotPalette.fault, width: 1.5,
                    extra: "class=\"fault\"")
            }
            let label = "\u{26A0} " + fault.kind
            let row = faultRowEnds.firstIndex { $0 < start } ?? faultRowEnds.indices.min { faultRowEnds[$0] < faultRowEnds[$1] } ?? 0
            faultRowEnds[row] = start + 3 + LabelWidth.pixels(label, fontSize: 10) + 4
            svg.text(
                label, x: start + 3, y: chartBottom - 6 - Double(row) * 13,
                extra: "font-size=\"10\" fill=\"\(PlotPalette.fault)\" class=\"fault-label\"")
        }
    }

    /// The chart's grid: a line every 45 or 90 degrees with its label (and the pose an angle
    /// of a quarter turn means), the time grid, the axis label and the frame.
    static func drawGrid(
        _ svg: inout SVGBuilder, low: Double, high: Double, x: (Double) -> Double, y: (Double) -> Double, duration: Double, plotWidth: Double
    ) {
        let step: Double = high - low > 360 ? 90 : 45
        var grid = low
        while grid <= high + 0.001 {
            let gy = y(grid)
            svg.line(
                x1: left, y1: gy, x2: left + plotWidth, y2: gy, stroke: grid.truncatingRemainder(dividingBy: 90) == 0 ? "#c8c8c8" : PlotPalette.grid,
                extra: grid == 0 ? "stroke-dasharray=\"none\"" : "")
            svg.text("\(Int(grid))\u{B0}", x: left - 6, y: gy + 4, anchor: "end", extra: "fill=\"\(PlotPalette.axis)\"")
            if grid.truncatingRemainder(dividingBy: 90) == 0 {
                let quarter = ((Int(grid) / 90) % 4 + 4) % 4
                let name = [Orientation.normal, .leftUp, .bottomUp, .rightUp][quarter].description
                svg.text("angle " + name, x: left + plotWidth + 6, y: gy + 4, extra: "font-size=\"10\" fill=\"\(PlotPalette.angle)\"")
            }
            grid += step
        }
        let timeGrid = timeStep(duration)
        for index in 0...min(100, Int((duration / timeGrid).rounded(.down))) {
            let tx = x(Double(index) * timeGrid)
            svg.line(x1: tx, y1: chartTop, x2: tx, y2: chartBottom, stroke: PlotPalette.grid, width: 0.6)
        }
        svg.text(
            "degrees", x: 22, y: (chartTop + chartBottom) / 2, anchor: "middle",
            extra: "transform=\"rotate(-90 22 \(SVGBuilder.number((chartTop + chartBottom) / 2)))\" fill=\"\(PlotPalette.axis)\" class=\"axis-label\""
        )
        svg.rect(
            x: left, y: chartTop, width: plotWidth, height: chartBottom - chartTop, fill: "none",
            extra: "stroke=\"\(PlotPalette.axis)\" stroke-width=\"1\"")
    }

    /// The degree range: both curves and at least -90..90, widened to multiples of 90.
    static func valueRange(_ recording: RunRecording) -> (Double, Double) {
        var low = -90.0
        var high = 90.0
        for pose in recording.poses {
            low = min(low, pose.angleDegrees, pose.tiltDegrees)
            high = max(high, pose.angleDegrees, pose.tiltDegrees)
        }
        low = (low / 90).rounded(.down) * 90
        high = (high / 90).rounded(.up) * 90
        return (max(low, -3600), min(high, 3600))
    }

    static func drawLegend(_ svg: inout SVGBuilder) {
        var cursor = left
        func item(_ label: String, width: Double, swatch: (inout SVGBuilder, Double) -> Void) {
            swatch(&svg, cursor)
            svg.text(label, x: cursor + 22, y: 50, extra: "class=\"legend\"")
            cursor += width
        }
        item("in-plane angle (\u{B0}, + = clockwise)", width: 235) { svg, at in
            svg.line(x1: at, y1: 46, x2: at + 16, y2: 46, stroke: PlotPalette.angle, width: 2.5)
        }
        item("tilt (\u{B0}, + = lens up)", width: 160) { svg, at in
            svg.line(x1: at, y1: 46, x2: at + 16, y2: 46, stroke: PlotPalette.tilt, width: 2.5)
        }
        item("photo: latched orientation", width: 190) { svg, at in
            svg.raw(
                "<circle cx=\"\(SVGBuilder.number(at + 8))\" cy=\"46\" r=\"5\" fill=\"#ffffff\" stroke=\"\(PlotPalette.axis)\" stroke-width=\"1.5\"/>"
            )
        }
        item("clip start / stop", width: 135) { svg, at in
            svg.raw(
                "<path d=\"M \(SVGBuilder.number(at + 3)) 41 L \(SVGBuilder.number(at + 13)) 46 L \(SVGBuilder.number(at + 3)) 51 Z\" fill=\"\(PlotPalette.axis)\"/>"
            )
        }
        item("button down", width: 110) { svg, at in svg.rect(x: at, y: 41, width: 16, height: 10, fill: "#555555") }
        item("fault", width: 70) { svg, at in svg.rect(x: at, y: 40, width: 16, height: 12, fill: PlotPalette.fault, extra: "fill-opacity=\"0.3\"") }
        item("press rejected", width: 120) { svg, at in
            svg.text("\u{2715}", x: at + 8, y: 50, anchor: "middle", extra: "fill=\"\(PlotPalette.fault)\" font-size=\"12\"")
        }

        cursor = left
        svg.text("orientation:", x: cursor, y: 74, extra: "fill=\"\(PlotPalette.muted)\"")
        cursor += 76
        // Every colour a band can have, with its name: a band too narrow for its label is read here.
        for orientation in Orientation.allCases {
            svg.rect(
                x: cursor, y: 64, width: 14, height: 12, fill: PlotPalette.color(orientation),
                extra: "class=\"legend-swatch\" data-name=\"\(orientation.description)\"")
            svg.text(orientation.description, x: cursor + 18, y: 74, extra: "class=\"legend\"")
            cursor += 88
        }
        cursor += 14
        svg.text("state:", x: cursor, y: 74, extra: "fill=\"\(PlotPalette.muted)\"")
        cursor += 40
        for state in PlotPalette.states {
            svg.rect(
                x: cursor, y: 64, width: 14, height: 12, fill: PlotPalette.color(state: state),
                extra: "class=\"legend-swatch\" data-name=\"\(state)\"")
            svg.text(state, x: cursor + 18, y: 74, extra: "class=\"legend\"")
            cursor += 92
        }
    }

    static func drawBands(_ svg: inout SVGBuilder, _ recording: RunRecording, x: (Double) -> Double, duration: Double) {
        for (band, label) in [(orientationBand, "detected"), (stateBand, "state")] {
            svg.rect(x: left, y: band.top, width: x(duration) - left, height: band.height, fill: "#f4f4f4")
            svg.text(label, x: left - 6, y: band.top + band.height / 2 + 4, anchor: "end", extra: "fill=\"\(PlotPalette.axis)\"")
        }
        for (index, mark) in recording.orientations.enumerated() {
            let end = index + 1 < recording.orientations.count ? recording.orientations[index + 1].timeSeconds : duration
            segment(
                &svg, from: x(mark.timeSeconds), to: x(end), band: orientationBand, fill: PlotPalette.color(mark.orientation),
                label: mark.orientation.description, cssClass: "band-orientation", seconds: (mark.timeSeconds, end))
        }
        for (index, mark) in recording.states.enumerated() {
            let end = index + 1 < recording.states.count ? recording.states[index + 1].timeSeconds : duration
            segment(
                &svg, from: x(mark.timeSeconds), to: x(end), band: stateBand, fill: PlotPalette.color(state: mark.state), label: mark.state,
                cssClass: "band-state", seconds: (mark.timeSeconds, end))
        }
    }

    /// One band segment: its colour (in the legend with its name), its name inside it at the
    /// largest size that fits (11 px, else 9), and a tooltip with the name and times.
    static func segment(
        _ svg: inout SVGBuilder, from start: Double, to end: Double, band: (top: Double, height: Double), fill: String, label: String,
        cssClass: String, seconds: (Double, Double)
    ) {
        let tip = "\(label), \(TextFormat.fixed(seconds.0, decimals: 2)) s to \(TextFormat.fixed(seconds.1, decimals: 2)) s"
        svg.rect(
            x: start, y: band.top, width: end - start, height: band.height, fill: fill,
            extra: "stroke=\"#ffffff\" stroke-width=\"0.5\" class=\"\(cssClass)\" data-name=\"\(SVGBuilder.escape(label))\"",
            title: "<title>\(SVGBuilder.escape(tip))</title>")
        if let size = LabelWidth.fittingSize(label, width: end - start) {
            svg.text(
                label, x: (start + end) / 2, y: band.top + band.height / 2 + size * 0.36, anchor: "middle",
                extra: "font-size=\"\(Int(size))\" fill=\"#1a1a1a\" class=\"band-label\"")
        }
    }

    static func drawButton(_ svg: inout SVGBuilder, _ recording: RunRecording, x: (Double) -> Double, plotWidth: Double) {
        let top = buttonLane.top
        let bottom = buttonLane.top + buttonLane.height
        svg.text("button", x: left - 6, y: top + buttonLane.height / 2 + 4, anchor: "end", extra: "fill=\"\(PlotPalette.axis)\"")
        svg.line(x1: left, y1: bottom, x2: left + plotWidth, y2: bottom, stroke: "#999999")
        var pressedAt: Double?
        for mark in recording.buttons {
            if mark.pressed {
                pressedAt = mark.timeSeconds
            } else if let start = pressedAt {
                svg.rect(
                    x: x(start), y: top + 2, width: max(x(mark.timeSeconds) - x(start), 2), height: buttonLane.height - 2, fill: "#555555",
                    extra: "class=\"button-press\"")
                pressedAt = nil
            }
        }
        if let start = pressedAt {
            svg.rect(
                x: x(start), y: top + 2, width: max(x(recording.durationSeconds) - x(start), 2), height: buttonLane.height - 2, fill: "#555555",
                extra: "class=\"button-press\"")
        }
        for time in recording.rejections {
            svg.text("\u{2715}", x: x(time), y: top - 2, anchor: "middle", extra: "fill=\"\(PlotPalette.fault)\" font-size=\"12\" class=\"rejected\"")
        }
    }

    static func drawCaptures(_ svg: inout SVGBuilder, _ recording: RunRecording, x: (Double) -> Double) {
        let n = SVGBuilder.number
        svg.text("captures", x: left - 6, y: captureStripTop + 29, anchor: "end", extra: "fill=\"\(PlotPalette.axis)\"")
        var previousLabelEnd = -Double.infinity
        var row = 0
        for capture in recording.captures {
            let cx = x(capture.timeSeconds)
            let color = capture.orientation.map { PlotPalette.color($0.orientation) } ?? PlotPalette.unknown
            svg.line(
                x1: cx, y1: captureStripTop + 8, x2: cx, y2: buttonLane.top + buttonLane.height, stroke: "#444444", width: 1,
                extra: "stroke-dasharray=\"3 3\" stroke-opacity=\"0.7\"")
            let label: String
            switch capture.kind {
            case .photo:
                label = "#\(capture.number) \(capture.orientation.latchName)" + (capture.stale ? " (stale)" : "")
            case .clipStart:
                label = "clip \(capture.number) \(capture.orientation.latchName)"
            case .clipStop:
                label = "stop \(capture.number)"
            }
            // Alternate between three label rows when labels would overlap.
            let labelWidth = Double(label.count) * 6.2 + 16
            if cx - 8 < previousLabelEnd { row = (row + 1) % 3 } else { row = 0 }
            previousLabelEnd = max(previousLabelEnd, cx + labelWidth)
            let markY = captureStripTop + 8 + Double(row) * 17
            switch capture.kind {
            case .photo:
                svg.raw(
                    "<circle cx=\"\(n(cx))\" cy=\"\(n(markY))\" r=\"5.5\" fill=\"\(color)\" stroke=\"#222222\" stroke-width=\"1.2\" class=\"capture\"/>"
                )
            case .clipStart:
                svg.raw(
                    "<path d=\"M \(n(cx - 5)) \(n(markY - 6)) L \(n(cx + 6)) \(n(markY)) L \(n(cx - 5)) \(n(markY + 6)) Z\" fill=\"\(color)\" stroke=\"#222222\" stroke-width=\"1.2\" class=\"clip-start\"/>"
                )
            case .clipStop:
                svg.rect(
                    x: cx - 5, y: markY - 5, width: 10, height: 10, fill: color, extra: "stroke=\"#222222\" stroke-width=\"1.2\" class=\"clip-stop\"")
            }
            svg.text(
                label, x: cx + 8, y: markY + 4,
                extra: "font-size=\"11\" fill=\"#111111\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\"")
        }
    }

    /// A round tick spacing giving at most 15 ticks.
    static func timeStep(_ duration: Double) -> Double {
        let steps: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600]
        return steps.first { duration / $0 <= 15 } ?? 600
    }

    static func drawTimeAxis(_ svg: inout SVGBuilder, duration: Double, x: (Double) -> Double, plotWidth: Double) {
        svg.line(x1: left, y1: axisY, x2: left + plotWidth, y2: axisY, stroke: PlotPalette.axis)
        let step = timeStep(duration)
        var tick = 0.0
        var count = 0
        while tick <= duration + 1e-9, count < 100 {
            let tx = x(tick)
            svg.line(x1: tx, y1: axisY, x2: tx, y2: axisY + 5, stroke: PlotPalette.axis)
            svg.text(
                TextFormat.fixed(tick, decimals: step < 1 ? 1 : 0), x: tx, y: axisY + 18, anchor: "middle", extra: "fill=\"\(PlotPalette.axis)\"")
            count += 1
            tick = Double(count) * step
        }
        svg.text("time (s)", x: left + plotWidth / 2, y: axisY + 40, anchor: "middle", extra: "fill=\"\(PlotPalette.axis)\" class=\"axis-label\"")
    }
}
