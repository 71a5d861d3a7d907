import Testing
import UprightCore

/// A camera that reports `burst` completions at once the first time it is asked (far more
/// than the runtime's event queue holds, 16), all at time zero, announced.
private struct FloodingCamera: Camera {
    var burst: Int
    var stampedAt = Instant.zero
    mutating func perform(_ order: CameraOrder, at now: Instant) {}
    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard burst > 0, stampedAt <= time else { return nil }
        burst -= 1
        return CameraReport(.recordingFailed(clip: 1000), at: stampedAt)
    }
    var nextDeadline: Instant? { burst > 0 ? stampedAt : nil }
}

/// The runtime's fixed buffers are bounds, not silent drops: the camera's completions wait in
/// the camera, not in the runtime's queue, so a flood of them overflows nothing; a completion
/// from another time than the runtime's is a broken promise, a `bound` `late-input` record on
/// a board and a trap where bounds are strict (the simulator).
@Suite struct CameraRuntimeBoundsTests {
    @Test func aFloodOfCompletionsIsTakenWhole() {
        var runtime = CameraRuntime(camera: FloodingCamera(burst: 100), sink: RecordingSink(), strictBounds: true)
        runtime.post(.sensorFault)
        #expect(runtime.camera.burst == 0)
        #expect(runtime.sink.records == [.init(milliseconds: 0, record: .fault(.sensor))])
    }

    @Test func aCompletionFromTheWrongTimeIsRecordedWhenBoundsAreNotStrict() {
        var camera = FloodingCamera(burst: 1)
        camera.stampedAt = Instant(nanoseconds: -5_000_000)
        var runtime = CameraRuntime(camera: camera, sink: RecordingSink())
        runtime.post(.sensorFault)
        #expect(
            runtime.sink.records == [.init(milliseconds: 0, record: .fault(.sensor)), .init(milliseconds: 0, record: .bound(.lateInput, lost: 0))])
    }

    @Test func aCompletionFromTheWrongTimeTrapsWhenBoundsAreStrict() async {
        await #expect(processExitsWith: .failure) {
            var camera = FloodingCamera(burst: 1)
            camera.stampedAt = Instant(nanoseconds: -5_000_000)
            var runtime = CameraRuntime(camera: camera, sink: RecordingSink(), strictBounds: true)
            runtime.post(.sensorFault)
        }
    }
}
