import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The engine on a virtual clock with a scripted sensor: the failure timeout, the merge rule,
/// trouble records, the edge queue's bound, the sampler's placement.
struct FirmwareEngineTests {
    typealias Engine = FirmwareEngine<ScriptedSensor, FakeCamera, RecordingSink>
    typealias Entry = RecordingSink.Entry

    func engine(_ sensor: ScriptedSensor = ScriptedSensor(), initial: StateName = .previewing) throws -> Engine {
        try Engine(
            sensor: sensor, camera: FakeCamera(), records: RecordingSink(), settings: FirmwareSettings(strictBounds: true),
            initial: initial, start: ms(0))
    }

    /// Steps every `interval` ms from `from` through `to`.
    func run(_ engine: Engine, from: Int64, to: Int64, every interval: Int64.Stride = 10) {
        for time in stride(from: from, through: to, by: interval) { engine.step(now: ms(time)) }
    }

    func faults(_ engine: Engine) -> [Entry] {
        engine.runtime.sink.records.filter {
            switch $0.record {
            case .fault, .recovered: true
            default: false
            }
        }
    }

    /// The last sample at 1000 ms: the sensor counts as failed at 1250 ms, and recovers when
    /// the first sample after it reaches the engine.
    @Test func noSampleForTheFailureTimeoutIsASensorFaultAtItsDeadline() throws {
        let engine = try engine()
        run(engine, from: 0, to: 1000)
        engine.sampler?.sensor.failing = true
        run(engine, from: 1010, to: 1260)
        #expect(faults(engine) == [Entry(milliseconds: 1250, record: .fault(.sensor))])
        #expect(engine.runtime.state.sensorFaulty)
        engine.sampler?.sensor.failing = false
        run(engine, from: 1270, to: 1600)
        // The failed reads backed off (1030, 1070, 1150 ms): the next read, at 1310 ms, brings
        // the chip's buffered samples from 1010 ms on; the first of them recovers the sensor,
        // at the engine's time then (its last step, 1300 ms).
        #expect(faults(engine) == [Entry(milliseconds: 1250, record: .fault(.sensor)), Entry(milliseconds: 1300, record: .recovered(.sensor))])
        #expect(!engine.runtime.state.sensorFaulty)
    }

    /// A press while the sensor is at fault latches the last orientation, stale.
    @Test func aPressDuringAFaultIsLatchedStale() throws {
        var sensor = ScriptedSensor()
        sensor.accelerationG = Vector3(x: -1, y: 0, z: 0)
        let engine = try engine(sensor)
        run(engine, from: 0, to: 1000)
        #expect(engine.runtime.state.lastUpright == .leftUp)
        engine.sampler?.sensor.failing = true
        run(engine, from: 1010, to: 1500)
        engine.shutterEdge(ShutterEdge(time: ms(1500), down: true))
        engine.shutterEdge(ShutterEdge(time: ms(1600), down: false))
        run(engine, from: 1510, to: 2000)
        // Ordered at the touch, answered before the release is confirmed (1630 ms): journaled then.
        #expect(engine.runtime.sink.records.contains(Entry(milliseconds: 1630, record: .capture(shot: 1, orientation: .leftUp, stale: true))))
    }

    /// Samples first, then edges, at one instant: a touch at the instant of the sample that
    /// made the detector report right-up latches right-up; a millisecond earlier, left-up.
    @Test func aSampleGoesBeforeAnEdgeOfTheSameInstant() throws {
        // When the detector reports the turn (its filters and settle time decide), on a probe.
        var sensor = ScriptedSensor(samplePeriod: .milliseconds(1))
        sensor.accelerationG = Vector3(x: -1, y: 0, z: 0)
        let probe = try engine(sensor)
        run(probe, from: 0, to: 2000)
        probe.sampler?.sensor.accelerationG = Vector3(x: 1, y: 0, z: 0)
        run(probe, from: 2001, to: 3000, every: 1)
        let turn = try #require(probe.runtime.sink.records.first { $0.record == .orientation(.rightUp) }?.milliseconds)
        for (offset, expected) in [(0, UprightOrientation.rightUp), (-1, .leftUp)] as [(Int64, UprightOrientation)] {
            let engine = try engine(sensor)
            run(engine, from: 0, to: 2000)
            engine.sampler?.sensor.accelerationG = Vector3(x: 1, y: 0, z: 0)
            run(engine, from: 2001, to: turn - 5, every: 1)
            // The samples up to the turn and the edge at the turn (or just before) reach the
            // engine in one step, the edge queued first.
            engine.shutterEdge(ShutterEdge(time: ms(turn + offset), down: true))
            engine.step(now: ms(turn))
            #expect(engine.runtime.state.touchLatch?.orientation == expected, "edge at T\(offset)")
        }
    }

