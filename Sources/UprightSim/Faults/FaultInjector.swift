import UprightCore

/// Draws a `FaultPlan`'s faults for a `SimBus`: per-transaction faults from its own seeded
/// stream, chip faults when virtual time reaches them.
public final class FaultInjector {
    public let plan: FaultPlan
    // Read on every transfer of the single-threaded simulation: unchecked exclusivity spares a
    // runtime access-tracking call each time.
    @exclusivity(unchecked) private var generator: SeededGenerator
    @exclusivity(unchecked) private var nextChipFault = 0
    /// How many faults of each kind were injected.
    @exclusivity(unchecked) public private(set) var injectedCount = 0
    /// Called for every injected fault (the simulator turns these into `fault` events).
    public var onFault: ((Instant, InjectedFault) -> Void)?
    /// Per-transaction faults are drawn only while this is true (run with faults, then
    /// without, and check recovery).
    @exclusivity(unchecked) public var enabled = true

    public init(plan: FaultPlan) {
        self.plan = plan
        generator = SeededGenerator(seed: plan.seed)
    }

    private func report(_ fault: InjectedFault, _ now: Instant) {
        injectedCount += 1
        onFault?(now, fault)
    }

    func applyScheduledFaults(now: Instant, bus: SimBus) {
        while nextChipFault < plan.chipFaults.count, plan.chipFaults[nextChipFault].time <= now {
            let scheduled = plan.chipFaults[nextChipFault]
            nextChipFault += 1
            bus.apply(scheduled.fault, toChipAt: scheduled.address, at: now)
            report(.chip(address: scheduled.address, fault: scheduled.fault), now)
        }
    }

    func drawTransferFault(now: Instant) -> I2CError? {
        guard enabled else { return nil }
        if generator.chance(plan.noAcknowledgeProbability) {
            report(.noAcknowledge, now)
            return .noAcknowledge
        }
        if generator.chance(plan.timeoutProbability) {
            report(.timeout, now)
            return .timeout
        }
        if generator.chance(plan.arbitrationLossProbability) {
            report(.arbitrationLost, now)
            return .arbitrationLost
        }
        return nil
    }

    func maybeFlipBit(in read: UnsafeMutableRawBufferPointer, now: Instant) {
        guard enabled, read.count > 0, generator.chance(plan.bitFlipProbability) else { return }
        let byteIndex = Int(generator.next() % UInt64(read.count))
        let bit = Int(generator.next() % 8)
        read[byteIndex] ^= UInt8(1) << bit
        report(.bitFlip(byteIndex: byteIndex, bit: bit), now)
    }
}
