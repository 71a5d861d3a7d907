import UprightCore
import UprightHost
import UprightSim

/// The scenario corpus (UprightSim/Corpus) as trace files: what the chips replay against
/// `upright replay`. Every scenario of the standard corpus whose input fits the firmware's
/// input region; the rest are named, never silently left out.
enum CorpusExport {
    /// One scenario's trace text (the format `upright trace` writes) and whether it fits.
    struct Trace {
        var name: String
        var text: String
        var inputBytes: Int
    }

    static func traces(_ scenarios: [CorpusScenario] = Corpus.standard) -> [Trace] {
        scenarios.map { scenario in
            let rows = scenario.rows()
            let writer = TraceWriter(gyro: scenario.hasGyro, button: true)
            var text = writer.header(comments: ["corpus scenario \(scenario.name) (UprightSim/Corpus), \(Int(scenario.rateHz)) Hz"]) + "\n"
            for row in rows { text += writer.line(row) + "\n" }
            let bytes = InputWriter.trace(rows, hasGyro: scenario.hasGyro, hasButton: true).count
            return Trace(name: scenario.name, text: text, inputBytes: bytes)
        }
    }
}
