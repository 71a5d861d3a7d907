import Testing
import UprightCore
import UprightSim

@Suite struct CorpusTests {
    static let names = Corpus.standard.map(\.name)

    static func scenario(_ name: String) throws -> CorpusScenario {
        try #require(Corpus.standard.first { $0.name == name })
    }

    /// Every press latches what the scenario expects, no change beyond the deliberate ones,
    /// and every deliberate turn is reported within 200 ms of its stop.
    @Test(arguments: names)
    func detectorMeetsScenario(name: String) throws {
        let scenario = try Self.scenario(name)
        var detector = OrientationDetector()
        let outcome = CorpusEvaluation.run(scenario, &detector)
        #expect(outcome.latches == scenario.presses.map(\.expected), "changes: \(outcome.changes)")
        #expect(outcome.changes.count == scenario.turns.count, "changes: \(outcome.changes)")
        #expect(outcome.spuriousChanges == 0, "changes: \(outcome.changes)")
        #expect(outcome.missedTurns == 0, "changes: \(outcome.changes)")
        for latency in outcome.latenciesSeconds.compactMap({ $0 }) {
            #expect(latency <= 0.2, "changes: \(outcome.changes)")
        }
    }

    @Test func naiveBaselineFailsTheCorpus() {
        let (naive, _) = CorpusSummary.score(Corpus.standard) { NaiveClassifier() }
        let (upright, _) = CorpusSummary.score(Corpus.standard) { OrientationDetector() }
        print(CorpusSummary.table([("upright", upright), ("naive", naive)]))
        #expect(naive.spuriousChanges > 100)
        #expect(naive.correctLatches < naive.presses)
        #expect(upright.correctLatches == upright.presses)
        #expect(upright.spuriousChanges == 0)
    }
}
