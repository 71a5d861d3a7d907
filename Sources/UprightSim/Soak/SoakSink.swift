import UprightCore
import UprightHost

/// Where a soak's runtime reports: each record becomes its contract event (`EventLog`), goes
/// to the journal when the journal keeps that kind (as `sim`'s does: everything but
/// orientation and state changes), then to the checker, and is dropped. Nothing accumulates.
public struct SoakSink: HostRecordSink {
    public var checker = SoakChecker()
    private var log = EventLog()
    private let journal: Journal?

    public init(journal: Journal?) {
        self.journal = journal
    }

    public mutating func record(_ record: MachineRecord, at time: Instant) {
        log.record(record, at: time)
        for event in log.events { deliver(event) }
        log.removeAll()
    }

    /// A record from outside the machine (the sampling step's observations).
    public mutating func host(_ record: EventRecord, at time: Instant) {
        deliver(TimedEvent(time: time, record: record))
    }

    private mutating func deliver(_ event: TimedEvent) {
        var journaled = true
        switch event.record {
        case .orientation, .state: break
        default:
            if let journal {
                do throws(FileError) {
                    try journal.append(event.jsonLine())
                } catch {
                    journaled = false
                }
            }
        }
        checker.observe(event, journaled: journaled)
    }
}
