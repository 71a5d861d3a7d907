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
        // The detector's initial `normal` from 0 s, then the seven changes.
        #expect(recording.orientations.count == 8)
        #expect(recording.orientations.first == RunRecording.OrientationMark(timeSeconds: 0, orientation: .normal))
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
