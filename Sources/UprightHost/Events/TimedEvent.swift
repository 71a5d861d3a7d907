import UprightCore

/// An event with the time it happened.
public struct TimedEvent: Equatable, Sendable {
    public var time: Instant
    public var record: EventRecord

    public init(time: Instant, record: EventRecord) {
        self.time = time
        self.record = record
    }

    /// The NDJSON line, without the trailing newline. `t` is measured from `origin`. One case
    /// per record kind, each its fields in the contract's order (docs/events.md): longer than
    /// most functions so that the schema reads in one place, as its decoder's does.
    public func jsonLine(origin: Instant = .zero) -> String {
        var writer = JSONWriter()
        writer.field("t", seconds: Instant(nanoseconds: (time - origin).nanoseconds))
        writer.field("event", record.name)
        switch record {
        case .orientation(let orientation):
            writer.field("orientation", orientation.description)
        case .state(let from, let to):
            writer.field("from", from)
            writer.field("to", to)
        case .capture(let shot, let orientation, let stale, let file, let lag, let wait):
            // An unknown latch claims no EXIF value: its photo has no Orientation tag.
            writer.field("orientation", orientation.latchName)
            if let orientation { writer.field("exif", Int(orientation.exifValue)) }
            writer.field("shot", shot)
            if stale { writer.field("stale", true) }
            if let file { writer.field("file", file) }
            if let lag { writer.field("lag", lag) }
            if wait > 0 { writer.field("wait", wait) }
        case .captureFailed(let shot, let reason):
            writer.field("shot", shot)
            writer.field("reason", reason)
        case .recordStart(let clip, let orientation, let stale, let file):
            writer.field("orientation", orientation.latchName)
            if let orientation {
                writer.field("exif", Int(orientation.exifValue))
                writer.field("rotation", orientation.rotationDegrees)
            }
            writer.field("clip", clip)
            if stale { writer.field("stale", true) }
            if let file { writer.field("file", file) }
        case .recordStop(let clip, let orientation, let durationSeconds, let reason, let file):
            writer.field("orientation", orientation.latchName)
            writer.field("clip", clip)
            writer.field("duration", durationSeconds)
            writer.field("reason", reason)
            if let file { writer.field("file", file) }
        case .recordFailed(let clip, let reason):
            writer.field("clip", clip)
            writer.field("reason", reason)
        case .shutterRejected(let reason):
            writer.field("reason", reason)
        case .fault(let kind, let detail), .recovered(let kind, let detail):
            writer.field("kind", kind)
            writer.field("detail", detail)
        case .bound(let bound, let lost, let waited):
            writer.field("kind", "bound")
            writer.field("detail", EventRecord.boundDetail(bound: bound, lost: lost, waitedSeconds: waited))
            writer.field("bound", bound)
            writer.field("lost", lost)
            if waited > 0 { writer.field("waited", waited) }
        case .rotationOwed(let clip, let file, let rotationDegrees, let detail):
            writer.field("kind", "rotation")
            writer.field("detail", detail)
            writer.field("clip", clip)
            writer.field("file", file)
            writer.field("rotation", rotationDegrees)
        case .rotationWritten(let clip, let file, let rotationDegrees):
            writer.field("kind", "rotation")
            writer.field("detail", EventRecord.rotationWrittenDetail(file: file, rotationDegrees: rotationDegrees))
            writer.field("clip", clip)
            writer.field("file", file)
            writer.field("rotation", rotationDegrees)
        case .fileRecovered(let number, let orientation, let file):
            writer.field(number.key, number.value)
            if let orientation {
                writer.field("orientation", orientation.description)
                switch number {
                case .shot: writer.field("exif", Int(orientation.exifValue))
                case .clip: writer.field("rotation", orientation.rotationDegrees)
                }
            }
            writer.field("file", file)
        case .fileMissing(let number, let file):
            writer.field(number.key, number.value)
            writer.field("file", file)
        }
        return writer.finished
    }
}
