/// Where the runtime reports what happened: the journal, the NDJSON event stream, a test
/// recorder. UprightHost maps each `MachineRecord` to its contract line (`EventRecord`).
public protocol RecordSink {
    /// Takes one record, written at `time`.
    mutating func record(_ record: MachineRecord, at time: Instant)
}
