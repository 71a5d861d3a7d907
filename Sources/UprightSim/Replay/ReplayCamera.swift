import UprightCore

/// The camera behind `upright replay`: it writes nothing and answers every order at once, in
/// the same virtual instant (zero latency). A replay is about the detector, the gesture
/// recogniser and the machine; a made-up camera delay would only shift `capture` lines by an
/// arbitrary amount and queue presses that a real camera might not. So a photo's `capture`
/// line carries the time of its press's confirmation, and a clip starts when it is ordered.
/// Stopping a clip needs no answer: the machine writes `record-stop` when it orders the stop.
public struct ReplayCamera: Camera, Sendable {
    /// Completions not yet collected, oldest first. Each order adds at most one and the
    /// runtime collects them after every event, so this never holds more than a few.
    private var ready: [CameraCompletion] = []

    public init() {}

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .capturePhoto(let shot, _):
            ready.append(.captureFinished(shot: shot))
        case .startRecording(let clip, _):
            ready.append(.recordingStarted(clip: clip))
        case .startPreview, .stopPreview, .showOrientation, .stopRecording, .abandonPhoto:
            break
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        ready.isEmpty ? nil : ready.removeFirst()
    }

    /// Everything is ready at once: there is never a deadline to step to.
    public var nextDeadline: Instant? { nil }
}
