/// A `MachineEvent` without its payload; timers are split by id so the table reads well.
public enum EventKind: UInt8, CaseIterable, Sendable {
    case shutterTouched
    case shutterPressed
    case shutterReleased
    case shutterHeld
    case orientationChanged
    case captureFinished
    case captureFailed
    case recordingStarted
    case recordingStopped
    case recordingFailed
    case cameraFault
    case cameraRecovered
    case idleTimerFired
    case captureTimerFired
    case clipTimerFired
    case sensorFault
    case sensorRecovered
    case eventsLost
    case shutdownRequested

    public var name: StaticString {
        switch self {
        case .shutterTouched: "shutter-touched"
        case .shutterPressed: "shutter-pressed"
        case .shutterReleased: "shutter-released"
        case .shutterHeld: "shutter-held"
        case .orientationChanged: "orientation-changed"
        case .captureFinished: "capture-finished"
        case .captureFailed: "capture-failed"
        case .recordingStarted: "recording-started"
        case .recordingStopped: "recording-stopped"
        case .recordingFailed: "recording-failed"
        case .cameraFault: "camera-fault"
        case .cameraRecovered: "camera-recovered"
        case .idleTimerFired: "idle-timer"
        case .captureTimerFired: "capture-timer"
        case .clipTimerFired: "clip-timer"
        case .sensorFault: "sensor-fault"
        case .sensorRecovered: "sensor-recovered"
        case .eventsLost: "events-lost"
        case .shutdownRequested: "shutdown"
        }
    }
}
