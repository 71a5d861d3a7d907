import UprightCore

/// A sensor for the engine's tests: while `failing` every read throws no-acknowledge; else a
/// read delivers one sample per `samplePeriod` since the last delivery (like a FIFO), with
/// `accelerationG`, and reports `nextReport`'s flags once.
struct ScriptedSensor: Accelerometer {
    var failing = false
    var accelerationG = Vector3(x: -1, y: 0, z: 0)
    var samplePeriod: TimeSpan = .milliseconds(10)
    var fifoSamples = 0
    var offsetG = Vector3.zero
    var identity: ChipIdentity? { nil }
    /// Flags for the next successful read only.
    var nextReport = ReadReport()
    private(set) var reads = 0
    private(set) var begins = 0
    private var lastSample: Instant?

    init(samplePeriod: TimeSpan = .milliseconds(10), fifoSamples: Int = 0) {
        self.samplePeriod = samplePeriod
        self.fifoSamples = fifoSamples
    }

    mutating func begin(now: Instant) throws(SensorError) {
        begins += 1
        if failing { throw .bus(.noAcknowledge) }
        if lastSample == nil { lastSample = now }
    }

    mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        reads += 1
        if failing { throw .bus(.noAcknowledge) }
        var report = nextReport
        nextReport = ReadReport()
        var time = (lastSample ?? now) + samplePeriod
        while time <= now {
            body(Sample(time: time, accelerationG: accelerationG))
            report.delivered += 1
            lastSample = time
            time = time + samplePeriod
        }
        return report
    }
}
