import UprightCore

/// Totals over a corpus for one classifier: what `make bench` and the tests report.
public struct CorpusSummary: Sendable {
    public var presses = 0
    public var correctLatches = 0
    public var spuriousChanges = 0
    public var missedTurns = 0
    /// Latencies of the reported turns, sorted, in seconds.
    public var latenciesSeconds: [Double] = []
    /// The same after a turn of the camera only (the power-on reports left out), sorted.
    public var turnLatenciesSeconds: [Double] = []

    public init(_ outcomes: [ScenarioOutcome], pressesPerScenario: [Int]) {
        for (outcome, presses) in zip(outcomes, pressesPerScenario) {
            self.presses += presses
            correctLatches += outcome.correctLatches
            spuriousChanges += outcome.spuriousChanges
            missedTurns += outcome.missedTurns
            latenciesSeconds += outcome.latenciesSeconds.compactMap { $0 }
            turnLatenciesSeconds += zip(outcome.latenciesSeconds, outcome.isPowerOn).compactMap { $1 ? nil : $0 }
        }
        latenciesSeconds.sort()
        turnLatenciesSeconds.sort()
    }

    public var medianLatencySeconds: Double? {
        latenciesSeconds.isEmpty ? nil : latenciesSeconds[latenciesSeconds.count / 2]
    }

    public var maximumLatencySeconds: Double? { latenciesSeconds.last }

    /// The median latency after a turn of the camera (the power-on reports left out).
    public var medianTurnLatencySeconds: Double? {
        turnLatenciesSeconds.isEmpty ? nil : turnLatenciesSeconds[turnLatenciesSeconds.count / 2]
    }

    /// Scores `make` (a fresh classifier per scenario) over `scenarios`.
    public static func score<C: OrientationClassifier>(_ scenarios: [CorpusScenario], _ make: () -> C) -> (CorpusSummary, [ScenarioOutcome]) {
        var outcomes: [ScenarioOutcome] = []
        for scenario in scenarios {
            var classifier = make()
            outcomes.append(CorpusEvaluation.run(scenario, &classifier))
        }
        return (CorpusSummary(outcomes, pressesPerScenario: scenarios.map(\.presses.count)), outcomes)
    }

    /// A plain-text comparison table, one row per classifier.
    public static func table(_ rows: [(name: String, summary: CorpusSummary)]) -> String {
        func ms(_ seconds: Double?) -> String { seconds.map { String(Int(($0 * 1000).rounded())) + " ms" } ?? "-" }
        let nameWidth = max(12, (rows.map(\.name.count).max() ?? 0) + 2)
        var text =
            "classifier" + String(repeating: " ", count: nameWidth - 10)
            + "correct latches  spurious changes  missed turns  median latency  after a turn  max latency\n"
        for row in rows {
            let s = row.summary
            let cells = [
                row.name, "\(s.correctLatches)/\(s.presses)", String(s.spuriousChanges), String(s.missedTurns),
                ms(s.medianLatencySeconds), ms(s.medianTurnLatencySeconds), ms(s.maximumLatencySeconds),
            ]
            let widths = [nameWidth, 17, 18, 14, 16, 14, 11]
            text += zip(cells, widths).map { cell, width in cell + String(repeating: " ", count: max(1, width - cell.count)) }.joined() + "\n"
        }
        return text
    }
}
