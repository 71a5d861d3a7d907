import UprightCore

/// An in-memory camera for runtime tests: it records every order with its time and answers
/// photos and clip starts after `latency` (never, when nil), failing photos when told to.
struct FakeCamera: Camera {
    var latency: TimeSpan? = .milliseconds(100)
    var failPhotos = false
    private(set) var orders: [(time: Instant, order: CameraOrder)] = []
    /// Completions scheduled, oldest first; tests may add their own.
    var scheduled: [(due: Instant, completion: CameraCompletion)] = []

    init(latency: TimeSpan? = .milliseconds(100), failPhotos: Bool = false) {
        self.latency = latency
        self.failPhotos = failPhotos
    }

    mutating func perform(_ order: CameraOrder, at now: Instant) {
        orders.append((now, order))
        guard let latency else { return }
        switch order {
        case .capturePhoto(let shot, _, _):
            scheduled.append((now + latency, failPhotos ? .captureFailed(shot: shot) : .captureFinished(shot: shot)))
        case .startRecording(let clip, _):
            scheduled.append((now + latency, .recordingStarted(clip: clip)))
        default:
            break
        }
    }

    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard let first = scheduled.first, first.due <= time else { return nil }
        scheduled.removeFirst()
        return CameraReport(first.completion, at: first.due)
    }

    var nextDeadline: Instant? { scheduled.first?.due }

    /// The orders other than the preview overlay, which follows every pose change.
    var mainOrders: [CameraOrder] {
        orders.map(\.order).filter { if case .showOrientation = $0 { false } else { true } }
    }
}

/// Keeps every record with its time.
struct RecordingSink: RecordSink {
    private(set) var records: [Entry] = []
    /// Records still going to the card, as a journal's worker says (`isFinishingRecords`),
    /// and when its job in hand ends (`recordsDeadline`), set by a test.
    var isFinishingRecords = false
    var recordsDeadline: Instant?

    struct Entry: Equatable {
        var milliseconds: Int64
        var record: MachineRecord
    }

    mutating func record(_ record: MachineRecord, at time: Instant) {
        records.append(Entry(milliseconds: time.nanoseconds / 1_000_000, record: record))
    }
}
