import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The sampling context's supervision: backoff, stall restart, trouble reports, counters.
struct SensorSamplerTests {
    func stream(_ sensor: ScriptedSensor = ScriptedSensor()) throws -> SensorStream<ScriptedSensor> {
        try SensorStream(sensor: sensor, supervision: SupervisionSettings(), ringCapacity: 64, start: ms(0))
    }

    @Test func readsOnTheScheduleAndPushesIntoTheRing() throws {
        let stream = try stream()
        let sampler = stream.sampler
        #expect(sampler.nextRead == ms(0))
        #expect(sampler.readIfDue(at: ms(0)))
        #expect(sampler.nextRead == ms(10))
        #expect(!sampler.readIfDue(at: ms(9)))
        #expect(sampler.readIfDue(at: ms(35)))
        #expect(sampler.nextRead == ms(45))
        var samples: [Sample] = []
        #expect(stream.popSamples(into: &samples, max: 64) == 3)
        #expect(samples.map(\.time) == [ms(10), ms(20), ms(30)])
        #expect(sampler.counters.reads == 2)
        #expect(sampler.counters.samplesDelivered == 3)
    }

    /// Failed reads back off from the 10 ms interval, doubling to the 320 ms cap; the first
    /// good read goes back to the schedule. No read is attempted before its time.
    @Test func failedReadsBackOffThenTheScheduleResumes() throws {
        let stream = try stream()
        let sampler = stream.sampler
        sampler.sensor.failing = true
        var times: [Int64] = []
        var now = ms(0)
        for _ in 0..<8 {
            sampler.read(at: now)
            now = sampler.nextRead
            times.append(now.nanoseconds / 1_000_000)
        }
        #expect(times == [20, 60, 140, 300, 620, 940, 1260, 1580])
        #expect(sampler.counters.failedReads == 8)
        sampler.sensor.failing = false
        sampler.read(at: now)
        #expect(sampler.nextRead == now + .milliseconds(10))
        #expect(sampler.counters.samplesDelivered > 0)
    }

    /// No sample for 500 ms starts the driver's initialisation again, at most once per 500 ms.
    @Test func stalledSamplesRestartTheDriver() throws {
        let stream = try stream()
        let sampler = stream.sampler
        #expect(sampler.sensor.begins == 1)
        sampler.read(at: ms(10))
        sampler.sensor.failing = true
        for time in stride(from: Int64(20), through: 1_600, by: 20) { sampler.read(at: ms(time)) }
        // Delivery last at 10 ms: restarts at 520 ms and 1020 ms and 1520 ms.
        #expect(sampler.counters.restarts == 3)
        #expect(sampler.sensor.begins == 4)
    }

    /// A reset reported on three reads in a row is one trouble; the first sample after it ends it.
    @Test func troubleIsReportedOnceAndEndsWithTheNextSample() throws {
        let stream = try stream()
        let sampler = stream.sampler
        var reset = ReadReport()
        reset.chipResetDetected = true
        for time: Int64 in [10, 20, 30] {
            sampler.sensor.nextReport = reset
            sampler.read(at: ms(time))
        }
        #expect(stream.nextEvent() == SensorEvent(time: ms(10), kind: .troubleStarted(.sensorReset)))
        // Each of those reads also delivered a sample, so the trouble ended at once.
        #expect(stream.nextEvent() == SensorEvent(time: ms(20), kind: .troubleCleared(.sensorReset)))
        #expect(stream.nextEvent() == SensorEvent(time: ms(20), kind: .troubleStarted(.sensorReset)))
        sampler.sensor.failing = true
        sampler.read(at: ms(40))
        sampler.sensor.failing = false
        #expect(sampler.trouble == .sensorReset)
        sampler.read(at: ms(100))
        #expect(stream.nextEvent() == SensorEvent(time: ms(30), kind: .troubleCleared(.sensorReset)))
        #expect(stream.nextEvent() == SensorEvent(time: ms(30), kind: .troubleStarted(.sensorReset)))
        #expect(stream.nextEvent() == SensorEvent(time: ms(100), kind: .troubleCleared(.sensorReset)))
        #expect(stream.nextEvent() == nil)
        #expect(sampler.counters.eventsPublished == 6)
    }

    @Test func lostSamplesAndOverflowsAreCounted() throws {
        let stream = try stream()
        let sampler = stream.sampler
        var overflow = ReadReport()
        overflow.overflowed = true
        overflow.lost = 17
        sampler.sensor.nextReport = overflow
        sampler.read(at: ms(10))
        #expect(sampler.counters.samplesLost == 17)
        #expect(sampler.counters.fifoOverflows == 1)
    }

    @Test func aSensorThatDoesNotAnswerAtStartIsAnError() {
        var sensor = ScriptedSensor()
        sensor.failing = true
        #expect(throws: SensorError.bus(.noAcknowledge)) {
            _ = try SensorStream(sensor: sensor, supervision: SupervisionSettings(), ringCapacity: 8, start: ms(0))
        }
    }
}
