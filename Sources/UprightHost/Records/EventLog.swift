import UprightCore

/// A `RecordSink` that keeps the runtime's records as contract `TimedEvent`s, in order:
/// what `replay`, `sim --json` and `run --json` print and the journal stores. It measures each
/// clip from its `record-start` to its `record-stop` (the core has no clock to do it).
public struct EventLog: RecordSink {
    public private(set) var events: [TimedEvent] = []
    /// The file the camera wrote for a record (`capture`, `record-start`, `record-stop`), if any.
    public var fileName: (MachineRecord) -> String?
    private var clipStart: (clip: UInt32, time: Instant)?

    public init(fileName: @escaping (MachineRecord) -> String? = { _ in nil }) {
        self.fileName = fileName
    }

    public mutating func record(_ record: MachineRecord, at time: Instant) {
        var durationSeconds = 0.0
        switch record {
        case .recordStart(let clip, _, _):
            clipStart = (clip, time)
        case .recordStop(let clip, _, _):
            if let start = clipStart, start.clip == clip { durationSeconds = (time - start.time).seconds }
            clipStart = nil
        default:
            break
        }
        events.append(TimedEvent(time: time, record: EventRecord(record, clipDurationSeconds: durationSeconds, file: fileName(record))))
    }

    /// The NDJSON lines, `t` measured from `origin`.
    public func jsonLines(origin: Instant = .zero) -> [String] {
        events.map { $0.jsonLine(origin: origin) }
    }

    public mutating func removeAll() { events.removeAll() }
}
