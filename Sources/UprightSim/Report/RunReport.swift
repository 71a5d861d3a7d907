import UprightCore
import UprightHost

/// The text `upright sim` prints for a finished run, in order: the seed (first, so any run
/// can be reproduced), the timeline, the summary, and the expectation results.
public enum RunReport {
    public static func lines(
        scenarioName: String, seed: UInt64, events: [TimedEvent], expectations: [ExpectationResult], origin: Instant = .zero
    ) -> [String] {
        var lines = ["seed \(seed) (rerun with --seed \(seed))", "scenario \(scenarioName)", ""]
        lines += TimelineFormatter.lines(events, origin: origin)
        lines.append("")
        lines += RunSummary.lines(events, origin: origin)
        if !expectations.isEmpty {
            lines.append("")
            let failed = expectations.filter { !$0.passed }.count
            lines.append(failed == 0 ? "expectations: all \(expectations.count) met" : "expectations: \(failed) of \(expectations.count) not met")
            lines += expectations.map { "  " + $0.line }
        }
        return lines
    }

    /// True when every expectation was met (`sim` exits 1 otherwise).
    public static func allMet(_ expectations: [ExpectationResult]) -> Bool {
        expectations.allSatisfy(\.passed)
    }
}
