import Testing
import UprightCore
import UprightLinux

/// A sensor that fails while `failing`, else delivers one sample per read.
struct ScriptedSensor: Accelerometer {
    var failing = false
    var reads = 0
    var identity: ChipIdentity? { nil }
    var samplePeriod: TimeSpan { .milliseconds(10) }
    var offsetG = Vector3.zero

    mutating func begin(now: Instant) throws(SensorError) {}

    mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        reads += 1
        if failing { throw .bus(.noAcknowledge) }
        body(Sample(time: now, accelerationG: Vector3(x: 0, y: 0, z: 1)))
        var report = ReadReport()
        report.delivered = 1
        return report
    }
}

struct SensorSamplerTests {
    func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

    @Test func threeFailuresInARowAreAFaultThenBackoffDoublesThenRecovery() {
        var sampler = SensorSampler(sensor: ScriptedSensor(failing: true))
        var samples = 0
        #expect(sampler.read(now: at(0)) { _ in samples += 1 } == nil)
        #expect(sampler.read(now: at(20)) { _ in samples += 1 } == nil)
        #expect(sampler.read(now: at(40)) { _ in samples += 1 } == .failed(.bus(.noAcknowledge)))
        #expect(sampler.isFailed)
        #expect(sampler.retryAt == at(140))
        // No bus traffic before the retry time.
        #expect(sampler.read(now: at(139)) { _ in samples += 1 } == nil)
        #expect(sampler.sensor.reads == 3)
        #expect(sampler.read(now: at(140)) { _ in samples += 1 } == nil)
        #expect(sampler.retryAt == at(340))
        #expect(sampler.read(now: at(340)) { _ in samples += 1 } == nil)
        #expect(sampler.retryAt == at(740))
        sampler.sensor.failing = false
        #expect(sampler.read(now: at(740)) { _ in samples += 1 } == .recovered)
        #expect(!sampler.isFailed)
        #expect(samples == 1)
        #expect(sampler.read(now: at(760)) { _ in samples += 1 } == nil)
        #expect(samples == 2)
    }

    @Test func oneGlitchIsNotAFault() {
        var sampler = SensorSampler(sensor: ScriptedSensor(failing: true))
        #expect(sampler.read(now: at(0)) { _ in } == nil)
        sampler.sensor.failing = false
        #expect(sampler.read(now: at(20)) { _ in } == nil)
        #expect(!sampler.isFailed)
        #expect(sampler.consecutiveFailures == 0)
    }

    @Test func backoffStopsGrowingAtTwoSeconds() {
        var sampler = SensorSampler(sensor: ScriptedSensor(failing: true))
        var now: Int64 = 0
        for _ in 0..<12 {
            _ = sampler.read(now: at(now)) { _ in }
            now = (sampler.retryAt?.nanoseconds ?? now * 1_000_000) / 1_000_000
        }
        let before = now
        _ = sampler.read(now: at(now)) { _ in }
        #expect(sampler.retryAt == at(before + 2_000))
    }
}
