import UprightCore
import UprightHost

/// Where the firmware's records go, in this order: the journal (appended and fsynced), then
/// `report` (the NDJSON stream or the human-readable log). A record that cannot be journaled
/// (disk full) is still reported, with a note through `note`; the firmware keeps running.
public final class FirmwareRecorder {
    public private(set) var journal: Journal?
    public let journalPath: String?
    /// Time zero of the `t` fields.
    public let origin: Instant
    private var log: EventLog
    private let report: (TimedEvent) -> Void
    private let note: (String) -> Void
    public private(set) var journalFailures = 0

    public init(
        journalPath: String?, origin: Instant, fileName: @escaping (MachineRecord) -> String?,
        report: @escaping (TimedEvent) -> Void, note: @escaping (String) -> Void
    ) throws(FileError) {
        self.journalPath = journalPath
        self.journal = try journalPath.map { path throws(FileError) in try Journal(path: path) }
        self.origin = origin
        self.log = EventLog(fileName: fileName)
        self.report = report
        self.note = note
        if let repair = journal?.repair, repair.wasRepaired {
            note("journal \(journalPath ?? ""): set aside a torn last line (\(repair.tornBytes) bytes) in \(repair.setAsidePath ?? "")")
        }
    }

    public func record(_ record: MachineRecord, at time: Instant) {
        log.record(record, at: time)
        guard let event = log.events.last else { return }
        log.removeAll()
        if let journal {
            do throws(FileError) {
                try journal.append(event.jsonLine(origin: origin))
            } catch {
                journalFailures += 1
                note("journal: \(error)")
            }
        }
        report(event)
    }

    /// Closes and opens the journal again (SIGHUP: logrotate moved the file away).
    public func reopenJournal() {
        guard let journalPath else { return }
        journal = nil
        do throws(FileError) {
            journal = try Journal(path: journalPath)
            note("journal reopened: \(journalPath)")
        } catch {
            note("journal: cannot reopen: \(error)")
        }
    }

    /// The runtime's `RecordSink`: a handle on this recorder.
    public struct Sink: RecordSink {
        public let recorder: FirmwareRecorder
        public init(_ recorder: FirmwareRecorder) { self.recorder = recorder }
        public mutating func record(_ record: MachineRecord, at time: Instant) {
            recorder.record(record, at: time)
        }
    }
}
