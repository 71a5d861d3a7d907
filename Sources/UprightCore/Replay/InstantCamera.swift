/// The camera behind a replay (`upright replay`, and the microcontroller harness, whose records
/// are compared with replay's line for line): it writes nothing and finishes every photo and
/// clip start in the same instant it is ordered (zero latency). A replay is about the detector,
/// the gesture recogniser and the machine; a made-up camera delay would only shift `capture`
/// lines by an arbitrary amount and queue presses that a real camera might not. So a photo's
/// `capture` line carries the time its order reached the camera, a clip starts when it is
/// ordered, and stopping a clip needs no answer. Completions wait in a fixed ring instead of an
/// array, each with the time its order reached the camera (the runtime takes it when its own
/// time has come that far): one event's commands order at most one photo or clip start, the
/// machine orders the next only after this one's answer, and a step's orders are answered by
/// the step's end, so three slots never overflow (one more is refused and counted, never a
/// crash; a lost completion would change the records, which the check compares). Three,
/// not more: the ring is in the runtime, and the runtime is built on the chip's stack
/// before it is moved into the engine (40 bytes a slot, docs/mcu.md, "RAM").
public struct InstantCamera: Camera {
    /// How many answers wait at most (see above why three).
    public static let capacity = 3

    private var ready = InlineArray<3, CameraCompletion>(repeating: .captureFinished(shot: 0))
    /// When each order reached the camera: its completion's time.
    private var readyAt = InlineArray<3, Instant>(repeating: .zero)
    private var head = 0
    private var count = 0
    /// Completions refused because the ring was full (never expected).
    public private(set) var refused = 0

    /// A camera with no answer waiting.
    public init() {}

    /// Queues the answer a photo or a clip start gets, at `now`; other orders need none.
    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        switch order {
        case .capturePhoto(let shot, _, _):
            enqueue(.captureFinished(shot: shot), at: now)
        case .startRecording(let clip, _):
            enqueue(.recordingStarted(clip: clip), at: now)
        case .startPreview, .stopPreview, .showOrientation, .stopRecording, .abandonPhoto:
            break
        }
    }

    /// The oldest answer, once its time is no later than `time`.
    public mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard count > 0, readyAt[head] <= time else { return nil }
        let report = CameraReport(ready[head], at: readyAt[head])
        head = (head + 1) % InstantCamera.capacity
        count -= 1
        return report
    }

    /// The oldest answer's time: the instant its order reached the camera.
    public var nextDeadline: Instant? { count > 0 ? readyAt[head] : nil }

    private mutating func enqueue(_ completion: CameraCompletion, at time: Instant) {
        guard count < InstantCamera.capacity else {
            refused += 1
            return
        }
        ready[(head + count) % InstantCamera.capacity] = completion
        readyAt[(head + count) % InstantCamera.capacity] = time
        count += 1
    }
}
