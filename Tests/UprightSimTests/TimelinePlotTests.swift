import Testing
import UprightCore
import UprightHost
import UprightSim
#if canImport(Glibc)
import Glibc
#endif

@Suite struct TimelinePlotTests {
    static func demoRecording() throws -> RunRecording {
        let demo = try DemoScenario.load()
        var generator = SeededGenerator(seed: 1)
        let motion = ScenarioMotion(scenario: demo, generator: &generator)
        return RunRecording(scenario: demo, motion: motion, events: DemoEvents.events, title: "upright sim: built-in demo (seed 1)")
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }

    @Test func recordingFromTheDemo() throws {
        let recording = try Self.demoRecording()
        #expect(recording.poses.count == 3001) // every 20 ms over 60 s, both ends
        // The detector's first decision, `normal` (from 0.181 s: before it, no band), then the
        // seven changes.
        #expect(recording.orientations.count == 8)
        #expect(recording.orientations.first == RunRecording.OrientationMark(timeSeconds: 0.181, orientation: .normal))
        #expect(recording.states.first == RunRecording.StateMark(timeSeconds: 0, state: "idle"))
        #expect(
            recording.captures.filter { $0.kind == .photo }.map(\.orientation) == [.normal, .leftUp, .bottomUp, .rightUp, .normal, .normal, .leftUp])
        #expect(recording.buttons.count == 18)
        // The scheduled bus-error window and the fault the firmware reported, closed by its recovery.
        #expect(
            recording.faults == [
                RunRecording.FaultMark(startSeconds: 41, endSeconds: 42, kind: "injected bus-errors", detail: ""),
                RunRecording.FaultMark(startSeconds: 41.3, endSeconds: 41.32, kind: "bus", detail: "no acknowledge"),
            ])
    }

    @Test func svgHasEveryElement() throws {
        let svg = TimelinePlot.svg(try Self.demoRecording())
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"576\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("upright sim: built-in demo (seed 1)"))
        #expect(svg.contains(">time (s)</text>"))
        #expect(svg.contains(">degrees</text>"))
        #expect(Self.count("class=\"angle\"", in: svg) == 1)
        #expect(Self.count("class=\"tilt\"", in: svg) == 1)
        #expect(Self.count("class=\"capture\"", in: svg) == 7)
        #expect(Self.count("class=\"clip-start\"", in: svg) == 1)
        #expect(Self.count("class=\"clip-stop\"", in: svg) == 1)
        #expect(Self.count("class=\"band-orientation\"", in: svg) == 8)
        #expect(Self.count("class=\"band-state\"", in: svg) == 19)
        #expect(Self.count("class=\"button-press\"", in: svg) == 9)
        #expect(Self.count("class=\"fault\"", in: svg) == 2)
        #expect(svg.contains(">#2 left-up</text>"))
        #expect(svg.contains(">clip 1 normal</text>"))
        // Legend: both curves, all six orientations, all four states.
        for name in [
            "in-plane angle", "tilt (", "normal", "left-up", "right-up", "bottom-up", "lens-down", "lens-up", "idle", "previewing", "capturing",
            "recording",
        ] {
            #expect(svg.contains(name), "legend lacks \(name)")
        }
        // Time ticks every 5 s up to 60.
        #expect(svg.contains(">55</text>") && svg.contains(">60</text>"))
        if let directory = getenv("UPRIGHT_PLOT_DIR") {
            let path = String(cString: directory) + "/demo.svg"
            if let handle = fopen(path, "wb") {
                _ = fputs(svg, handle)
                fclose(handle)
            }
        }
    }

    /// The lines of `svg` (one element a line) that carry `cssClass`.
    static func elements(_ svg: String, class cssClass: String) -> [Substring] {
        svg.split(separator: "\n").filter { $0.contains("class=\"\(cssClass)\"") }
    }

    /// The value of `name="..."` in an element's line.
    static func attribute(_ name: String, in element: Substring) -> String? {
        guard let start = element.range(of: " \(name)=\"") else { return nil }
        return String(element[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The band labels drawn inside the band that starts at `x` and is `width` wide.
    static func labels(_ svg: String, band: Substring) -> [String] {
        guard let x = Self.attribute("x", in: band).flatMap(Double.init), let width = Self.attribute("width", in: band).flatMap(Double.init),
            let y = Self.attribute("y", in: band).flatMap(Double.init)
        else { return [] }
        return Self.elements(svg, class: "band-label").compactMap { label in
            guard let lx = Self.attribute("x", in: label).flatMap(Double.init), let ly = Self.attribute("y", in: label).flatMap(Double.init),
                lx > x, lx < x + width, ly > y, ly < y + 26
            else { return nil }
            return label.split(separator: ">").last.map { String($0.prefix { $0 != "<" }) }
        }
    }

    /// Every band of both rows is named: its colour is the legend's swatch of its name, and the
    /// legend has one colour per name in each row. In the demo every orientation band also
    /// carries its name inside it (bottom-up's, 58 px wide, at 9 px).
    @Test func everyBandIsInTheLegendAndTheDemosOrientationsAreLabelled() throws {
        let svg = TimelinePlot.svg(try Self.demoRecording())
        var legend: [String: String] = [:]
        for swatch in Self.elements(svg, class: "legend-swatch") {
            legend[try #require(Self.attribute("data-name", in: swatch))] = Self.attribute("fill", in: swatch)
        }
        let orientations = Orientation.allCases.map(\.description)
        let states = ["idle", "previewing", "capturing", "recording"]
        #expect(Set(legend.keys) == Set(orientations + states))
        #expect(Set(orientations.map { legend[$0] }).count == 6 && Set(states.map { legend[$0] }).count == 4)
        let orientationBands = Self.elements(svg, class: "band-orientation")
        #expect(orientationBands.count == 8)
        for band in orientationBands + Self.elements(svg, class: "band-state") {
            let name = try #require(Self.attribute("data-name", in: band))
            #expect(legend[name] != nil && legend[name] == Self.attribute("fill", in: band), "band \(name) is not in the legend: \(band)")
        }
        for band in orientationBands {
            #expect(Self.labels(svg, band: band) == [Self.attribute("data-name", in: band)], "\(band)")
        }
        #expect(svg.contains(">bottom-up</text>") && svg.contains("font-size=\"9\" fill=\"#1a1a1a\" class=\"band-label\">bottom-up</text>"))
        #expect(svg.contains("<title>bottom-up, 8.20 s to 11.70 s</title></rect>"))
    }

    /// Every orientation for 0.2 s, then each for 6 s: the short bands carry no label (none fits
    /// in 10 px) but the legend's colour and a tooltip; the long ones their names at 11 px.
    @Test func narrowBandsAreNamedByTheLegendAndTheirTooltip() throws {
        var recording = RunRecording(title: "every orientation", durationSeconds: 37.2)
        for (index, orientation) in Orientation.allCases.enumerated() {
            recording.orientations.append(RunRecording.OrientationMark(timeSeconds: Double(index) * 0.2, orientation: orientation))
            recording.orientations.append(RunRecording.OrientationMark(timeSeconds: 1.2 + Double(index) * 6, orientation: orientation))
        }
        recording.orientations.sort { $0.timeSeconds < $1.timeSeconds }
        let svg = TimelinePlot.svg(recording)
        let bands = Self.elements(svg, class: "band-orientation")
        #expect(bands.count == 12)
        for (index, band) in bands.enumerated() {
            let name = Orientation.allCases[index % 6].description
            #expect(Self.attribute("data-name", in: band) == name)
            #expect(Self.labels(svg, band: band) == (index < 6 ? [] : [name]), "\(band)")
            let swatch = Self.elements(svg, class: "legend-swatch").first { Self.attribute("data-name", in: $0) == name }
            #expect(swatch.flatMap { Self.attribute("fill", in: $0) } == Self.attribute("fill", in: band))
        }
        #expect(svg.contains("data-name=\"lens-up\"><title>lens-up, 1.00 s to 1.20 s</title></rect>"))
    }

    /// Fault labels that would overlap go to rows of their own.
    @Test func faultLabelsDoNotOverlap() {
        var recording = RunRecording(title: "faults", durationSeconds: 60)
        for (index, kind) in ["injected bus-errors", "sensor", "bound", "sensor-reset"].enumerated() {
            recording.faults.append(RunRecording.FaultMark(startSeconds: 41 + Double(index) * 0.3, endSeconds: 42, kind: kind, detail: "why"))
        }
        let labels = Self.elements(TimelinePlot.svg(recording), class: "fault-label")
        #expect(labels.compactMap { Self.attribute("y", in: $0) } == ["396.0", "383.0", "370.0", "357.0"])
    }

    @Test func sameInputSameBytes() throws {
        #expect(TimelinePlot.svg(try Self.demoRecording()) == TimelinePlot.svg(try Self.demoRecording()))
    }

    @Test func textIsEscaped() {
        var recording = RunRecording(title: "a < b & \"c\"", durationSeconds: 1)
        recording.faults.append(RunRecording.FaultMark(startSeconds: 0.5, endSeconds: 0.5, kind: "x<y", detail: ""))
        let svg = TimelinePlot.svg(recording)
        #expect(svg.contains(">a &lt; b &amp; &quot;c&quot;</text>"))
        #expect(svg.contains("x&lt;y"))
        #expect(!svg.contains("x<y"))
    }
}
