import UprightCore

// The core reports with typed `MachineRecord`s; this turns them into contract lines.

extension EventRecord {
    /// The contract record for `record`. `clipDuration` is the clip's length for `recordStop`
    /// (the core keeps no clock; `EventLog` measures it); `file` is what the camera wrote.
    public init(_ record: MachineRecord, clipDurationSeconds: Double = 0, file: String? = nil) {
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
        case .recordStop(let clip, let orientation, let reason):
            self = .recordStop(clip: Int(clip), orientation: orientation, durationSeconds: clipDurationSeconds, reason: reason.text, file: file)
        case .recordFailed(let clip, let reason):
            self = .recordFailed(clip: Int(clip), reason: reason.text)
        case .shutterRejected(let reason):
            self = .shutterRejected(reason: reason.text)
        case .fault(let kind):
            self = .fault(kind: kind.text, detail: kind.faultDetail)
        case .recovered(let kind):
            self = .recovered(kind: kind.text, detail: kind.recoveryDetail)
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
        }
    }
}

extension FaultKind {
    public var text: String {
        switch self {
        case .sensor: "sensor"
        case .eventQueue: "event-queue"
        case .button: "button"
        case .bound: "bound"
        case .cameraDied: "camera-died"
        case .cameraHung: "camera-hung"
        case .cameraUnavailable: "camera-unavailable"
        case .sensorReset: "sensor-reset"
        case .stuckData: "stuck-data"
        case .storage: "storage"
        }
    }

    var faultDetail: String {
        switch self {
        case .sensor: "latching the last known orientation (stale)"
        case .eventQueue: "event queue full, events dropped"
        case .button: "shutter held down past the stuck time"
        case .bound: "a fixed-size buffer overflowed; an event or command was dropped"
        case .cameraDied: "a camera process ended by itself; starting it again"
        case .cameraHung: "a camera process did not answer in time and was killed"
        case .cameraUnavailable: "the camera could not be acquired (another program owns it, or there is none) or its program not started"
        case .sensorReset: "chip found reset, asleep, stalled or with a register not as configured; initialising it again"
        case .stuckData: "data registers frozen; resetting the chip"
        case .storage: "the output's file system is full (below output.reserve_mb), failing or read-only; presses are rejected until space returns"
        }
    }

    var recoveryDetail: String {
        switch self {
        case .sensor: "sensor answering again"
        case .eventQueue: "event queue draining"
        case .button: "shutter released"
        case .bound: "running on"
        case .cameraDied, .cameraHung, .cameraUnavailable: "camera ready again"
        case .sensorReset, .stuckData: "samples flowing again"
        case .storage: "space for photos and clips again"
        }
    }
}
