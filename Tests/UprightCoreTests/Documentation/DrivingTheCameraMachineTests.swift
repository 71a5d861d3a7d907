// swift-format-ignore-file
// The code here is the articles' code, verbatim (DocumentationTests checks it): formatted as
// the article shows it, not by swift-format.
import Testing
import UprightCore

// The code of UprightCore.docc/DrivingTheCameraMachine.md, verbatim (EndToEndTests/DocumentationTests
// checks that every fenced block of the article appears here).

/// A camera that answers every photo and clip start 50 ms after the order.
struct DelayedCamera: Camera {
    private(set) var orders: [CameraOrder] = []
    private var pending: [(due: Instant, completion: CameraCompletion)] = []

    mutating func perform(_ order: CameraOrder, at now: Instant) {
        orders.append(order)
        switch order {
        case .capturePhoto(let shot, _, _):
            pending.append((now + .milliseconds(50), .captureFinished(shot: shot)))
        case .startRecording(let clip, _):
            pending.append((now + .milliseconds(50), .recordingStarted(clip: clip)))
        case .stopRecording(let clip):
            pending.append((now, .recordingStopped(clip: clip)))
        default:
            break
        }
    }

    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard let first = pending.first, first.due <= time else { return nil }
        pending.removeFirst()
        return CameraReport(first.completion, at: first.due)
    }

    var nextDeadline: Instant? { pending.first?.due }
}

/// Keeps every record the runtime writes, with its time.
struct RecordList: RecordSink {
    private(set) var records: [(time: Instant, record: MachineRecord)] = []

    mutating func record(_ record: MachineRecord, at time: Instant) {
        records.append((time, record))
    }
}

@Suite struct DrivingTheCameraMachineTests {
    @Test func aPressFromYourOwnLoopTakesALeftUpPhoto() {
        var runtime = CameraRuntime(
            camera: DelayedCamera(), sink: RecordList(),
            configuration: MachineConfiguration(idleTimeout: .seconds(10)))
        var edges: [(down: Bool, time: Instant)] = [
            (true, Instant(nanoseconds: 1_000_000_000)),
            (false, Instant(nanoseconds: 1_150_000_000)),
        ]
        for index in 0..<200 {
            let time = Instant(nanoseconds: Int64(index) * 10_000_000)
            while let edge = edges.first, edge.time <= time {
                runtime.buttonEdge(down: edge.down, at: edge.time)
                edges.removeFirst()
            }
            runtime.ingest(Sample(time: time, accelerationG: Vector3(x: -1, y: 0, z: 0)))
        }
        for _ in 0..<16 {
            guard let deadline = runtime.nextDeadline else { break }
            runtime.advance(to: deadline)
        }

        #expect(runtime.camera.orders.contains(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: Instant(nanoseconds: 1_000_000_000))))
        let captures = runtime.sink.records.filter {
            if case .capture = $0.record { true } else { false }
        }
        #expect(captures.map(\.record) == [.capture(shot: 1, orientation: .leftUp, stale: false)])
        // Ordered at the touch (1000 ms), answered 50 ms later; journaled at the release's end
        // (released at 1150 ms, debounced 30 ms later), once the press is known to be a photo.
        #expect(captures.map(\.time) == [Instant(nanoseconds: 1_180_000_000)])
        #expect(runtime.state.name == .idle)
        #expect(runtime.nextDeadline == nil)
        #expect(runtime.sink.records.last?.record == .state(from: .previewing, to: .idle))
    }

    @Test func thePureMachineArmsTheIdleTimerOnAPress() {
        let machine = CameraMachine(configuration: MachineConfiguration(idleTimeout: .seconds(10)))
        var state = MachineState()
        _ = machine.start(&state)
        _ = machine.transition(&state, .shutterTouched(at: .zero))
        let commands = machine.transition(&state, .shutterPressed)
        let armsIdleTimer = commands.contains(.armTimer(.idle, .seconds(10)))

        #expect(state.name == .previewing)
        #expect(armsIdleTimer)
        #expect(commands.contains(.camera(.startPreview)))
    }
}
