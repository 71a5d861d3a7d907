import UprightCore

/// The engine's record sink in the harness: every record becomes one compact line
/// (`CompactRecord`) on `output` as it happens, timed relative to the record before it.
public struct RecordLineSink<Output: LineOutput>: RecordSink {
    public var output: Output
    public private(set) var records = 0
    private var lastTime = Instant.zero

    public init(output: Output) {
        self.output = output
    }

    public mutating func record(_ record: MachineRecord, at time: Instant) {
        var line = LineBuilder()
        CompactRecord(record).write(delta: (time - lastTime).nanoseconds, into: &line)
        lastTime = time
        records += 1
        line.write(to: &output)
    }
}
