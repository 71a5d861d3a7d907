import UprightCore

/// The camera behind `upright replay`: it writes nothing and answers every order at once, in
/// the same virtual instant (zero latency). A replay is about the detector, the gesture
/// recogniser and the machine; a made-up camera delay would only shift `capture` lines by an
/// arbitrary amount and queue presses that a real camera might not. So a photo's `capture`
/// line carries the time its order reached the camera (the replay's step), and a clip starts
/// when it is ordered.
/// Stopping a clip needs no answer: the machine writes `record-stop` when it orders the stop.
public struct ReplayCamera: Camera, Sendable {
    /// Completions not yet collected, oldest first. Each order adds at most one and the
    /// runtime collects them after every event, so this never holds more than a few.
    private var ready: [CameraReport] = []

    public init() {}

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .capturePhoto(let shot, _):
            ready.append(CameraReport(.captureFinished(shot: shot), at: now))
        case .startRecording(let clip, _):
            ready.append(CameraReport(.recordingStarted(clip: clip), at: now))
        case .startPreview, .stopPreview, .showOrientation, .stopRecording, .abandonPhoto:
            break
        }
    }

    public mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard let first = ready.first, first.time <= time else { return nil }
        return ready.removeFirst()
    }

    /// The oldest answer's time: the instant its order reached the camera.
    public var nextDeadline: Instant? { ready.first?.time }
}
