import UprightCore

/// The harness's camera: like `upright replay`'s ReplayCamera it writes nothing and finishes
/// every photo and clip start in the same instant it is ordered, so the chip's records can be
/// compared with replay's line for line. Completions wait in a fixed ring instead of an
/// array: the runtime collects them after every event, and one event's commands order at
/// most one photo or clip start, so four slots never overflow (one more is refused and
/// counted, never a crash; a lost completion would change the records, which the check
/// compares). Four, not more: the ring is in the runtime, and the runtime is built on the
/// chip's stack before it is moved into the engine (32 bytes a slot, docs/mcu.md, "RAM").
public struct InstantCamera: Camera {
    public static let capacity = 4

    private var ready = InlineArray<4, CameraCompletion>(repeating: .captureFinished(shot: 0))
    private var head = 0
    private var count = 0
    /// Completions refused because the ring was full (never expected).
    public private(set) var refused = 0

    public init() {}

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .capturePhoto(let shot, _):
            enqueue(.captureFinished(shot: shot))
        case .startRecording(let clip, _):
            enqueue(.recordingStarted(clip: clip))
        case .startPreview, .stopPreview, .showOrientation, .stopRecording, .abandonPhoto:
            break
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        guard count > 0 else { return nil }
        let completion = ready[head]
        head = (head + 1) % InstantCamera.capacity
        count -= 1
        return completion
    }

    public var nextDeadline: Instant? { nil }

    private mutating func enqueue(_ completion: CameraCompletion) {
        guard count < InstantCamera.capacity else {
            refused += 1
            return
        }
        ready[(head + count) % InstantCamera.capacity] = completion
        count += 1
    }
}
