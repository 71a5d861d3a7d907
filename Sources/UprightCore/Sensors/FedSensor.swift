/// An `Accelerometer` whose samples are handed to it (a trace's rows, recorded data) instead
/// of read from a chip: `feed` queues one, the next read delivers what is queued. `upright
/// replay` and the microcontroller harness run a trace through it, so the trace goes through
/// the same sampler, ring and engine as a chip's samples. It never fails and has no FIFO.
public struct FedSensor: Accelerometer {
    /// The most samples waiting between two reads.
    public static let capacity = 8

    /// The time between the samples it is fed.
    public var samplePeriod: TimeSpan
    /// Subtracted from every sample delivered, as a chip driver's offset is.
    public var offsetG = Vector3.zero
    /// Always nil: no chip is behind it.
    public var identity: ChipIdentity? { nil }
    /// Always 0: it has no FIFO.
    public var fifoSamples: Int { 0 }

    private var queue = InlineArray<8, Sample>(repeating: Sample(time: .zero, accelerationG: .zero))
    private var count = 0

    /// `samplePeriod` sets the schedule a sampler would read it on (a replay reads it per row).
    public init(samplePeriod: TimeSpan = .milliseconds(10)) {
        self.samplePeriod = samplePeriod
    }

    /// Queues `sample` for the next read; false (and not queued) when `capacity` are waiting.
    public mutating func feed(_ sample: Sample) -> Bool {
        guard count < Self.capacity else { return false }
        queue[count] = sample
        count += 1
        return true
    }

    /// Does nothing: there is no chip to initialise.
    public mutating func begin(now: Instant) throws(SensorError) {}

    /// Delivers the samples fed so far, oldest first.
    public mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        var report = ReadReport()
        for index in 0..<count {
            var sample = queue[index]
            sample.accelerationG = sample.accelerationG - offsetG
            body(sample)
        }
        report.delivered = count
        count = 0
        return report
    }
}
