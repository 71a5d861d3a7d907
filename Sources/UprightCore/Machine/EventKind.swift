/// A `MachineEvent` without its payload; timers are split by id so the table reads well.
public enum EventKind: UInt8, CaseIterable, Sendable {
    /// The first raw down edge of a press.
    case shutterTouched
    /// A touch that never became a press.
    case shutterGlitch
    /// The debounced press.
    case shutterPressed
    /// Released before the hold time (a photo).
    case shutterReleased
    /// Held for the hold time (a clip).
    case shutterHeld
    /// The detector's stable pose changed.
    case orientationChanged
    /// A photo was taken; its file is with the card.
    case captureTaken
    /// A photo was written.
    case captureFinished
    /// A photo failed.
    case captureFailed
    /// A clip is being recorded.
    case recordingStarted
    /// A clip stopped.
    case recordingStopped
    /// A clip could not start or broke off.
    case recordingFailed
    /// A camera process died or hung, or the camera could not be acquired.
    case cameraFault
    /// The camera is ready again after a fault.
    case cameraRecovered
    /// The idle timer expired (`TimerID.idle`).
    case idleTimerFired
    /// The capture timer expired (`TimerID.capture`).
    case captureTimerFired
    /// The clip length timer expired (`TimerID.clip`).
    case clipTimerFired
    /// The IMU stopped answering.
    case sensorFault
    /// The IMU answers again.
    case sensorRecovered
    /// The runtime's event queue was full and events were dropped.
    case eventsLost
    /// Stop everything and power down.
    case shutdownRequested

    /// The kind's name in the transition table, e.g. `shutter-touched`.
    public var name: StaticString {
        switch self {
        case .shutterTouched: "shutter-touched"
        case .shutterGlitch: "shutter-glitch"
        case .shutterPressed: "shutter-pressed"
        case .shutterReleased: "shutter-released"
        case .shutterHeld: "shutter-held"
        case .orientationChanged: "orientation-changed"
        case .captureTaken: "capture-taken"
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
