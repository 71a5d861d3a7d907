import Testing
import UprightCore
import UprightLinux

struct SamplerPlacementTests {
    @Test func mpu6050FIFOAt1kHzStaysOnTheLoopDrainingEvery20ms() {
        // 1024-byte FIFO / 6-byte records = 170 samples = 170 ms at 1 kHz.
        #expect(SamplerPlacement.decide(samplePeriod: .milliseconds(1), fifoSamples: 170) == .loop(period: .milliseconds(20)))
    }

    @Test func adxl345FIFOAt400HzIsTooShallowForTheLoop() {
        // 32 entries at 2.5 ms = 80 ms, under the 100 ms a journal fsync may stall the loop.
        #expect(SamplerPlacement.decide(samplePeriod: .microseconds(2_500), fifoSamples: 32) == .thread(period: .milliseconds(20)))
    }

    @Test func adxl345FIFOAt100HzStaysOnTheLoop() {
        #expect(SamplerPlacement.decide(samplePeriod: .milliseconds(10), fifoSamples: 32) == .loop(period: .milliseconds(20)))
    }

    @Test func slowFIFODrainsOncePerSample() {
        // 6.25 Hz: 160 ms per sample; draining more often would read an empty FIFO.
        #expect(SamplerPlacement.decide(samplePeriod: .milliseconds(160), fifoSamples: 32) == .loop(period: .milliseconds(160)))
    }

    @Test func registerReadsAbove100HzGoToTheThread() {
        #expect(SamplerPlacement.decide(samplePeriod: .milliseconds(5), fifoSamples: 0) == .thread(period: .milliseconds(5)))
        #expect(SamplerPlacement.decide(samplePeriod: .milliseconds(10), fifoSamples: 0) == .loop(period: .milliseconds(10)))
    }
}
