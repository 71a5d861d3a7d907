/// Facts the machine reacts to. Each case names who sends it.
public enum MachineEvent: Equatable, Sendable {
    /// ShutterGesture: the first raw down edge of a press, at once (before the debounce), and
    /// its time. The machine latches the orientation here, so a press carries the pose of its edge.
    case shutterTouched(at: Instant)
    /// ShutterGesture: the touch's line settled up again before the debounce: no press came
    /// of it, and the photo it ordered is given up.
    case shutterGlitch
    /// ShutterGesture: the debounced press; it uses the latch its touch took.
    case shutterPressed
    /// ShutterGesture: released before the hold time, a short press (a photo).
    case shutterReleased
    /// ShutterGesture: held for the hold time (start a clip).
    case shutterHeld
    /// Runtime, from the OrientationDetector: the stable pose changed (all six).
    case orientationChanged(Orientation)
    /// Camera: the photo with this shot number was written; `exposedAt` when the camera says
    /// when it was taken (the frame's time, or the file's close), `waited` how long the order
    /// waited for the camera to be ready.
    case captureFinished(shot: UInt32, exposedAt: Instant? = nil, waited: TimeSpan = .zero)
    /// Camera: the photo with this shot number is taken and its file is with the card: a
    /// camera that finishes its files later (a Pi, on a slow card) says so, and the capture
    /// timeout, which bounds the camera, stops for it; `captureFinished` or `captureFailed`
    /// follows once the card has it.
    case captureTaken(shot: UInt32)
    /// Camera: the photo with this shot number failed.
    case captureFailed(shot: UInt32)
    /// Camera: the clip with this number is being recorded (a confirmation).
    case recordingStarted(clip: UInt32)
    /// Camera: the clip with this number stopped (on request, or by itself: disk full).
    case recordingStopped(clip: UInt32)
    /// Camera: the clip with this number could not start or broke off.
    case recordingFailed(clip: UInt32)
    /// Camera: a camera process died, hung or the camera could not be acquired.
    case cameraFault(CameraFault)
    /// Camera: ready again after that fault.
    case cameraRecovered(CameraFault)
    /// Runtime: a timer the machine armed expired.
    case timerFired(TimerID)
    /// Runtime, from the sensor driver: the IMU stopped answering or returns garbage.
    case sensorFault
    /// Runtime, from the sensor driver: the IMU answers again.
    case sensorRecovered
    /// Runtime: its event queue was full and events were dropped.
    case eventsLost
    /// Runtime, from the OS or the simulator: stop everything and power down.
    case shutdownRequested

    /// The payload-free kind: a column of the transition table.
    public var kind: EventKind {
        switch self {
        case .shutterTouched: .shutterTouched
        case .shutterGlitch: .shutterGlitch
        case .shutterPressed: .shutterPressed
        case .shutterReleased: .shutterReleased
        case .shutterHeld: .shutterHeld
        case .orientationChanged: .orientationChanged
        case .captureTaken: .captureTaken
        case .captureFinished: .captureFinished
        case .cameraFault: .cameraFault
        case .cameraRecovered: .cameraRecovered
        case .captureFailed: .captureFailed
        case .recordingStarted: .recordingStarted
        case .recordingStopped: .recordingStopped
        case .recordingFailed: .recordingFailed
        case .timerFired(.idle): .idleTimerFired
        case .timerFired(.capture): .captureTimerFired
        case .timerFired(.clip): .clipTimerFired
        case .sensorFault: .sensorFault
        case .sensorRecovered: .sensorRecovered
        case .eventsLost: .eventsLost
        case .shutdownRequested: .shutdownRequested
        }
    }
}
