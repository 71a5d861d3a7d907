import UprightCore
import UprightHost

/// A record sink that also takes the host's own records (driver trouble and its recovery),
/// which the firmware's machine does not produce: what `SimulatedBoard` needs of its sink.
public protocol HostRecordSink: RecordSink {
    mutating func host(_ record: EventRecord, at time: Instant)
}
