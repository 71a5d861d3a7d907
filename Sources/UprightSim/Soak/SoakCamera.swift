import UprightCore

/// The soak's camera: answers every order after a fixed virtual latency (300 ms for a photo,
/// about what rpicam-still takes, so a burst of presses fills the press queue) and writes no files
/// (a day of photos is not what a soak tests; `SimCamera` writes them for `sim`). Keeps at
/// most `maximumInFlight` completions, so nothing grows with the run.
public struct SoakCamera: Camera {
    public static let maximumInFlight = 4
    public var captureLatency: TimeSpan
    public var recordStartLatency: TimeSpan
    private var pending: [(due: Instant, completion: CameraCompletion)] = []
    /// Orders dropped because `maximumInFlight` were pending (the machine never has that many).
    public private(set) var overflowed = 0

    public init(captureLatency: TimeSpan = .milliseconds(300), recordStartLatency: TimeSpan = .milliseconds(50)) {
        self.captureLatency = captureLatency
        self.recordStartLatency = recordStartLatency
        pending.reserveCapacity(SoakCamera.maximumInFlight)
    }

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .capturePhoto(let shot, _): schedule(now + captureLatency, .captureFinished(shot: shot))
        case .startRecording(let clip, _): schedule(now + recordStartLatency, .recordingStarted(clip: clip))
        case .startPreview, .stopPreview, .showOrientation, .stopRecording: break
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        guard let first = pending.first, first.due <= now else { return nil }
        pending.removeFirst()
        return first.completion
    }

    public var nextDeadline: Instant? { pending.first?.due }

    private mutating func schedule(_ due: Instant, _ completion: CameraCompletion) {
        guard pending.count < SoakCamera.maximumInFlight else {
            overflowed += 1
            return
        }
        let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
        pending.insert((due, completion), at: index)
    }
}
