import UprightCore

/// Where the accelerometer is read, and how often.
///
/// On the event loop when the chip's FIFO holds at least `minimumBufferedTime` of samples:
/// the loop then drains it every `drainInterval` (20 ms), and a loop iteration that stalls
/// (a journal fsync on an SD card takes tens of milliseconds, posix_spawn of a camera command
/// a few) only delays a drain, the chip keeps the samples. An MPU-6050 FIFO of accelerometer
/// records holds 1024 / 6 = 170 samples, 170 ms even at its 1 kHz maximum, so FIFO mode at
/// 1 kHz stays on the loop: 20 samples (120 bytes, about 3 ms of bus at 400 kHz) per drain.
///
/// On the sampler thread when nothing buffers enough: register (burst) reads faster than
/// `loopRateLimitHz`, or an ADXL345 FIFO (32 entries: 80 ms at 400 Hz) at high rates. Each
/// read there is one `readSamples` on the thread's own timer, pushed into the `SampleRing`;
/// the loop is woken (eventfd) once per drain interval, not per sample.
public enum SamplerPlacement: Equatable, Sendable {
    case loop(period: TimeSpan)
    case thread(period: TimeSpan)

    public static var drainInterval: TimeSpan { .milliseconds(20) }
    public static var minimumBufferedTime: TimeSpan { .milliseconds(100) }
    /// Register reads at or below this rate stay on the loop (a stall costs a sample or two,
    /// which the orientation filter does not notice).
    public static var loopRateLimitHz: Double { 100 }

    /// `fifoSamples`: how many samples the chip buffers (0 when read register by register).
    public static func decide(samplePeriod: TimeSpan, fifoSamples: Int) -> SamplerPlacement {
        let period = max(samplePeriod, .microseconds(100))
        if fifoSamples > 0 {
            let buffered = TimeSpan(nanoseconds: period.nanoseconds * Int64(fifoSamples))
            // Drain at least four times per FIFO fill, never more often than once per sample.
            let drain = max(period, min(drainInterval, TimeSpan(nanoseconds: buffered.nanoseconds / 4)))
            return buffered >= minimumBufferedTime ? .loop(period: drain) : .thread(period: drain)
        }
        let rateHz = 1e9 / Double(period.nanoseconds)
        return rateHz > loopRateLimitHz ? .thread(period: period) : .loop(period: period)
    }

    /// The samples `sensor`'s FIFO holds in its configured mode (0 for register reads).
    public static func fifoSamples<Bus>(_ sensor: AnySensor<Bus>) -> Int {
        switch sensor {
        case .mpu6050(let driver):
            guard driver.configuration.readMode == .fifo else { return 0 }
            return (driver.identity?.model.fifoCapacity ?? 1024) / driver.configuration.fifoContents.bytesPerSample
        case .adxl345(let driver):
            // 32 FIFO entries plus the one in the data registers (data sheet "FIFO").
            return driver.configuration.readMode == .fifo ? 32 : 0
        }
    }

    public var period: TimeSpan {
        switch self {
        case .loop(let period), .thread(let period): period
        }
    }
}
