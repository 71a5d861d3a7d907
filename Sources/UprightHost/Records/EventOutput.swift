/// Where a `RecordWriter` hands each event after journaling it: the simulator's collector, the
/// soak's checker, `run`'s console.
public protocol EventOutput {
    /// `journalError` is why the journal could not keep a record it keeps (a full or failing
    /// card); nil when it was journaled or is not a kind the journal keeps.
    mutating func deliver(_ event: TimedEvent, journalError: FileError?)
}

/// Keeps every event, in order (`sim`'s report, expectations and plot; `replay`'s stream).
public struct EventCollector: EventOutput {
    public private(set) var events: [TimedEvent] = []
    /// Journal appends that failed, in order.
    public private(set) var journalErrors: [FileError] = []

    public init() {}

    public mutating func deliver(_ event: TimedEvent, journalError: FileError?) {
        events.append(event)
        if let journalError { journalErrors.append(journalError) }
    }
}
