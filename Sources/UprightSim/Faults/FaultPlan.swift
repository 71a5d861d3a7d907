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
}
