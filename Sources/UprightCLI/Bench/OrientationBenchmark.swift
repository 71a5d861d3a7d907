import UprightCore
import UprightHost
import UprightSim

/// Upright's detector against the naive larger-axis classifier over the standard corpus:
/// correct latches, presses, spurious changes, missed turns, median and maximum latency.
/// Deterministic (seeded scenarios), so scored once.
enum OrientationBenchmark {
    static func report() -> (key: String, json: String, table: String) {
        let scenarios = Corpus.standard
        let upright = CorpusSummary.score(scenarios) { OrientationDetector() }.0
        let naive = CorpusSummary.score(scenarios) { NaiveClassifier() }.0
        var json = JSONWriter()
        json.field("upright", rawJSON: object(upright))
        json.field("naive", rawJSON: object(naive))
        json.field("scenarios", scenarios.count)
        return ("orientation", json.finished, CorpusSummary.table([("upright", upright), ("naive", naive)]))
    }

    static func object(_ summary: CorpusSummary) -> String {
        var json = JSONWriter()
        json.field("correct_latches", summary.correctLatches)
        json.field("presses", summary.presses)
        json.field("spurious_changes", summary.spuriousChanges)
        json.field("missed_turns", summary.missedTurns)
        json.field("median_latency_s", summary.medianLatencySeconds ?? .nan)
        json.field("max_latency_s", summary.maximumLatencySeconds ?? .nan)
        return json.finished
    }
}
