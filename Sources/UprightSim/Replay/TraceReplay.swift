import UprightCore
import UprightHost

/// Runs trace rows through the detector and the camera (today the stand-in, later the real
/// state machine), producing the event stream (DESIGN.md "Event stream"). Pure: no I/O, so
/// the CLI decides how to buffer and the tests compare exact events.
public struct TraceReplay: Sendable {
    public private(set) var detector: OrientationDetector
    public private(set) var camera: StandInCamera

    public init(parameters: DetectorParameters = DetectorParameters(), start: StandInCamera.State = .previewing) {
        detector = OrientationDetector(parameters: parameters)
        camera = StandInCamera(start: start)
    }

    /// Feeds one row; appends the events it caused, in order.
    public mutating func feed(_ row: TraceRow, into events: inout [TimedEvent]) {
        // The button edge latches what was stable before this sample.
        let latch = detector.lastUpright
        if let change = detector.update(row.sample) {
            events.append(TimedEvent(time: row.time, record: .orientation(change)))
        }
        if let level = row.buttonPressed {
            camera.button(level, at: row.time, lastUpright: latch, into: &events)
        }
    }
}
