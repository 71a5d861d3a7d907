import Testing
import UprightCore
import UprightSim

@Suite struct CorpusTests {
    static let names = Corpus.standard.map(\.name)

    static func scenario(_ name: String) throws -> CorpusScenario {
        try #require(Corpus.standard.first { $0.name == name })
    }

    /// Every press latches what the scenario expects, no change beyond the deliberate ones,
    /// and every deliberate turn is reported within 300 ms of its stop (the flick time: a
    /// 0.1 s snap turn waits out most of it; the median is below, `medianLatency...`).
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
            #expect(latency <= 0.3, "changes: \(outcome.changes)")
        }
    }

    /// The median latency after a real turn (power-on reports left out) is at most 200 ms.
    @Test func medianLatencyAfterATurnIsAtMost200Milliseconds() throws {
        var latencies: [Double] = []
        for scenario in Corpus.standard {
            var detector = OrientationDetector()
            let outcome = CorpusEvaluation.run(scenario, &detector)
            for (turn, latency) in zip(scenario.turns, outcome.latenciesSeconds) where turn.stopSeconds > 0 {
                latencies.append(try #require(latency, "\(scenario.name)"))
            }
        }
        latencies.sort()
        #expect(latencies.count >= 25)
        #expect(latencies[latencies.count / 2] <= 0.2, "\(latencies)")
    }

    /// The held flicks stop and stay still at their far end: a detector that waits only for
    /// stillness (no flick time) reports them, so these scenarios test the flick rule.
    @Test(arguments: names.filter { $0.hasPrefix("held-flicks") })
    func heldFlicksFoolStillnessAlone(name: String) throws {
        let scenario = try Self.scenario(name)
        var detector = OrientationDetector(parameters: DetectorParameters(flickTime: .zero))
        #expect(CorpusEvaluation.run(scenario, &detector).spuriousChanges > 0)
    }

    @Test func naiveBaselineFailsTheCorpus() throws {
        let (naive, _) = CorpusSummary.score(Corpus.standard) { NaiveClassifier() }
        let (upright, _) = CorpusSummary.score(Corpus.standard) { OrientationDetector() }
        print(CorpusSummary.table([("upright", upright), ("naive", naive)]))
        #expect(naive.spuriousChanges > 100)
        #expect(naive.correctLatches < naive.presses)
        #expect(upright.correctLatches == upright.presses)
        #expect(upright.spuriousChanges == 0)
        #expect(upright.missedTurns == 0)
        #expect(try #require(upright.medianLatencySeconds) <= 0.2)
    }
}
