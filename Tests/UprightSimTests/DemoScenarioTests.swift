import Testing
import UprightCore
import UprightHost
import UprightSim
#if canImport(Glibc)
import Glibc
#endif

/// The repository root, from this file's path (Tests/UprightSimTests/ThisFile.swift).
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

    @Test func demoIsAboutAMinuteWithEveryPoseAndExpectations() throws {
        let demo = try DemoScenario.load()
        #expect(demo.durationSeconds == 60)
        #expect(demo.board == "boards/sim.json")
        #expect(demo.expectations.captures == 7)
        #expect(demo.expectations.clips == 1)
        #expect(demo.expectations.latches.count == 8)
        #expect(demo.disturbances.contains { if case .shake = $0 { true } else { false } })
        // The clip's keyframes turn the camera to left-up while it records (26 s .. 32 s).
        var generator = SeededGenerator(seed: 1)
        let motion = ScenarioMotion(scenario: demo, generator: &generator)
        #expect(motion.pose(atSeconds: 27).angleDegrees == 360)
        #expect(motion.pose(atSeconds: 30).angleDegrees == 450)
        // The flat photo at 37 s is taken lens-down.
        #expect(motion.pose(atSeconds: 37).tiltDegrees == -90)
        // The photo near 45 degrees at 19 s.
        #expect(motion.pose(atSeconds: 19).angleDegrees == 403)
    }

    static let examples = [
        "scenarios/examples/portrait-and-landscape.json", "scenarios/examples/shake-vibration-drop.json",
        "scenarios/examples/faults.json", "scenarios/examples/clip-and-bounce.json",
    ]

    @Test(arguments: examples)
    func exampleLoads(path: String) throws {
        let scenario = try ScenarioLoader.load(path: repositoryPath(path))
        #expect(!scenario.expectations.isEmpty)
        #expect(!scenario.summary.isEmpty)
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
