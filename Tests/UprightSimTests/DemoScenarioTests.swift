import Testing
import UprightCore
import UprightHost
import UprightSim
#if canImport(Glibc)
import Glibc
#endif

/// The repository root, from this file's path (Tests/UprightSimTests/DemoScenarioTests.swift).
func repositoryPath(_ relative: String) -> String {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/" + relative
}

func readText(_ path: String) -> String? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, handle)
        bytes.append(contentsOf: chunk[0..<count])
        if count < chunk.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite struct DemoScenarioTests {
    /// The binary carries the demo; if this fails, run `scenarios/embed-demo.sh`.
    @Test func embeddedDemoEqualsTheFile() throws {
        let file = try #require(readText(repositoryPath("scenarios/demo.json")))
        #expect(DemoScenario.json + "\n" == file)
    }

    /// The binary carries the simulated board too; if this fails, run `scenarios/embed-demo.sh`.
    @Test func embeddedBoardEqualsTheFile() throws {
        let file = try #require(readText(repositoryPath("boards/sim.json")))
        #expect(SimBoardFile.json + "\n" == file)
        let board = try SimBoardFile.load()
        #expect(board.sensor.rateHz == 1000)
        #expect(board.machine.idleTimeoutSeconds == 20)
    }

    /// What the README promises of the demo, from its motion rather than its own counts: about
    /// a minute, every upright pose visited and photographed, the clip latched, a flat pose
    /// and a pose near a 45-degree boundary among them.
    @Test func demoIsAboutAMinuteWithEveryPoseAndExpectations() throws {
        let demo = try DemoScenario.load()
        #expect((45...90).contains(demo.durationSeconds))
        var generator = SeededGenerator(seed: 1)
        let motion = ScenarioMotion(scenario: demo, generator: &generator)
        var quadrants = Set<Int>()
        var flat = false
        var nearBoundary = false
        for tenth in 0...(Int(demo.durationSeconds) * 10) {
            let pose = motion.pose(atSeconds: Double(tenth) / 10)
            if abs(pose.tiltDegrees) >= 80 {
                flat = true
                continue
            }
            let angle = (pose.angleDegrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            quadrants.insert(Int((angle / 90).rounded()) % 4)
            let offBoundary = abs(angle.truncatingRemainder(dividingBy: 90) - 45)
            if offBoundary < 5 { nearBoundary = true }
        }
        #expect(quadrants == [0, 1, 2, 3])
        #expect(flat)
        #expect(nearBoundary)
        let latched = Set(demo.expectations.latches.map(\.orientation))
        #expect(latched == [.normal, .leftUp, .bottomUp, .rightUp])
        #expect(demo.expectations.latches.contains { if case .clip = $0.target { true } else { false } })
        #expect(demo.expectations.captures == demo.expectations.latches.filter { if case .capture = $0.target { true } else { false } }.count)
    }

    static let examples = [
        "scenarios/examples/portrait-and-landscape.json", "scenarios/examples/shake-vibration-drop.json",
        "scenarios/examples/faults.json", "scenarios/examples/clip-and-bounce.json", "scenarios/examples/press-at-power-on.json",
    ]

    /// The list above is every example there is (each also runs and meets its expectations in
    /// `SimulationTests.scenarioMeetsItsExpectations`), so the feature check below sees them all.
    @Test func theExamplesAreEveryFileInTheExamplesFolder() {
        #expect(Set(scenarioFiles(under: "scenarios/examples")) == Set(Self.examples))
    }

    /// Between them the examples and the demo use every feature of the format.
    @Test func examplesCoverEveryFeature() throws {
        var scenarios = [try DemoScenario.load()]
        for path in Self.examples { scenarios.append(try ScenarioLoader.load(path: repositoryPath(path))) }
        let easings = Set(scenarios.flatMap { $0.keyframes.map(\.easing.rawValue) })
        #expect(easings == ["linear", "ease-in-out", "step"])
        let disturbances = Set(scenarios.flatMap { $0.disturbances.map(\.typeName) })
        #expect(disturbances == ["shake", "vibration", "drop"])
        let faults = Set(scenarios.flatMap { $0.faults.map(\.typeName) })
        #expect(faults == ["bus-errors", "chip-reset", "unplug", "stuck"])
        let actions = Set(scenarios.flatMap { $0.button.actions.map(\.kind.rawValue) })
        #expect(actions == ["press", "release", "hold"])
        #expect(scenarios.contains { $0.button.bounceSeconds > 0 })
        #expect(scenarios.contains { $0.sensor.accelerationNoiseG > 0 && $0.sensor.angularRateNoiseDPS > 0 })
        #expect(scenarios.contains { $0.expectations.finalState != nil && $0.expectations.rejections != nil })
        #expect(scenarios.contains { s in s.expectations.latches.contains { if case .clip = $0.target { true } else { false } } })
    }
}
