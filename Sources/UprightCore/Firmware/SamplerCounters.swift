/// What the sampling context did, for summaries, benchmarks and tests.
public struct SamplerCounters: Equatable, Sendable {
    /// Calls of the driver's `readSamples` (FIFO drains or register reads).
    public var reads = 0
    /// Reads that threw (bus errors, a chip not answering).
    public var failedReads = 0
    /// Samples pushed into the ring.
    public var samplesDelivered = 0
    /// Samples the driver counted as lost (a FIFO overflow, a chip reset or unplug gap).
    public var samplesLost = 0
    /// Reads whose driver saw the chip's FIFO overflow.
    public var fifoOverflows = 0
    /// Times the driver's initialisation was started again after samples stalled.
    public var restarts = 0
    /// Samples the ring refused (`rejectNewest`); overwritten ones are the consumer's count.
    public var samplesRefused = 0
    /// Sensor events published (trouble starts and ends): a change tells a sampler thread to
    /// wake the engine at once.
    public var eventsPublished = 0
    /// Sensor events the event ring refused (a broken bound: the engine reports it).
    public var eventsRefused = 0

    /// Counters with nothing counted yet.
    public init() {}
}
