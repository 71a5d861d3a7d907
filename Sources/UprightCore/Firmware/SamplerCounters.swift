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
    /// Sensor events published (trouble starts and ends, FIFO overflows): a change tells a
    /// sampler thread to wake the engine at once. Pushes the rings refused are the engine's
    /// count (it reads them from the rings and journals them).
    public var eventsPublished = 0

    /// Counters with nothing counted yet.
    public init() {}
}
