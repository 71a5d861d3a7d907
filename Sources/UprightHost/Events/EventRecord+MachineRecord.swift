import UprightCore

// The core reports with typed `MachineRecord`s; this turns them into contract lines.

extension EventRecord {
    /// The contract record for `record`; `file` is what the camera wrote.
    public init(_ record: MachineRecord, file: String? = nil) {
        switch record {
        case .orientation(let pose):
            self = .orientation(pose)
        case .state(let from, let to):
            self = .state(from: String(describing: from.name), to: String(describing: to.name))
        case .capture(let shot, let orientation, let stale, let lag, let wait):
            self = .capture(
                shot: Int(shot), orientation: orientation, stale: stale, file: file,
                lagSeconds: lag.map { Double($0) / 1000 }, waitSeconds: Double(wait) / 1000)
        case .captureFailed(let shot, let reason):
            self = .captureFailed(shot: Int(shot), reason: reason.text)
        case .recordStart(let clip, let orientation, let stale):
            self = .recordStart(clip: Int(clip), orientation: orientation, stale: stale, file: file)
        case .recordStop(let clip, let orientation, let reason, let duration):
            self = .recordStop(clip: Int(clip), orientation: orientation, durationSeconds: Double(duration) / 1000, reason: reason.text, file: file)
        case .recordFailed(let clip, let reason):
            self = .recordFailed(clip: Int(clip), reason: reason.text)
        case .shutterRejected(let reason):
            self = .shutterRejected(reason: reason.text)
        case .fault(let kind):
            self = .fault(kind: kind.text, detail: kind.faultDetail)
        case .recovered(let kind):
            self = .recovered(kind: kind.text, detail: kind.recoveryDetail)
        case .bound(let kind, let lost, let waited):
            self = .bound(bound: kind.text, lost: Int(lost), waitedSeconds: Double(waited) / 1000)
        }
    }

    /// The `detail` of a `bound` fault line: what was reached and what it cost.
    public static func boundDetail(bound: String, lost: Int, waitedSeconds: Double = 0) -> String {
        let what: String
        switch bound {
        case "shutter-edges": what = "the shutter's edge buffer overflowed (edges lost before the firmware read them)"
        case "sample-ring": what = "the sample ring overwrote samples the engine had not taken"
        case "sensor-events": what = "the sensor-event ring was full"
        case "chip-fifo": what = "the chip's FIFO overflowed before it was read"
        case "late-samples": what = "samples came after the engine had stopped waiting for them"
        case "late-input": what = "an input was older than the firmware's time (a defect); handled late"
        case "gestures": what = "the gesture recogniser overflowed (a defect)"
        case "commands": what = "a transition gave more commands than its bound (a defect)"
        case "journal-queue": what = "the journal's queue was full: the firmware waited for the card"
        case "camera-files": what = "the queue of photos and clips to finish was full: the camera held them for the card"
        case "loop": what = "a loop reached its bound (a defect); the rest waits for the next step"
        default: what = "a bound was reached"
        }
        let waited = waitedSeconds > 0 ? what + " for " + String(waitedSeconds) + " s" : what
        return lost > 0 ? waited + "; " + String(lost) + " lost" : waited
    }
}

extension BoundKind {
    /// The `bound` value of a `bound` fault line (**contract**, docs/events.md).
    public var text: String {
        switch self {
        case .shutterEdges: "shutter-edges"
        case .sampleRing: "sample-ring"
        case .sensorEvents: "sensor-events"
        case .chipFIFO: "chip-fifo"
        case .lateSamples: "late-samples"
        case .lateInput: "late-input"
        case .gestures: "gestures"
        case .commands: "commands"
        case .loop: "loop"
        case .cameraFiles: "camera-files"
        case .journalQueue: "journal-queue"
        }
    }
}

extension CaptureFailureReason {
    public var text: String {
        switch self {
        case .camera: "camera"
        case .timeout: "timeout"
        case .shutdown: "shutdown"
        case .storage: "storage"
        }
    }
}

extension RecordFailureReason {
    public var text: String {
        switch self {
        case .camera: "camera"
        case .storage: "storage"
        }
    }
}

extension RecordStopReason {
    public var text: String {
        switch self {
        case .shutter: "shutter"
        case .clipLimit: "clip-limit"
        case .camera: "camera"
        case .shutdown: "shutdown"
        }
    }
}

extension RejectionReason {
    public var text: String {
        switch self {
        case .queueFull: "queue full"
        case .busy: "busy capturing"
        case .idle: "idle timeout"
        case .shutdown: "shutdown"
        case .storageFull: "storage full"
        case .numbersUsedUp: "numbers used up"
        }
    }
}

extension FaultKind {
    public var text: String {
        switch self {
        case .sensor: "sensor"
        case .eventQueue: "event-queue"
        case .button: "button"
        case .cameraDied: "camera-died"
        case .cameraHung: "camera-hung"
        case .cameraUnavailable: "camera-unavailable"
        case .sensorReset: "sensor-reset"
        case .stuckData: "stuck-data"
        case .storage: "storage"
        case .gyroOffset: "gyro-offset"
        }
    }

    var faultDetail: String {
        switch self {
        case .sensor: "latching the last known orientation (stale)"
        case .eventQueue: "event queue full, events dropped"
        case .button: "shutter held down past the stuck time"
        case .cameraDied: "a camera process ended by itself; starting it again"
        case .cameraHung: "a camera process did not answer in time and was killed"
        case .cameraUnavailable: "the camera could not be acquired (another program owns it, or there is none) or its program not started"
        case .sensorReset: "chip found reset, asleep, stalled or with a register not as configured; initialising it again"
        case .stuckData: "data registers frozen; resetting the chip"
        case .storage: "the output's file system is full (below output.reserve_mb), failing or read-only; presses are rejected until space returns"
        case .gyroOffset:
            "the gyro's zero-rate offset at rest is beyond the datasheet's +-20 dps (PS 6.1): a faulty chip, or a slow steady pan taken for offset"
        }
    }

    var recoveryDetail: String {
        switch self {
        case .sensor: "sensor answering again"
        case .eventQueue: "event queue draining"
        case .button: "shutter released"
        case .cameraDied, .cameraHung, .cameraUnavailable: "camera ready again"
        case .sensorReset, .stuckData: "samples flowing again"
        case .storage: "space for photos and clips again"
        case .gyroOffset: "the gyro's learnt offset back under 18 dps on every axis"
        }
    }
}
