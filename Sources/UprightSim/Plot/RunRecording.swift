import UprightCore
import UprightHost

/// What the timeline plot draws: a run reduced to plain marks in seconds. Built from the
/// event stream (`add`), the true motion (`samplePoses`), the button script and the fault
/// schedule, so it needs nothing from the runtime beyond the `TimedEvent`s it emits.
public struct RunRecording: Equatable, Sendable {
    public struct PoseSample: Equatable, Sendable {
        public var timeSeconds: Double
        public var angleDegrees: Double
        public var tiltDegrees: Double
        public init(timeSeconds: Double, angleDegrees: Double, tiltDegrees: Double) {
            self.timeSeconds = timeSeconds
            self.angleDegrees = angleDegrees
            self.tiltDegrees = tiltDegrees
        }
    }

    /// The detector's stable orientation from `timeSeconds` on.
    public struct OrientationMark: Equatable, Sendable {
        public var timeSeconds: Double
        public var orientation: Orientation
        public init(timeSeconds: Double, orientation: Orientation) {
            self.timeSeconds = timeSeconds
            self.orientation = orientation
        }
    }

    /// The machine's state from `timeSeconds` on.
    public struct StateMark: Equatable, Sendable {
        public var timeSeconds: Double
        public var state: String
        public init(timeSeconds: Double, state: String) {
            self.timeSeconds = timeSeconds
            self.state = state
        }
    }

    public struct ButtonMark: Equatable, Sendable {
        public var timeSeconds: Double
        public var pressed: Bool
        public init(timeSeconds: Double, pressed: Bool) {
            self.timeSeconds = timeSeconds
            self.pressed = pressed
        }
    }

    public struct CaptureMark: Equatable, Sendable {
        public enum Kind: String, Equatable, Sendable {
            case photo
            case clipStart = "clip-start"
            case clipStop = "clip-stop"
        }
        public var timeSeconds: Double
        public var kind: Kind
        /// Shot or clip number.
        public var number: Int
        /// nil: `unknown`.
        public var orientation: UprightOrientation?
        public var stale: Bool
        public init(timeSeconds: Double, kind: Kind, number: Int, orientation: UprightOrientation?, stale: Bool = false) {
            self.timeSeconds = timeSeconds
            self.kind = kind
            self.number = number
            self.orientation = orientation
            self.stale = stale
        }
    }

    /// A fault over a window (`endSeconds == startSeconds` for an instant one, nil while it
    /// lasted to the end of the run).
    public struct FaultMark: Equatable, Sendable {
        public var startSeconds: Double
        public var endSeconds: Double?
        public var kind: String
        public var detail: String
        public init(startSeconds: Double, endSeconds: Double?, kind: String, detail: String) {
            self.startSeconds = startSeconds
            self.endSeconds = endSeconds
            self.kind = kind
            self.detail = detail
        }
    }

    public var title: String
    public var durationSeconds: Double
    public var poses: [PoseSample] = []
    public var orientations: [OrientationMark] = []
    public var states: [StateMark] = []
    public var buttons: [ButtonMark] = []
    public var captures: [CaptureMark] = []
    public var faults: [FaultMark] = []
    /// Rejected shutter presses, for a small marker.
    public var rejections: [Double] = []

    public init(title: String, durationSeconds: Double) {
        self.title = title
        self.durationSeconds = durationSeconds
    }

    /// The most pose samples taken, whatever the interval asked: a limit on the plot's size.
    public static let maximumPoseSamples = 20_000

    /// Samples the true pose every `intervalSeconds` (at least duration / maximumPoseSamples).
    public mutating func samplePoses(_ motion: ScenarioMotion, intervalSeconds: Double = 0.02) {
        let interval = max(intervalSeconds, durationSeconds / Double(RunRecording.maximumPoseSamples))
        let count = Int((durationSeconds / interval).rounded(.down))
        poses.reserveCapacity(count + 2)
        for index in 0...count {
            let t = Double(index) * interval
            let pose = motion.pose(atSeconds: t)
            poses.append(PoseSample(timeSeconds: t, angleDegrees: pose.angleDegrees, tiltDegrees: pose.tiltDegrees))
        }
        if let last = poses.last, last.timeSeconds < durationSeconds {
            let pose = motion.pose(atSeconds: durationSeconds)
            poses.append(PoseSample(timeSeconds: durationSeconds, angleDegrees: pose.angleDegrees, tiltDegrees: pose.tiltDegrees))
        }
    }

