/// Where the runtime reports what happened: the journal, the NDJSON event stream, a test
/// recorder. UprightHost maps each `MachineRecord` to its contract line (`EventRecord`).
public protocol RecordSink {
    /// Takes one record, written at `time`.
    mutating func record(_ record: MachineRecord, at time: Instant)

    /// A bound the sink's own worker reached since the last call (its queue full: a journal's
    /// on a slow card), for the runtime to record; nil when none. Called at every step, at
    /// the runtime's time, so a sink may hand over what it held meanwhile.
    mutating func takeBoundReached(at now: Instant) -> PortBound?

    /// True while records it took are still on their way to the card (a journal's worker holds
    /// lines): a shutdown waits for them (`FirmwarePhase`), the last step of the lifecycle.
    var isFinishingRecords: Bool { get }

    /// While `isFinishingRecords`, when its worker will next have finished something, if it
    /// knows (a modelled card), so an engine waiting for it steps straight there; nil when
    /// unknown (a thread): the engine then looks again every `FirmwareEngine.recordsLookInterval`.
    var recordsDeadline: Instant? { get }
}

extension RecordSink {
    /// None: a sink without a worker of its own.
    public mutating func takeBoundReached(at now: Instant) -> PortBound? { nil }

    /// Never: a sink that writes as it takes.
    public var isFinishingRecords: Bool { false }

    /// Unknown.
    public var recordsDeadline: Instant? { nil }
}
