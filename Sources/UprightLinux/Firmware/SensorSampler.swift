import UprightCore

/// Reads the accelerometer on schedule and keeps it going through errors: a few failed reads
/// in a row mark the sensor failed; then it is retried with exponential backoff (no bus
/// traffic in between), and the first read that works again marks it recovered. Time comes
/// from the caller, so the same sampler runs on the event loop, on the sampler thread and in
/// tests.
public struct SensorSampler<Sensor: Accelerometer> {
    /// What changed in one `read`.
    public enum Change: Equatable, Sendable {
        case failed(SensorError)
        case recovered
        /// The driver found the chip reset, asleep or stuck and set it up again.
        case reinitialised(stuckData: Bool)
    }

    public var sensor: Sensor
    /// Failed reads in a row before the sensor counts as failed (one glitch is not a fault).
    public static var failuresBeforeFault: Int { 3 }
    public static var firstRetry: TimeSpan { .milliseconds(100) }
    public static var longestRetry: TimeSpan { .seconds(2) }

    public private(set) var isFailed = false
    public private(set) var consecutiveFailures = 0
    /// No read before this while failed.
    public private(set) var retryAt: Instant?
    private var backoff = SensorSampler.firstRetry
    public private(set) var lostSamples = 0

    public init(sensor: Sensor) {
        self.sensor = sensor
    }

    /// Reads what the chip has (nothing while waiting to retry), hands the samples to `body`,
    /// and reports a change of health, if any.
    public mutating func read(now: Instant, into body: (Sample) -> Void) -> Change? {
        if let retryAt, now < retryAt { return nil }
        do throws(SensorError) {
            let report = try sensor.readSamples(now: now, into: body)
            lostSamples += report.lost
            consecutiveFailures = 0
            retryAt = nil
            backoff = Self.firstRetry
            if isFailed {
                isFailed = false
                return .recovered
            }
            if report.chipResetDetected { return .reinitialised(stuckData: report.stuckDataDetected) }
            return nil
        } catch {
            consecutiveFailures += 1
            if isFailed {
                retryAt = now + backoff
                backoff = min(backoff + backoff, Self.longestRetry)
                return nil
            }
            guard consecutiveFailures >= Self.failuresBeforeFault else { return nil }
            isFailed = true
            retryAt = now + backoff
            backoff = min(backoff + backoff, Self.longestRetry)
            return .failed(error)
        }
    }
}
