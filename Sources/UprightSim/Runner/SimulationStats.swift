import UprightCore

/// What the sampling side of a simulated run did, beside the event stream: for the summary
/// and for tests that check the ports (faults, the ring, the wire) really ran.
public struct SimulationStats: Equatable, Sendable {
    /// Virtual instants the loop stepped to (not samples: it jumps from one event to the next).
    public var steps = 0
    /// Calls of the driver's `readSamples` (FIFO drains or burst reads).
    public var reads = 0
    /// Reads that threw (bus errors, an unplugged chip).
    public var readErrors = 0
    public var samplesDelivered = 0
    /// Samples the driver counted as lost (FIFO overflow, a chip reset or unplug gap).
    public var samplesLost = 0
    /// Samples the ring dropped between the sampling step and the runtime.
    public var ringDropped = 0
    /// Faults the fault plan injected: per-transaction bus faults and scheduled chip faults.
    public var faultsInjected = 0
    /// Times the runtime was told the sensor failed, and that it recovered.
    public var sensorFaults = 0
    public var sensorRecoveries = 0
    /// Times the sampling context started the driver's initialisation over after no sample
    /// arrived for the stall timeout (`SupervisionSettings.stallTimeout`).
    public var sensorRestarts = 0
    /// Traffic on the simulated I2C bus.
    public var wire = WireStats()

    public init() {}

    /// The sampling context's counters.
    public init(sampler: SamplerCounters) {
        reads = sampler.reads
        readErrors = sampler.failedReads
        samplesDelivered = sampler.samplesDelivered
        samplesLost = sampler.samplesLost
        sensorRestarts = sampler.restarts
    }
}
