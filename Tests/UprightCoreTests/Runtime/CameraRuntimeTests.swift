import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }
private func sample(ms time: Int64, _ x: Float, _ y: Float, _ z: Float) -> Sample {
    Sample(time: ms(time), accelerationG: Vector3(x: x, y: y, z: z))
}
/// A pose held still, sampled at 100 Hz from `start` up to (not including) `end`: the detector
/// reports a pose only once it has settled (80 ms) with the camera still (50 ms).
private func hold(_ x: Float, _ y: Float, _ z: Float, from start: Int64, to end: Int64) -> [Sample] {
    stride(from: start, to: end, by: 10).map { sample(ms: $0, x, y, z) }
}

/// The runtime on a virtual clock: time moves only when the test says so.
@Suite struct CameraRuntimeTests {
    typealias Runtime = CameraRuntime<FakeCamera, RecordingSink>
    typealias Entry = RecordingSink.Entry

    func runtime(_ camera: FakeCamera = FakeCamera(), configuration: MachineConfiguration) -> Runtime {
        Runtime(camera: camera, sink: RecordingSink(), configuration: configuration)
    }

    @Test func shortPressTakesAPhotoThenIdleTimeoutSleeps() {
        var runtime = runtime(configuration: MachineConfiguration(idleTimeout: .seconds(10)))
        runtime.ingest(hold(0, 1, 0, from: 0, to: 200))
        runtime.buttonEdge(down: true, at: ms(1000))
        runtime.buttonEdge(down: false, at: ms(1200))
        runtime.advance(to: ms(11_229))
        #expect(runtime.state.name == .previewing)
        runtime.advance(to: ms(20_000))
        // The photo is ordered at the touch (1000 ms) and answered 100 ms later, before the
        // release (settled at 1230 ms), which journals it at once.
        #expect(
            runtime.sink.records == [
                Entry(milliseconds: 80, record: .orientation(.normal)),
                Entry(milliseconds: 1030, record: .state(from: .idle, to: .previewing)),
                Entry(milliseconds: 1230, record: .state(from: .previewing, to: .capturing)),
                Entry(milliseconds: 1230, record: .capture(shot: 1, orientation: .normal, stale: false)),
                Entry(milliseconds: 1230, record: .state(from: .capturing, to: .previewing)),
                Entry(milliseconds: 11_230, record: .state(from: .previewing, to: .idle)),
            ])
        #expect(
            runtime.camera.mainOrders == [
                .stopPreview, .capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(1000)), .startPreview, .stopPreview,
            ])
        #expect(runtime.now == ms(20_000))
        #expect(runtime.nextDeadline == nil)
    }

    @Test func cameraThatNeverAnswersTimesOut() {
        var runtime = runtime(FakeCamera(latency: nil), configuration: MachineConfiguration(captureTimeout: .seconds(2)))
        runtime.buttonEdge(down: true, at: ms(0))
        runtime.buttonEdge(down: false, at: ms(100))
        runtime.advance(to: ms(5000))
        #expect(
            runtime.sink.records == [
                Entry(milliseconds: 30, record: .state(from: .idle, to: .previewing)),
                Entry(milliseconds: 130, record: .state(from: .previewing, to: .capturing)),
                Entry(milliseconds: 2130, record: .captureFailed(shot: 1, reason: .timeout)),
                Entry(milliseconds: 2130, record: .state(from: .capturing, to: .previewing)),
            ])
    }

    @Test func clipStopsAtTheLimitWithTheOrientationLatchedAtItsStart() {
        var runtime = runtime(configuration: MachineConfiguration(maxClipLength: .seconds(5)))
        runtime.ingest(hold(-1, 0, 0, from: 0, to: 600))
        runtime.buttonEdge(down: true, at: ms(1000))
        // Turned during the clip (and held past the detector's 300 ms flick time): the clip
        // keeps left-up.
        runtime.ingest(hold(0.1, -1, 0, from: 4000, to: 4500))
        runtime.buttonEdge(down: false, at: ms(8000))
        runtime.advance(to: ms(9000))
        #expect(
            runtime.sink.records == [
                Entry(milliseconds: 80, record: .orientation(.leftUp)),
                Entry(milliseconds: 1030, record: .state(from: .idle, to: .previewing)),
                Entry(milliseconds: 2000, record: .state(from: .previewing, to: .recording)),
                Entry(milliseconds: 2000, record: .recordStart(clip: 1, orientation: .leftUp, stale: false)),
                Entry(milliseconds: 4300, record: .orientation(.bottomUp)),
                // The recorder's length: from its start (100 ms after the order) to the stop.
                Entry(milliseconds: 7000, record: .recordStop(clip: 1, orientation: .leftUp, reason: .clipLimit, durationMilliseconds: 4900)),
                Entry(milliseconds: 7000, record: .state(from: .recording, to: .previewing)),
            ])
        #expect(runtime.camera.orders.contains { $0.time == ms(2000) && $0.order == .startRecording(clip: 1, orientation: .leftUp) })
        #expect(runtime.camera.orders.contains { $0.time == ms(7000) && $0.order == .stopRecording(clip: 1) })
    }

    @Test func sensorFaultStampsTheNextPhotoStale() {
        var runtime = runtime(configuration: MachineConfiguration())
        runtime.ingest(hold(1, 0, 0, from: 0, to: 100))
        runtime.advance(to: ms(100))
        runtime.sensorFailed()
        runtime.buttonEdge(down: true, at: ms(200))
        runtime.buttonEdge(down: false, at: ms(300))
        runtime.advance(to: ms(1000))
        let records = runtime.sink.records.map(\.record)
        #expect(records.contains(.fault(.sensor)))
        #expect(records.contains(.capture(shot: 1, orientation: .rightUp, stale: true)))
    }

    @Test func stuckButtonIsAFaultUntilReleased() {
        var runtime = runtime(configuration: MachineConfiguration(idleTimeout: .seconds(3600), maxClipLength: .seconds(10)))
        runtime.buttonEdge(down: true, at: ms(0))
        runtime.advance(to: ms(60_000))
        runtime.buttonEdge(down: false, at: ms(61_000))
        runtime.advance(to: ms(62_000))
        // No sample, so no decision: the clip, which must start at the hold, is `unknown`.
        #expect(
            runtime.sink.records.map(\.record) == [
                .state(from: .idle, to: .previewing),
                .state(from: .previewing, to: .recording),
                .recordStart(clip: 1, orientation: nil, stale: false),
                .recordStop(clip: 1, orientation: nil, reason: .clipLimit, durationMilliseconds: 9900),
                .state(from: .recording, to: .previewing),
                .fault(.button),
                .recovered(.button),
            ])
        #expect(runtime.sink.records.map(\.milliseconds) == [30, 1000, 1000, 11_000, 11_000, 30_000, 61_030])
    }

    /// Completions wait in the camera and are taken one at a time: forty at one instant
    /// overflow nothing, and every one is taken then.
    @Test func floodOfCompletionsIsTakenWhole() {
        var camera = FakeCamera()
        for index in 0..<40 { camera.scheduled.append((ms(5), .captureFinished(shot: UInt32(100 + index)))) }
        var runtime = CameraRuntime(camera: camera, sink: RecordingSink(), strictBounds: true)
        runtime.advance(to: ms(10))
        #expect(runtime.sink.records.isEmpty)
        #expect(runtime.camera.scheduled.isEmpty)
    }

    @Test func samplesBatchFromABuffer() {
        var runtime = runtime(configuration: MachineConfiguration())
        let batch = hold(0, 1, 0, from: 0, to: 200) + hold(-1, 0, 0, from: 200, to: 600) + hold(0, 0, -1, from: 600, to: 1000)
        batch.withUnsafeBufferPointer { runtime.ingest($0) }
        #expect(
            runtime.sink.records == [
                // The first decision, within settle and still time; then the flick time (300
                // ms) after each jump, and the sample after it (490 and 890 ms before issue 42:
                // the estimate settling from a jump is now a steady direction off 1 g, trusted
                // while the longer estimate is near 1 g).
                Entry(milliseconds: 80, record: .orientation(.normal)),
                Entry(milliseconds: 500, record: .orientation(.leftUp)),
                Entry(milliseconds: 900, record: .orientation(.lensUp)),
            ])
        #expect(runtime.state.orientation == .lensUp)
        #expect(runtime.state.lastUpright == .leftUp)
    }
}