    /// Driver trouble is a fault record at the read that saw it, after that read's samples,
    /// and a recovered record at the next read with samples.
    @Test func troubleRecordsComeFromTheEngine() throws {
        let engine = try engine()
        run(engine, from: 0, to: 100)
        var reset = ReadReport()
        reset.chipResetDetected = true
        engine.sampler?.sensor.nextReport = reset
        engine.step(now: ms(110))
        engine.step(now: ms(120))
        #expect(
            faults(engine) == [Entry(milliseconds: 110, record: .fault(.sensorReset)), Entry(milliseconds: 120, record: .recovered(.sensorReset))])
    }

    /// Twenty edges (ten presses, 200 ms apart) fed before one step, more than the queue's
    /// sixteen: the seventeenth makes the engine handle the sixteen queued at once, each at
    /// its own time, so none is lost and the first eight photos are ordered at their own
    /// touches (the photo is ordered at the touch), not at the step's time. The ninth touch
    /// comes after the newest edge handled: it is judged at the step (3500 ms), and the last
    /// press waits in the machine's queue for the photo before it (the camera answers in
    /// 100 ms). The failure timeout is long so that the chip not read in between is no sensor
    /// fault here.
    @Test func aFullEdgeQueueIsHandledNotDropped() throws {
        var settings = FirmwareSettings(strictBounds: true)
        settings.supervision.failureTimeout = .seconds(10)
        let engine = try Engine(
            sensor: ScriptedSensor(), camera: FakeCamera(), records: RecordingSink(), settings: settings, initial: .previewing, start: ms(0))
        run(engine, from: 0, to: 1000)
        for index in 0..<20 {
            engine.shutterEdge(ShutterEdge(time: ms(1100 + 200 * Int64(index / 2) + 100 * Int64(index % 2)), down: index % 2 == 0))
        }
        engine.step(now: ms(3500))
        #expect(engine.edgesHandled == 20)
        run(engine, from: 3510, to: 4000)
        let photos = engine.runtime.camera.orders.compactMap { entry -> String? in
            guard case .capturePhoto(let shot, _, let touchedAt) = entry.order else { return nil }
            return "\(shot)@\(entry.time.nanoseconds / 1_000_000) touched \(touchedAt.nanoseconds / 1_000_000)"
        }
        // Photos 9 and 10 waited in the press queue for the camera, and are still of their touches.
        #expect(
            photos == [
                "1@1100 touched 1100", "2@1300 touched 1300", "3@1500 touched 1500", "4@1700 touched 1700", "5@1900 touched 1900",
                "6@2100 touched 2100", "7@2300 touched 2300", "8@2500 touched 2500", "9@3500 touched 2700", "10@3600 touched 2900",
            ])
        #expect(!engine.runtime.sink.records.contains { if case .shutterRejected = $0.record { true } else { false } })
    }

    /// Detached, the sampler is read by whoever holds it; the engine only consumes, and its
    /// deadline no longer includes the read.
    @Test func aDetachedSamplerIsReadByItsNewContextOnly() throws {
        let engine = try engine()
        #expect(engine.nextDeadline == ms(0))
        let sampler = try #require(engine.detachSampler())
        #expect(engine.detachSampler() == nil)
        engine.step(now: ms(50))
        #expect(sampler.sensor.reads == 0)
        #expect(engine.samplesHandled == 0)
        sampler.read(at: ms(50))
        engine.step(now: ms(50))
        #expect(engine.samplesHandled == 5)
        // Only the failure deadline (and the idle timer) remain.
        #expect(engine.nextDeadline == ms(300))
    }

    /// The lifecycle's last step: a shutdown is `finished` only once the journal has drained,
    /// past the shutdown's deadline too (this camera's is at once: it runs nothing). Stopping,
    /// the engine steps at the worker's next end when it is known, else looks again 10 ms on.
    @Test func aShutdownWaitsForTheRecordsGoingToTheCard() throws {
        let engine = try engine()
        run(engine, from: 0, to: 100)
        engine.runtime.sink.isFinishingRecords = true
        engine.runtime.sink.recordsDeadline = ms(2_100)
        engine.requestShutdown(at: ms(100))
        #expect(engine.phase == .stopping)
        #expect(engine.nextDeadline == ms(2_100))
        engine.runtime.sink.recordsDeadline = nil
        engine.step(now: ms(1_000))
        #expect(engine.phase == .stopping)
        #expect(engine.nextDeadline == ms(1_010))
        engine.runtime.sink.isFinishingRecords = false
        engine.step(now: ms(2_100))
        #expect(engine.phase == .finished)
        #expect(engine.nextDeadline == nil)
    }

    /// With nothing going to the card, the same shutdown is finished at once.
    @Test func aShutdownWithTheJournalWrittenEndsAtOnce() throws {
        let engine = try engine()
        run(engine, from: 0, to: 100)
        engine.requestShutdown(at: ms(100))
        #expect(engine.phase == .finished)
    }

    /// After a shutdown request edges are ignored and the chip is no longer read.
    @Test func shutdownIgnoresEdgesAndStopsReading() throws {
        let engine = try engine()
        run(engine, from: 0, to: 100)
        engine.requestShutdown(at: ms(100))
        let reads = engine.sampler?.sensor.reads
        engine.shutterEdge(ShutterEdge(time: ms(110), down: true))
        run(engine, from: 110, to: 500)
        #expect(engine.edgesHandled == 0)
        #expect(engine.sampler?.sensor.reads == reads)
        #expect(engine.runtime.state.name == .idle)
        #expect(!engine.runtime.state.sensorFaulty)
    }
}
