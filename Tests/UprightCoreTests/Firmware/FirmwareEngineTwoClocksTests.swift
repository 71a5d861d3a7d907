import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Two clocks: inputs are judged at their own times, but an order reaches the camera only
/// when the engine really runs, and a bound on the camera (the capture timeout, the clip
/// length, the camera's own) counts from then; a clip's duration is the recorder's.
@Suite struct FirmwareEngineTwoClocksTests {
    typealias Engine = FirmwareEngine<PoseScriptSensor, FakeCamera, RecordingSink>

    static func engine(camera: FakeCamera = FakeCamera(latency: .milliseconds(600))) throws -> Engine {
        try Engine(
            sensor: PoseScriptSensor(poses: [(.zero, Vector3(x: -1, y: 0, z: 0))]), camera: camera, records: RecordingSink(),
            settings: FirmwareSettings(machine: MachineConfiguration(captureTimeout: .seconds(5)), strictBounds: true), initial: .previewing,
            start: .zero)
    }

    static func pass(_ engine: Engine, _ source: inout ScriptedEdges, at time: Int64) {
        source.now = ms(time)
        engine.pass(&source)
    }

    /// A press just before a six-second stall: judged at its time (the photo decided at the
    /// release's debounce, 1130 ms), ordered when the loop runs again (7000 ms), answered 600
    /// ms later. The capture timeout (5 s) counts from the order, so the photo does not fail
    /// for the stall, as it did when the timer counted from the press.
    @Test func aStallDoesNotFailThePhoto() throws {
        let engine = try Self.engine()
        var source = ScriptedEdges(edges: [ShutterEdge(time: ms(1_000), down: true), ShutterEdge(time: ms(1_100), down: false)])
        Self.pass(engine, &source, at: 990)
        Self.pass(engine, &source, at: 7_000)
        for time in stride(from: Int64(7_010), through: 8_000, by: 10) { Self.pass(engine, &source, at: time) }
        let records = engine.runtime.sink.records
        #expect(records.first { $0.record == .state(from: .previewing, to: .capturing) }?.milliseconds == 1_130)
        #expect(records.contains(.init(milliseconds: 7_600, record: .capture(shot: 1, orientation: .leftUp, stale: false))))
        #expect(!records.contains { if case .captureFailed = $0.record { true } else { false } })
        #expect(
            engine.runtime.camera.orders.contains {
                $0.time == ms(7_000) && $0.order == .capturePhoto(shot: 1, orientation: .leftUp, touchedAt: ms(1_000))
            })
    }

    /// The camera that never answers: the timeout fires five seconds after the order reached
    /// it, not after the press.
    @Test func theCaptureTimeoutCountsFromTheOrder() throws {
        let engine = try Self.engine(camera: FakeCamera(latency: nil))
        var source = ScriptedEdges(edges: [ShutterEdge(time: ms(1_000), down: true), ShutterEdge(time: ms(1_100), down: false)])
        Self.pass(engine, &source, at: 990)
        for time in stride(from: Int64(3_000), through: 9_000, by: 10) { Self.pass(engine, &source, at: time) }
        #expect(engine.runtime.sink.records.contains(.init(milliseconds: 8_000, record: .captureFailed(shot: 1, reason: .timeout))))
    }

    /// A hold during a three-second stall starts its clip at the hold's own time (2000 ms);
    /// the recorder gets the order at 4500 ms and is recording 600 ms later; the stop press at
    /// 6000 ms reaches it then. The clip's duration is the recorder's, 0.9 s, not the 4 s
    /// between the records.
    @Test func aClipsDurationIsTheRecorders() throws {
        let engine = try Self.engine()
        var source = ScriptedEdges(edges: [
            ShutterEdge(time: ms(1_000), down: true), ShutterEdge(time: ms(2_500), down: false),
            ShutterEdge(time: ms(6_000), down: true), ShutterEdge(time: ms(6_100), down: false),
        ])
        Self.pass(engine, &source, at: 990)
        Self.pass(engine, &source, at: 4_500)
        for time in stride(from: Int64(4_510), through: 7_000, by: 10) { Self.pass(engine, &source, at: time) }
        let records = engine.runtime.sink.records
        #expect(records.contains(.init(milliseconds: 2_000, record: .recordStart(clip: 1, orientation: .leftUp, stale: false))))
        #expect(
            records.contains(
                .init(milliseconds: 6_030, record: .recordStop(clip: 1, orientation: .leftUp, reason: .shutter, durationMilliseconds: 930))))
    }
}
