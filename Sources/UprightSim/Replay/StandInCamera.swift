import UprightCore
import UprightHost

/// STAND-IN, to be replaced when the camera state machine and shutter gesture recogniser land
/// (their own issue). It does only what `upright replay` needs until then: debounces the
/// button column (level held for `debounce`) and turns each press into a photo latched with
/// the detector's `lastUpright` at the press edge. No hold-to-record, no capture queue, no
/// camera timing: the capture completes at once.
public struct StandInCamera: Sendable {
    public enum State: String, Sendable {
        case idle, previewing, capturing
    }

    /// DESIGN.md "Shutter gestures": debounce 30 ms.
    public static let debounce = TimeSpan.milliseconds(30)

    public private(set) var state: State
    private var pressed = false
    private var pendingLevel: Bool?
    private var pendingSince = Instant.zero
    private var latchedAtEdge = UprightOrientation.normal
    private var shots = 0

    public init(start: State = .previewing) {
        state = start
    }

    /// Feeds the button level seen with a sample; `lastUpright` is the detector's value after
    /// the previous sample (the orientation stable at this edge). Appends what happened.
    public mutating func button(_ level: Bool, at time: Instant, lastUpright: UprightOrientation, into events: inout [TimedEvent]) {
        // A level seen at one sample holds until the next (sample and hold): at 15 Hz a
        // 100 ms press may show in a single row and still has lasted longer than the debounce.
        if let pending = pendingLevel, time - pendingSince >= StandInCamera.debounce {
            pendingLevel = nil
            pressed = pending
            if pending { press(at: time, into: &events) }
        }
        if level == pressed {
            pendingLevel = nil
        } else if pendingLevel != level {
            pendingLevel = level
            pendingSince = time
            if level { latchedAtEdge = lastUpright }
        }
    }

    private mutating func press(at time: Instant, into events: inout [TimedEvent]) {
        guard state == .previewing else {
            events.append(TimedEvent(time: time, record: .shutterRejected(reason: state.rawValue)))
            return
        }
        shots += 1
        events.append(TimedEvent(time: time, record: .state(from: "previewing", to: "capturing")))
        events.append(TimedEvent(time: time, record: .capture(shot: shots, orientation: latchedAtEdge, stale: false, file: nil)))
        events.append(TimedEvent(time: time, record: .state(from: "capturing", to: "previewing")))
    }
}