    /// The clean button edges of the script (bounce is not worth drawing).
    public mutating func addButton(_ script: ButtonScript) {
        for edge in script.cleanEdges {
            buttons.append(ButtonMark(timeSeconds: edge.time.seconds, pressed: edge.pressed))
        }
    }

    /// The scheduled faults, as windows (the event stream adds what the firmware noticed).
    public mutating func addScheduledFaults(_ specs: [FaultSpec]) {
        for spec in specs {
            let end = spec.endSeconds.isFinite ? spec.endSeconds : nil
            faults.append(FaultMark(startSeconds: spec.startSeconds, endSeconds: end, kind: "injected \(spec.typeName)", detail: ""))
        }
    }

    /// Adds one event of the stream; `origin` is the run's start.
    public mutating func add(_ event: TimedEvent, origin: Instant = .zero) {
        let t = (event.time - origin).seconds
        switch event.record {
        case .orientation(let orientation):
            // Two reports at one instant: the later one holds.
            if let last = orientations.last, last.timeSeconds == t { orientations.removeLast() }
            orientations.append(OrientationMark(timeSeconds: t, orientation: orientation))
        case .state(let from, let to):
            if states.isEmpty { states.append(StateMark(timeSeconds: 0, state: from)) }
            states.append(StateMark(timeSeconds: t, state: to))
        case .capture(let shot, let orientation, let stale, _, _, _):
            captures.append(CaptureMark(timeSeconds: t, kind: .photo, number: shot, orientation: orientation, stale: stale))
        case .recordStart(let clip, let orientation, let stale, _):
            captures.append(CaptureMark(timeSeconds: t, kind: .clipStart, number: clip, orientation: orientation, stale: stale))
        case .recordStop(let clip, let orientation, _, _, _):
            captures.append(CaptureMark(timeSeconds: t, kind: .clipStop, number: clip, orientation: orientation))
        case .fault(let kind, let detail):
            faults.append(FaultMark(startSeconds: t, endSeconds: nil, kind: kind, detail: detail))
        case .bound(let bound, let lost, let waited):
            // A one-off: it ends where it starts.
            faults.append(
                FaultMark(
                    startSeconds: t, endSeconds: t, kind: "bound", detail: EventRecord.boundDetail(bound: bound, lost: lost, waitedSeconds: waited)))
        case .recovered(let kind, _):
            if let open = faults.lastIndex(where: { $0.kind == kind && $0.endSeconds == nil }) {
                faults[open].endSeconds = t
            }
        case .shutterRejected:
            rejections.append(t)
        case .captureFailed, .recordFailed, .fileRecovered, .fileMissing, .rotationOwed, .rotationWritten:
            break
        }
    }

    public mutating func add(_ events: [TimedEvent], origin: Instant = .zero) {
        for event in events { add(event, origin: origin) }
    }

    /// A recording of a scenario run: the true poses, the button script, the fault schedule
    /// and the events the firmware emitted.
    public init(scenario: Scenario, motion: ScenarioMotion, events: [TimedEvent], title: String, origin: Instant = .zero) {
        self.init(title: title, durationSeconds: scenario.durationSeconds)
        // A simulated board boots in `idle`; the stream reports only changes of state, so
        // without this the band would start at the first change. The detector starts
        // undecided: its band starts at its first decision (before it, none is drawn).
        states = [StateMark(timeSeconds: 0, state: "idle")]
        samplePoses(motion)
        addButton(scenario.button)
        addScheduledFaults(scenario.faults)
        add(events, origin: origin)
    }
}
