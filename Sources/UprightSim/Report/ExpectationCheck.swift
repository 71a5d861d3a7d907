import UprightCore
import UprightHost

extension ScenarioExpectations {
    /// Checks the run's event stream against the expectations, in a fixed order: counts,
    /// final state, then each latch as written in the file.
    public func check(_ events: [TimedEvent]) -> [ExpectationResult] {
        var captures: [UprightOrientation?] = []
        var clips: [UprightOrientation?] = []
        var changes = 0
        var rejections = 0
        var lastState: String?
        for event in events {
            switch event.record {
            case .capture(_, let orientation, _, _, _, _): captures.append(orientation)
            case .recordStart(_, let orientation, _, _): clips.append(orientation)
            case .orientation: changes += 1
            case .shutterRejected: rejections += 1
            case .state(_, let to): lastState = to
            default: break
            }
        }
        var results: [ExpectationResult] = []
        func count(_ name: String, _ expected: Int?, _ actual: Int) {
            guard let expected else { return }
            results.append(ExpectationResult(expected: "\(name) = \(expected)", actual: String(actual), passed: expected == actual))
        }
        count("captures", self.captures, captures.count)
        count("clips", self.clips, clips.count)
        count("orientation changes", orientationChanges, changes)
        count("rejections", self.rejections, rejections)
        if let finalState {
            results.append(
                ExpectationResult(expected: "final state \(finalState)", actual: lastState ?? "no state change", passed: lastState == finalState))
        }
        for latch in latches {
            let (noun, number, list) =
                switch latch.target {
                case .capture(let number): ("capture", number, captures)
                case .clip(let number): ("clip", number, clips)
                }
            let expected = "\(noun) \(number) latched \(latch.orientation.latchName)"
            if number <= list.count {
                let actual = list[number - 1]
                results.append(ExpectationResult(expected: expected, actual: actual.latchName, passed: actual == latch.orientation))
            } else {
                results.append(ExpectationResult(expected: expected, actual: "no \(noun) \(number)", passed: false))
            }
        }
        return results
    }
}
