import UprightCore
#if canImport(Glibc)
import Glibc
#endif

/// The soak's chip-level faults, drawn lazily from a seeded stream: one at a time, in time order, so a
/// day of faults costs no storage. Gaps are a minimum (long enough for the previous fault to
/// clear and the detector to recover, so each recovery is measured on its own) plus an
/// exponential part. Kinds come in shuffled rounds of the chip-level kinds the mix has on (all
/// five in the standard soak), so each round of faults includes every kind.
public struct SoakFaultPlanner: Sendable {
    /// Every fault clears at least this long before the next one starts.
    public static let minimumGapSeconds = 15.0
    /// No fault starts within this long of `end`, so all have cleared and recovered by then.
    public static let quietEndSeconds = 30.0
    /// The longest outage any fault lasts.
    public static let maximumOutageSeconds = 3.0

    private var generator: SeededGenerator
    private var nextTime: Double
    private let endSeconds: Double
    private var round: [SoakFaultKind] = []
    /// The kinds a round holds, and the mean of the gap's exponential part.
    public let kinds: [SoakFaultKind]
    public let meanExtraGapSeconds: Double

    /// Faults between `start` and `end` (device time) of `kinds` (the chip-level ones; none
    /// listed gives none), drawn from `generator` (a `RandomStreams` stream).
    public init(
        generator: SeededGenerator, start: Instant, end: Instant, kinds: [SoakFaultKind] = SoakMix.standard.faultKinds,
        meanExtraGapSeconds: Double = SoakMix.standard.meanExtraGapSeconds
    ) {
        self.generator = generator
        self.kinds = kinds.filter { $0 != .busError }
        self.meanExtraGapSeconds = meanExtraGapSeconds
        endSeconds = end.seconds - SoakFaultPlanner.quietEndSeconds
        nextTime = start.seconds + 5
        nextTime += gap()
    }

    private mutating func gap() -> Double {
        let extra = -log(max(generator.unit(), 1e-12)) * meanExtraGapSeconds
        return min(extra, 10 * meanExtraGapSeconds)
    }

    private mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * generator.unit() }

    /// The next fault, or nil when no more fit before the end.
    public mutating func next() -> SoakFault? {
        guard nextTime < endSeconds, !kinds.isEmpty else { return nil }
        let time = nextTime
        if round.isEmpty {
            round = kinds
            round.shuffle(using: &generator)
        }
        let kind = round.removeLast()
        let outage: Double
        switch kind {
        case .chipReset, .busError: outage = 0
        case .unplug: outage = uniform(0.05, SoakFaultPlanner.maximumOutageSeconds)
        // Longer than the 64 identical samples the driver calls stuck (64 ms at 1 kHz).
        case .stuckData: outage = uniform(0.3, SoakFaultPlanner.maximumOutageSeconds)
        // The MPU-6050's 1024-byte FIFO holds 170 accelerometer samples (170 ms at 1 kHz).
        case .fifoOverflow: outage = uniform(0.3, 2)
        // The ring holds 1024 samples (about 1 s at 1 kHz).
        case .ringOverflow: outage = uniform(1.2, SoakFaultPlanner.maximumOutageSeconds)
        }
        nextTime = time + outage + SoakFaultPlanner.minimumGapSeconds + gap()
        let start = Instant(nanoseconds: TimeSpan(seconds: time).nanoseconds)
        return SoakFault(time: start, kind: kind, clears: start + TimeSpan(seconds: outage))
    }
}
