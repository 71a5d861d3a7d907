import UprightCore

/// A `RecordSink` that keeps the runtime's records as contract `TimedEvent`s, in order:
/// what `replay`, `sim --json` and `run --json` print and the journal stores.
public struct EventLog: RecordSink {
    public private(set) var events: [TimedEvent] = []
    /// The file the camera wrote for a record (`capture`, `record-start`, `record-stop`), if any.
    public var fileName: (MachineRecord) -> String?

    public init(fileName: @escaping (MachineRecord) -> String? = { _ in nil }) {
        self.fileName = fileName
    }

    public mutating func record(_ record: MachineRecord, at time: Instant) {
        events.append(TimedEvent(time: time, record: EventRecord(record, file: fileName(record))))
    }

    /// The NDJSON lines, `t` measured from `origin`.
    public func jsonLines(origin: Instant = .zero) -> [String] {
        events.map { $0.jsonLine(origin: origin) }
    }

    public mutating func removeAll() { events.removeAll() }
}
