/// A sensor's sampling context (`SensorSampler`) and the consuming ends of its two rings: the
/// engine consumes through one, and so do tools that want the samples themselves rather than
/// the engine's decisions (`upright trace`). Begins the sensor's initialisation; throws when
/// the chip does not answer.
///
/// A class: it holds the rings' consumer handles, which cannot be copied.
public final class SensorStream<Sensor: Accelerometer> {
    /// The sampling context: call its reads on schedule, from whichever context samples.
    public let sampler: SensorSampler<Sensor>
    @exclusivity(unchecked) private var samples: SampleRing<Sample>.Consumer
    @exclusivity(unchecked) private var events: SampleRing<SensorEvent>.Consumer

    /// Begins `sensor`'s initialisation at `start` and builds the sampler and its two rings.
    public init(sensor: Sensor, supervision: SupervisionSettings, ringCapacity: Int, start: Instant, strictBounds: Bool = false) throws(SensorError) {
        var sensor = sensor
        try sensor.begin(now: start)
        let sampleRing = SampleRing<Sample>.make(minimumCapacity: ringCapacity, overrun: .overwriteOldest)
        let eventRing = SampleRing<SensorEvent>.make(minimumCapacity: FirmwareSettings.eventRingCapacity, overrun: .rejectNewest)
        samples = sampleRing.consumer
        events = eventRing.consumer
        sampler = SensorSampler(sensor: sensor, supervision: supervision, samples: sampleRing.producer, events: eventRing.producer,
                                start: start, strictBounds: strictBounds)
    }

    /// The sample ring's capacity.
    public var capacity: Int { samples.capacity }

    /// Samples the ring overwrote because they were not taken in time.
    public var samplesOverwritten: Int { Int(samples.counters.overwritten) }

    /// Appends up to `max` waiting samples to `destination`, oldest first; returns how many.
    public func popSamples(into destination: inout [Sample], max: Int) -> Int {
        samples.popBatch(into: &destination, max: max)
    }

    /// The oldest waiting sensor event, nil when none.
    public func nextEvent() -> SensorEvent? { events.pop() }
}
