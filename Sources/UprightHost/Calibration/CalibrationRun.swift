import UprightCore

/// Runs a `CalibrationSession` on a `SensorFeed`: samples and shutter presses in time order,
/// each event's lines printed as it happens, until the session is over, the feed ends or
/// `limit` has passed.
public enum CalibrationRun {
    public enum Outcome: Equatable, Sendable {
        case finished(CalibrationResult)
        case failed(CalibrationError)
        /// The feed ended (a signal, the scenario's end, `limit`) before the last pose: the
        /// readings that stood, of the poses planned then.
        case stopped(posesTaken: Int, of: Int)
        /// The feed failed: its reason.
        case feedFailed(String)
    }

    public static func run<Feed: SensorFeed>(
        _ session: inout CalibrationSession, feed: Feed, limit: TimeSpan, print: (String) -> Void
    ) -> Outcome {
        let end = feed.now + limit
        var samples: [Sample] = []
        var edges: [ShutterEdge] = []
        func show(_ events: [CalibrationSession.Event], _ session: CalibrationSession) -> Outcome? {
            var outcome: Outcome?
            for event in events {
                for line in CalibrationText.line(event, session: session) { print(line) }
                if case .finished(let result) = event { outcome = .finished(result) }
                if case .failed(let error) = event { outcome = .failed(error) }
            }
            return outcome
        }
        _ = show(session.begin(at: feed.now), session)
        // Bounded by `end`: each pass waits for the feed's next read.
        while feed.now < end {
            samples.removeAll(keepingCapacity: true)
            edges.removeAll(keepingCapacity: true)
            guard feed.next(until: end, samples: &samples, edges: &edges) else { break }
            var edgeIndex = 0
            for sample in samples {
                while edgeIndex < edges.count, edges[edgeIndex].time <= sample.time {
                    if edges[edgeIndex].down, let outcome = show(session.shutterPressed(at: edges[edgeIndex].time), session) { return outcome }
                    edgeIndex += 1
                }
                if let outcome = show(session.add(sample), session) { return outcome }
            }
            for edge in edges[edgeIndex...] where edge.down {
                if let outcome = show(session.shutterPressed(at: edge.time), session) { return outcome }
            }
        }
        if let failure = feed.failure { return .feedFailed(failure) }
        return .stopped(posesTaken: session.readings.count, of: session.neededCount)
    }
}
