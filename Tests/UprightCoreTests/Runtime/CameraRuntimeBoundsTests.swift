import Testing
import UprightCore

/// A camera that reports `burst` photo completions at once the first time it is asked: more
/// than the runtime's event queue holds (16) together with the event that asked.
private struct FloodingCamera: Camera {
    var burst: Int
    mutating func perform(_ order: CameraOrder, at now: Instant) {}
    mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        guard burst > 0 else { return nil }
        burst -= 1
        return .captureFinished(shot: 1000)
    }
}

/// The runtime's fixed buffers are bounds, not silent drops: a full event queue is an
/// `event-queue` fault record on a board, and a trap where bounds are strict (the simulator).
@Suite struct CameraRuntimeBoundsTests {
    @Test func aFullEventQueueIsRecordedWhenBoundsAreNotStrict() {
        var runtime = CameraRuntime(camera: FloodingCamera(burst: 16), sink: RecordingSink())
        runtime.post(.sensorFault)
        #expect(runtime.sink.records.contains(.init(milliseconds: 0, record: .fault(.eventQueue))))
        #expect(runtime.sink.records.contains(.init(milliseconds: 0, record: .fault(.sensor))))
    }

    @Test func aFullEventQueueTrapsWhenBoundsAreStrict() async {
        await #expect(processExitsWith: .failure) {
            var runtime = CameraRuntime(camera: FloodingCamera(burst: 16), sink: RecordingSink(), strictBounds: true)
            runtime.post(.sensorFault)
        }
    }

    /// Fifteen completions fit beside the event that collects them: no trap, no record.
    @Test func aQueueFilledExactlyIsNoOverflow() {
        var runtime = CameraRuntime(camera: FloodingCamera(burst: 15), sink: RecordingSink(), strictBounds: true)
        runtime.post(.sensorFault)
        #expect(runtime.sink.records == [.init(milliseconds: 0, record: .fault(.sensor))])
    }
}
