import Testing
import UprightCore

/// The one read schedule (the Pi, the simulator and a microcontroller read on it).
struct ReadScheduleTests {
    @Test func mpu6050FIFOAt1kHzDrainsEvery20msInTheLoop() {
        // 1024-byte FIFO / 6-byte records = 170 samples = 170 ms at 1 kHz.
        let schedule = ReadSchedule(samplePeriod: .milliseconds(1), fifoSamples: 170)
        #expect(schedule.interval == TimeSpan(nanoseconds: 20_000_000))
        #expect(schedule.bufferedTime == TimeSpan(nanoseconds: 170_000_000))
        #expect(!schedule.needsOwnContext)
    }

    /// The case the Pi and the simulator used to disagree on (5 ms and 10 ms): 32 entries at
    /// 0.625 ms hold 20 ms, drained four times per fill.
    @Test func adxl345FIFOAt1600HzDrainsEvery5msInItsOwnContext() {
        let schedule = ReadSchedule(samplePeriod: .microseconds(625), fifoSamples: 32)
        #expect(schedule.interval == TimeSpan(nanoseconds: 5_000_000))
        #expect(schedule.needsOwnContext)
    }

    @Test func adxl345FIFOAt400HzIsTooShallowForTheLoop() {
        // 32 entries at 2.5 ms = 80 ms, under the 100 ms a journal fsync may stall the loop.
        let schedule = ReadSchedule(samplePeriod: .microseconds(2_500), fifoSamples: 32)
        #expect(schedule.interval == TimeSpan(nanoseconds: 20_000_000))
        #expect(schedule.needsOwnContext)
    }

    @Test func adxl345FIFOAt100HzStaysInTheLoop() {
        let schedule = ReadSchedule(samplePeriod: .milliseconds(10), fifoSamples: 32)
        #expect(schedule.interval == TimeSpan(nanoseconds: 20_000_000))
        #expect(!schedule.needsOwnContext)
    }

    @Test func slowFIFODrainsOncePerSample() {
        // 6.25 Hz: 160 ms per sample; draining more often would read an empty FIFO.
        #expect(ReadSchedule(samplePeriod: .milliseconds(160), fifoSamples: 32).interval == TimeSpan(nanoseconds: 160_000_000))
    }

    @Test func registerReadsOncePerSampleAndAbove100HzInTheirOwnContext() {
        let fast = ReadSchedule(samplePeriod: .milliseconds(5), fifoSamples: 0)
        #expect(fast.interval == TimeSpan(nanoseconds: 5_000_000))
        #expect(fast.needsOwnContext)
        let slow = ReadSchedule(samplePeriod: .milliseconds(10), fifoSamples: 0)
        #expect(slow.interval == TimeSpan(nanoseconds: 10_000_000))
        #expect(!slow.needsOwnContext)
    }

    @Test func noChipIsReadFasterThan10kHz() {
        #expect(ReadSchedule(samplePeriod: .microseconds(10), fifoSamples: 0).interval == TimeSpan(nanoseconds: 100_000))
    }
}
