import UprightCore
import UprightHost

/// A finished simulated run: the event stream (the `--json` lines), the plot's recording,
/// the sampling statistics, the checked expectations, and the camera as the run left it.
public struct SimulationResult<C: Camera> {
    public var events: [TimedEvent]
    public var recording: RunRecording
    public var stats: SimulationStats
    public var expectations: [ExpectationResult]
    public var camera: C
    /// The machine's state at the end of the run.
    public var finalState: StateName
    /// The journal written, when the run had an output directory.
    public var journalPath: String?
    public var journalErrors: [FileError]
    /// What a board's recording light (`led`) did over the run.
    public var light: RecordingLightTimeline

    public var allExpectationsMet: Bool { expectations.allSatisfy(\.passed) }

    /// The NDJSON event stream, one line per event (no trailing newlines).
    public var jsonLines: [String] { events.map { $0.jsonLine() } }
}
