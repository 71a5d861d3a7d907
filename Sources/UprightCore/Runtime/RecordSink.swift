/// Where the runtime reports what happened: the journal, the NDJSON event stream, a test
/// recorder. UprightHost maps each `MachineRecord` to its contract line (`EventRecord`).
public protocol RecordSink {
    /// Takes one record, written at `time`.
    mutating func record(_ record: MachineRecord, at time: Instant)

    /// A bound the sink's own worker reached since the last call (its queue full: a journal's
    /// on a slow card), for the runtime to record; nil when none. Called at every step, at
    /// the runtime's time, so a sink may hand over what it held meanwhile.
    mutating func takeBoundReached(at now: Instant) -> PortBound?
}

extension RecordSink {
    /// None: a sink without a worker of its own.
    public mutating func takeBoundReached(at now: Instant) -> PortBound? { nil }
}
