/// When the sampling context reads the chip: derived once from the chip's rate, FIFO depth and
/// read mode, so the Pi, the simulator and a microcontroller read on the same schedule.
///
/// - A FIFO is drained at most every `drainInterval` (20 ms) and at least four times per fill,
///   never more often than once per sample: an MPU-6050 FIFO of accelerometer records holds
///   170 samples (170 ms even at its 1 kHz maximum), so it is drained every 20 ms (20 samples,
///   about 3 ms of bus at 400 kHz); an ADXL345's 32 entries last 20 ms at 1600 Hz, so it is
///   drained every 5 ms there.
/// - Register (burst) reads happen once per sample period.
///
/// `needsOwnContext` says whether a loop that also does slower work (a journal fsync on an SD
/// card takes tens of milliseconds, spawning a camera command a few) may do the reads itself:
/// yes when the chip buffers at least `minimumBufferedTime` (a stalled pass only delays a
/// drain), or for register reads up to `loopRateLimitHz` (a stall costs a sample or two, which
/// the orientation filter does not notice). Otherwise the reads belong in a context of their
/// own: a sampler thread on Linux, an interrupt handler on a microcontroller.
public struct ReadSchedule: Equatable, Sendable {
    /// Time between two reads.
    public var interval: TimeSpan
    /// How long the chip keeps samples between reads (0 for register reads).
    public var bufferedTime: TimeSpan
    /// The reads need a context that nothing else delays (see above).
    public var needsOwnContext: Bool

    /// The longest time between two FIFO drains.
    public static var drainInterval: TimeSpan { .milliseconds(20) }
    /// The buffering that lets an event loop with slow work read the chip itself.
    public static var minimumBufferedTime: TimeSpan { .milliseconds(100) }
    /// The highest register-read rate an event loop with slow work may read itself.
    public static var loopRateLimitHz: Int64 { 100 }
    /// The shortest interval any chip is read at (10 kHz).
    public static var shortestInterval: TimeSpan { .microseconds(100) }

    /// `fifoSamples`: how many samples the chip buffers (0 when read register by register).
    public init(samplePeriod: TimeSpan, fifoSamples: Int) {
        let period = max(samplePeriod, Self.shortestInterval)
        if fifoSamples > 0 {
            let buffered = period * Int64(fifoSamples)
            interval = max(period, min(Self.drainInterval, TimeSpan(nanoseconds: buffered.nanoseconds / 4)))
            bufferedTime = buffered
            needsOwnContext = buffered < Self.minimumBufferedTime
        } else {
            interval = period
            bufferedTime = .zero
            needsOwnContext = period.nanoseconds * Self.loopRateLimitHz < 1_000_000_000
        }
    }

    /// The schedule for `sensor` as configured (and identified, for the FIFO's depth).
    public init<Sensor: Accelerometer>(for sensor: Sensor) {
        self.init(samplePeriod: sensor.samplePeriod, fifoSamples: sensor.fifoSamples)
    }
}
