import UprightCore
import UprightHost

/// Where a simulated run's records go: the contract event stream (through `EventLog`, which
/// measures clips and names files) plus the simulator's own observations of the sampling side
/// (a chip found reset, stuck data), in the order they happened; and, when open, the journal.
public struct SimulationSink: HostRecordSink {
    public private(set) var events: [TimedEvent] = []
    private var log: EventLog
    private let journal: Journal?
    /// Journal appends that failed (the run goes on; `sim` reports them).
    public private(set) var journalErrors: [FileError] = []

    public init(fileName: @escaping (MachineRecord) -> String?, journal: Journal?) {
        log = EventLog(fileName: fileName)
        self.journal = journal
    }

    public mutating func record(_ record: MachineRecord, at time: Instant) {
        log.record(record, at: time)
        for event in log.events { append(event) }
        log.removeAll()
    }

    /// A record from outside the machine (the sampling step's observations).
    public mutating func host(_ record: EventRecord, at time: Instant) {
        append(TimedEvent(time: time, record: record))
    }

    private mutating func append(_ event: TimedEvent) {
        events.append(event)
        guard let journal else { return }
        // The journal keeps what a user must be able to trust after a power loss: captures,
        // clips, rejections and faults; orientation and state changes only make it longer.
        switch event.record {
        case .orientation, .state: return
        default: break
        }
        do throws(FileError) {
            try journal.append(event.jsonLine())
        } catch {
            journalErrors.append(error)
        }
    }
}
