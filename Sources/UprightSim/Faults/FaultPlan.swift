import UprightCore

/// What can go wrong on the simulated bus, and when. Probabilities are per transaction and
/// drawn from `seed`, so one plan and one seed reproduce a run exactly.
public struct FaultPlan: Equatable, Sendable {
    public var seed: UInt64
    /// A transaction is not acknowledged (a glitch on SDA, a busy chip).
    public var noAcknowledgeProbability: Double
    /// A transaction times out (clock stretching the controller gave up on).
    public var timeoutProbability: Double
    /// Another master won arbitration.
    public var arbitrationLossProbability: Double
    /// One bit of a read transaction's data arrives inverted.
    public var bitFlipProbability: Double
    /// Chip faults at fixed times, in time order.
    public var chipFaults: [ScheduledChipFault]

    public init(
        seed: UInt64, noAcknowledgeProbability: Double = 0, timeoutProbability: Double = 0,
        arbitrationLossProbability: Double = 0, bitFlipProbability: Double = 0, chipFaults: [ScheduledChipFault] = []
    ) {
        self.seed = seed
        self.noAcknowledgeProbability = noAcknowledgeProbability
        self.timeoutProbability = timeoutProbability
        self.arbitrationLossProbability = arbitrationLossProbability
        self.bitFlipProbability = bitFlipProbability
        self.chipFaults = chipFaults.sorted { $0.time < $1.time }
    }

    /// Adds chip faults at random times over `span`, one every `meanInterval` on average
    /// (exponential gaps), each a glitch, an unplug or stuck data for up to `maximumOutage`.
    /// Bounded to `limit` faults.
    public mutating func addRandomChipFaults(address: UInt8, over span: TimeSpan, meanInterval: TimeSpan, maximumOutage: TimeSpan = .milliseconds(500), limit: Int = 1000) {
        var generator = SeededGenerator(seed: seed ^ 0xC41F_FA17)
        var time = Instant.zero
        var added: [ScheduledChipFault] = []
        while added.count < limit {
            let gap = -log(max(generator.unit(), 1e-12)) * meanInterval.seconds
            time = time + TimeSpan(seconds: gap)
            guard time - .zero < span else { break }
            let outage = TimeSpan(nanoseconds: max(1_000_000, Int64(generator.unit() * Double(maximumOutage.nanoseconds))))
            let fault: ChipFault
            switch generator.next() % 3 {
            case 0: fault = .powerGlitch
            case 1: fault = .unplug(duration: outage)
            default: fault = .stuckData(duration: outage)
            }
            added.append(ScheduledChipFault(time: time, address: address, fault: fault))
        }
        chipFaults = (chipFaults + added).sorted { $0.time < $1.time }
    }
}

#if canImport(Glibc)
import Glibc
#endif
