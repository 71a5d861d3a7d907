import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// A source that reports edges lost before the engine took them (the kernel's buffer
/// overflowed), and holds none.
private struct LossySource: FirmwareClock, ShutterEdgeSource {
    var now: Instant
    var lost: UInt32
    mutating func nextEdge() -> ShutterEdge? { nil }
    var edgesKnownThrough: Instant { now }
    mutating func takeEdgesLost() -> UInt32 {
        defer { lost = 0 }
        return lost
    }
    mutating func wait(until deadline: Instant?) {}
}

/// A camera that announces a completion it never gives: a broken promise the runtime's loop
/// bound catches.
private struct PromisingCamera: Camera {
    mutating func perform(_ order: CameraOrder, at now: Instant) {}
    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? { nil }
    var nextDeadline: Instant? { Instant(nanoseconds: 5_000_000) }
}

/// Every bound is a record that says what was lost: each one reached, on the engine.
@Suite struct FirmwareEngineBoundsTests {
    typealias Engine = FirmwareEngine<ScriptedSensor, FakeCamera, RecordingSink>

    func engine(_ settings: FirmwareSettings = FirmwareSettings(strictBounds: true), sensor: ScriptedSensor = ScriptedSensor()) throws -> Engine {
        try Engine(sensor: sensor, camera: FakeCamera(), records: RecordingSink(), settings: settings, initial: .previewing, start: ms(0))
    }

    func bounds(_ engine: Engine) -> [RecordingSink.Entry] {
        engine.runtime.sink.records.filter { if case .bound = $0.record { true } else { false } }
    }

    /// A sampling context that runs on while the engine does not: the ring of 16 overwrites the
    /// oldest of the 100 samples it was given, and the engine says how many when it looks.
    @Test func theSPSCRingsOverwritesAreRecorded() throws {
        let engine = try engine(FirmwareSettings(ringCapacity: 16, strictBounds: true))
        let sampler = try #require(engine.detachSampler())
        sampler.read(at: ms(1000))
        engine.step(now: ms(1000))
        #expect(bounds(engine) == [.init(milliseconds: 0, record: .bound(.sampleRing, lost: 84))])
        #expect(engine.samplesHandled == 16)
    }

    /// Trouble reports the engine did not take in time: the ring of 2 refuses the third, counted.
    @Test func theSensorEventRingsRefusalsAreRecorded() throws {
        let engine = try engine(FirmwareSettings(eventRingCapacity: 2, strictBounds: true))
        let sampler = try #require(engine.detachSampler())
        var reset = ReadReport()
        reset.chipResetDetected = true
        // Started, cleared, started, cleared: four events, two of them refused.
        for time: Int64 in [10, 20, 30, 40] {
            if time % 20 == 10 { sampler.sensor.nextReport = reset }
            sampler.read(at: ms(time))
        }
        engine.step(now: ms(40))
        #expect(bounds(engine).map(\.record) == [.bound(.sensorEvents, lost: 2)])
    }

    /// The chip's FIFO had overflowed when it was read: the samples it lost, at that read.
    @Test func aChipFIFOOverflowIsRecordedWithWhatItLost() throws {
        let engine = try engine()
        engine.step(now: ms(10))
        var overflow = ReadReport()
        overflow.overflowed = true
        overflow.lost = 42
        engine.sampler?.sensor.nextReport = overflow
        engine.step(now: ms(20))
        #expect(bounds(engine) == [.init(milliseconds: 20, record: .bound(.chipFIFO, lost: 42))])
    }

    /// A sampling context held up past the failure timeout: the engine stopped waiting for it
    /// (the sensor failed at 250 ms) and judged on; the samples it then brings are older than
    /// the engine's time, and dropped, counted.
    @Test func samplesLaterThanTheEngineWaitedAreDroppedAndRecorded() throws {
        let engine = try engine()
        let sampler = try #require(engine.detachSampler())
        engine.step(now: ms(1000))
        #expect(engine.runtime.state.sensorFaulty)
        sampler.read(at: ms(1000))
        engine.step(now: ms(1000))
        // The grid's samples 10 ... 990 ms are older than the engine's time (1000 ms); the one
        // at 1000 ms is not, and recovers the sensor.
        #expect(bounds(engine) == [.init(milliseconds: 1000, record: .bound(.lateSamples, lost: 99))])
        #expect(!engine.runtime.state.sensorFaulty)
    }

    /// An edge older than the engine's time (a source that broke its promise) is judged at the
    /// engine's time and recorded; strict, it traps.
    @Test func anEdgeOlderThanTheEnginesTimeIsALateInput() throws {
        let engine = try engine(FirmwareSettings())
        engine.step(now: ms(500))
        engine.shutterEdge(ShutterEdge(time: ms(100), down: true))
        engine.step(now: ms(500))
        #expect(bounds(engine) == [.init(milliseconds: 500, record: .bound(.lateInput, lost: 0))])
        #expect(engine.runtime.state.touchLatch?.pressedAt == ms(500))
    }

    @Test func aLateInputTrapsWhenStrict() async {
        await #expect(processExitsWith: .failure) {
            let engine = try Engine(
                sensor: ScriptedSensor(), camera: FakeCamera(), records: RecordingSink(), settings: FirmwareSettings(strictBounds: true),
                initial: .previewing, start: .zero)
            engine.step(now: Instant(nanoseconds: 500_000_000))
            engine.shutterEdge(ShutterEdge(time: Instant(nanoseconds: 100_000_000), down: true))
            engine.step(now: Instant(nanoseconds: 500_000_000))
        }
    }

    /// Edges the source lost (the kernel's buffer overflowed) are a record with their count, at
    /// the engine's time when it learns of them: before the edges that came after them.
    @Test func edgesTheSourceLostAreRecorded() throws {
        let engine = try engine()
        var source = LossySource(now: ms(100), lost: 3)
        engine.pass(&source)
        source.now = ms(200)
        engine.pass(&source)
        #expect(bounds(engine) == [.init(milliseconds: 0, record: .bound(.shutterEdges, lost: 3))])
    }

    /// A camera that announces an answer it never gives keeps the runtime's loop at one
    /// instant: the loop's bound says so (and, strict, traps) instead of skipping time.
    @Test func aLoopAtItsBoundIsRecorded() {
        var runtime = CameraRuntime(camera: PromisingCamera(), sink: RecordingSink())
        runtime.advance(to: ms(10))
        #expect(runtime.sink.records.contains(.init(milliseconds: 5, record: .bound(.loop, lost: 0))))
        #expect(runtime.now == ms(5))
    }

    /// The bounds only a defect reaches are exactly these.
    @Test func theDefectBoundsAreTheInternalOnes() {
        #expect(BoundKind.allCases.filter(\.onlyADefectReaches) == [.lateInput, .gestures, .commands, .loop])
    }
}
