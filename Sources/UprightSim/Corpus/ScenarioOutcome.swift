import UprightCore
import UprightHost

/// How a classifier did on one scenario.
public struct ScenarioOutcome: Sendable {
    public var name: String
    /// What each press latched, in press order.
    public var latches: [UprightOrientation?]
    public var correctLatches: Int
    /// Every change reported, with its time.
    public var changes: [(seconds: Double, orientation: Orientation)]
    /// Changes that are not the first report of an expected turn.
    public var spuriousChanges: Int
    /// Per expected turn: seconds from the motion's stop to the report (0 when reported before
    /// the motion stopped), nil when never reported.
    public var latenciesSeconds: [Double?]
    /// Per expected turn, whether it is the report of the pose at power-on (a turn that stops
    /// at 0) rather than a turn of the camera.
    public var isPowerOn: [Bool] = []

    public var missedTurns: Int { latenciesSeconds.filter { $0 == nil }.count }
}

/// Runs a scenario through a classifier and scores it.
public enum CorpusEvaluation {
    /// How long after a turn's stop its report still counts as that turn's.
    public static let reportWindowSeconds = 1.0

    public static func run<C: OrientationClassifier>(_ scenario: CorpusScenario, _ classifier: inout C) -> ScenarioOutcome {
        run(scenario, rows: scenario.rows(), &classifier)
    }

    public static func run<C: OrientationClassifier>(_ scenario: CorpusScenario, rows: [TraceRow], _ classifier: inout C) -> ScenarioOutcome {
        var latches: [UprightOrientation?] = []
        var changes: [(seconds: Double, orientation: Orientation)] = []
        var pressIndex = 0
        for row in rows {
            // A press latches what was stable before the sample at or after it.
            while pressIndex < scenario.presses.count && scenario.presses[pressIndex].seconds < row.time.seconds {
                latches.append(classifier.lastUpright)
                pressIndex += 1
            }
            if let change = classifier.update(row.sample) {
                changes.append((row.time.seconds, change))
            }
        }
        while pressIndex < scenario.presses.count {
            latches.append(classifier.lastUpright)
            pressIndex += 1
        }
        let correct = zip(latches, scenario.presses).filter { $0.0 == $0.1.expected }.count

        var explained = Set<Int>()
        var latencies: [Double?] = []
        for turn in scenario.turns {
            let match = changes.indices.first { index in
                !explained.contains(index) && changes[index].orientation == turn.expected
                    && changes[index].seconds >= turn.startSeconds
                    && changes[index].seconds <= turn.stopSeconds + reportWindowSeconds
            }
            if let match {
                explained.insert(match)
                latencies.append(max(0, changes[match].seconds - turn.stopSeconds))
            } else {
                latencies.append(nil)
            }
        }
        return ScenarioOutcome(
            name: scenario.name, latches: latches, correctLatches: correct, changes: changes,
            spuriousChanges: changes.count - explained.count, latenciesSeconds: latencies, isPowerOn: scenario.turns.map { $0.stopSeconds <= 0 })
    }
}
