/// What a driver keeps between reads besides its chip's registers: how far bringing the chip
/// up has got, the times its stamps and health checks count from, the start of a gap a reset
/// loses, and the stuck-data monitor. The same for both drivers (`ChipDriver`), and not
/// generic: one copy of this code however many buses and chips a firmware is built for.
@usableFromInline
struct ChipProgress: Sendable {
    var phase: SensorPhase = .unconfigured
    /// The time of the newest sample delivered (or of the configuration): a gap or an
    /// overflow counts its lost samples from it.
    var lastDelivered: Instant = .zero
    /// The earliest time the next drain may stamp a sample at: after the last read that
    /// returned, with records or with none (`Accelerometer.readSamples`' promise).
    var stampFloor: Instant = .zero
    var lastHealthCheck: Instant = .zero
    /// Start of a gap caused by a chip reset (samples lost until configured again).
    var gapStart: Instant?
    var stuck: StuckDataMonitor

    init(stuckSampleLimit: Int) { stuck = StuckDataMonitor(limit: stuckSampleLimit) }

    /// The chip has been configured at `now`: it runs, and its samples and health checks
    /// count from now.
    mutating func configured(now: Instant, stuckSampleLimit: Int) {
        phase = .running
        lastDelivered = now
        lastHealthCheck = now
        stuck = StuckDataMonitor(limit: stuckSampleLimit)
    }

    /// The chip was found reset (or stuck): the gap starts at the last sample delivered
    /// (unless one is open already) and the chip is brought up again.
    mutating func restarting(report: inout ReadReport) {
        report.chipResetDetected = true
        if gapStart == nil { gapStart = lastDelivered }
        phase = .unconfigured
    }

    /// The open gap's start, closed; nil when none is open.
    mutating func takeGapStart() -> Instant? {
        defer { gapStart = nil }
        return gapStart
    }

    /// A read that returned at `now`: the next drain stamps nothing at or before it.
    mutating func readReturned(at now: Instant) {
        if now > stampFloor { stampFloor = now }
    }
}
