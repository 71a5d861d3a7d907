import Testing
import UprightCore
import UprightHost
import UprightSim

@Suite struct ExpectationCheckTests {
    @Test func demoExpectationsPassOnACorrectRun() throws {
        let results = try DemoScenario.load().expectations.check(DemoEvents.events)
        #expect(results.count == 13)
        #expect(results.filter { !$0.passed }.isEmpty)
        #expect(
            results.map(\.line).prefix(5) == [
                "ok    captures = 7", "ok    clips = 1", "ok    orientation changes = 8", "ok    rejections = 0", "ok    final state idle",
            ])
        #expect(results[5].line == "ok    capture 1 latched normal")
    }

    /// A latch expected `unknown` (no upright orientation decided when the photo was ordered)
    /// matches only a photo latched so, and a default `normal` does not pass for it.
    @Test func anUnknownLatchIsExpectedByName() throws {
        let scenario = try ScenarioLoader.parse(
            #"{"duration": 1, "motion": [{"t": 0, "angle": 0}], "expect": {"latched": [{"capture": 1, "orientation": "unknown"}]}}"#,
            file: "u.json")
        #expect(scenario.expectations.latches == [.init(target: .capture(1), orientation: nil)])
        let unknown = [DemoEvents.at(0.1, .capture(shot: 1, orientation: nil, stale: false, file: nil))]
        #expect(scenario.expectations.check(unknown).map(\.line) == ["ok    capture 1 latched unknown"])
        let normal = [DemoEvents.at(0.1, .capture(shot: 1, orientation: .normal, stale: false, file: nil))]
        #expect(scenario.expectations.check(normal).map(\.line) == ["FAIL  capture 1 latched unknown (got normal)"])
    }

    @Test func failuresSayWhatHappened() {
        let expectations = ScenarioExpectations(
            captures: 2, orientationChanges: 0, finalState: "previewing",
            latches: [.init(target: .capture(1), orientation: .leftUp), .init(target: .clip(1), orientation: .normal)])
        let events = [
            DemoEvents.at(1, .orientation(.rightUp)),
            DemoEvents.at(2, .capture(shot: 1, orientation: .rightUp, stale: false, file: nil)),
            DemoEvents.at(3, .state(from: "previewing", to: "idle")),
        ]
        #expect(
            expectations.check(events).map(\.line) == [
                "FAIL  captures = 2 (got 1)",
                "FAIL  orientation changes = 0 (got 1)",
                "FAIL  final state previewing (got idle)",
                "FAIL  capture 1 latched left-up (got right-up)",
                "FAIL  clip 1 latched normal (got no clip 1)",
            ])
    }
}
