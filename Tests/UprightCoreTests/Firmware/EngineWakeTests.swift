import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The wake-up cadence a sampling context of its own keeps (a Pi's sampler thread, the
/// simulator's detached sampler): every 20 ms, at half a ring, and at once on trouble.
struct EngineWakeTests {
    /// A chip giving a sample every millisecond into a ring of `capacity`.
    func millisecondStream(ringCapacity: Int) throws -> SensorStream<ScriptedSensor> {
        try SensorStream(
            sensor: ScriptedSensor(samplePeriod: .milliseconds(1)), supervision: SupervisionSettings(), ringCapacity: ringCapacity, start: ms(0))
    }

    /// A 1 ms chip read every millisecond into a ring of 64: the loop is woken at 20 ms, 40 ms,
    /// ... not after each read.
    @Test func readsWakeTheLoopEveryTwentyMilliseconds() throws {
        let stream = try millisecondStream(ringCapacity: 64)
        let sampler = stream.sampler
        var wake = EngineWake(start: ms(0))
        var woken: [Int64] = []
        var samples: [Sample] = []
        for time in Int64(1)...60 {
            sampler.read(at: ms(time))
            if wake.isDue(after: sampler, at: ms(time)) {
                woken.append(time)
                _ = stream.popSamples(into: &samples, max: 64)
            }
        }
        #expect(woken == [20, 40, 60])
        #expect(wake.lastWake == ms(60))
    }

    /// A ring of 16 not emptied: woken at 8 samples queued, before the 20 ms; then at every
    /// read while it stays half full.
    @Test func aHalfFullRingWakesTheLoopEarly() throws {
        let stream = try millisecondStream(ringCapacity: 16)
        let sampler = stream.sampler
        var wake = EngineWake(start: ms(0))
        var woken: [Int64] = []
        for time in Int64(1)...10 {
            sampler.read(at: ms(time))
            if wake.isDue(after: sampler, at: ms(time)) { woken.append(time) }
        }
        #expect(woken == [8, 9, 10])
    }

    /// A read that found the chip reset publishes a trouble: the loop is woken at that read,
    /// 5 ms after the last wake, and not again at the next read.
    @Test func troubleWakesTheLoopAtOnce() throws {
        let stream = try SensorStream(sensor: ScriptedSensor(), supervision: SupervisionSettings(), ringCapacity: 64, start: ms(0))
        let sampler = stream.sampler
        var wake = EngineWake(start: ms(0))
        sampler.read(at: ms(5))
        let atFive = wake.isDue(after: sampler, at: ms(5))
        #expect(!atFive)
        var reset = ReadReport()
        reset.chipResetDetected = true
        sampler.sensor.nextReport = reset
        sampler.read(at: ms(10))
        let atTen = wake.isDue(after: sampler, at: ms(10))
        #expect(atTen)
        sampler.read(at: ms(15))
        let atFifteen = wake.isDue(after: sampler, at: ms(15))
        #expect(!atFifteen)
    }
}
