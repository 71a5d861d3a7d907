/// A sensor's sampling context (`SensorSampler`) and the consuming ends of its two rings: the
/// engine consumes through one, and so do tools that want the samples themselves rather than
/// the engine's decisions (`upright trace`). Begins the sensor's initialisation; throws when
/// the chip does not answer.
///
/// A class: it holds the rings' consumer handles, which cannot be copied.
public final class SensorStream<Sensor: Accelerometer> {
    /// The sampling context: call its reads on schedule, from whichever context samples.
    public let sampler: SensorSampler<Sensor>
    @exclusivity(unchecked) private var samples: SPSCRing<Sample>.Consumer
    @exclusivity(unchecked) private var events: SPSCRing<SensorEvent>.Consumer

    /// Begins `sensor`'s initialisation at `start` and builds the sampler and its two rings.
    public init(
        sensor: consuming Sensor, supervision: SupervisionSettings, ringCapacity: Int, eventRingCapacity: Int = 32, start: Instant
    ) throws(SensorError) {
        let sampleRing = SPSCRing<Sample>.make(minimumCapacity: ringCapacity, overrun: .overwriteOldest)
        let eventRing = SPSCRing<SensorEvent>.make(minimumCapacity: eventRingCapacity, overrun: .rejectNewest)
        samples = sampleRing.consumer
        events = eventRing.consumer
        sampler = try SensorSampler(
            sensor: sensor, supervision: supervision, samples: sampleRing.producer, events: eventRing.producer,
            start: start)
    }

    /// The sample ring's capacity.
    public var capacity: Int { samples.capacity }
    /// The sensor-event ring's capacity.
    public var eventCapacity: Int { events.capacity }

    /// Samples the ring overwrote because they were not taken in time.
    public var samplesOverwritten: Int { Int(samples.counters.overwritten) }
    /// Samples that never reach the engine: overwritten, or refused (the oldest slot was
    /// being read when the ring was full). Wraps; compare differences.
    public var samplesDropped: UInt { samples.counters.dropped }
    /// Sensor events the event ring refused (it was full). Wraps; compare differences.
    public var eventsDropped: UInt { events.counters.dropped }

    /// Appends up to `max` waiting samples to `destination`, oldest first; returns how many.
    public func popSamples(into destination: inout [Sample], max: Int) -> Int {
        samples.popBatch(into: &destination, max: max)
    }

    /// Copies up to `destination.count` waiting samples, oldest first, to the start of
    /// `destination` and returns how many: the engine's fixed batch.
    public func popSamples<let count: Int>(into destination: inout InlineArray<count, Sample>) -> Int {
        var span = destination.mutableSpan
        return span.withUnsafeMutableBufferPointer { samples.popBatch(into: $0) }
    }

    /// The oldest waiting sensor event, nil when none.
    public func nextEvent() -> SensorEvent? { events.pop() }
}
