import UprightCore
import UprightHost

/// The readable timeline `upright sim` prints: one line per event, time first, fixed columns,
/// no locale or platform dependence (the same run gives the same text).
///
///        t (s)  event             detail
///        0.000  state             idle -> previewing
///        2.512  orientation       left-up
///        3.000  capture           #1 left-up (EXIF 6) IMG_0001.jpg
public enum TimelineFormatter {
    public static let header = "     t (s)  event             detail"

    public static func lines(_ events: [TimedEvent], origin: Instant = .zero) -> [String] {
        [header] + events.map { line($0, origin: origin) }
    }

    public static func line(_ event: TimedEvent, origin: Instant = .zero) -> String {
        let time = TextFormat.pad(seconds(event.time - origin), 10)
        let detailText = detail(event.record)
        let name = TextFormat.padRight(event.record.name, 16)
        var text = "\(time)  \(name)  \(detailText)"
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The event's fields in words.
    public static func detail(_ record: EventRecord) -> String {
        switch record {
        case .orientation(let orientation):
            return orientation.description
        case .state(let from, let to):
            return "\(from) -> \(to)"
        case .capture(let shot, let orientation, let stale, let file, let lag, let wait):
            let exif = orientation.map { "EXIF \($0.exifValue)" } ?? "no EXIF Orientation"
            return "#\(shot) \(orientation.latchName) (\(exif))" + (stale ? " stale" : "") + (file.map { " \($0)" } ?? "")
                + (lag.map { " lag \(TextFormat.fixed($0 * 1000, decimals: 0)) ms" } ?? "")
                + (wait > 0 ? " waited \(TextFormat.fixed(wait * 1000, decimals: 0)) ms" : "")
        case .captureFailed(let shot, let reason):
            return "#\(shot) \(reason)"
        case .recordStart(let clip, let orientation, let stale, let file):
            let rotation = orientation.map { "rotation \($0.rotationDegrees)" } ?? "no rotation"
            return "clip \(clip) \(orientation.latchName) (\(rotation))" + (stale ? " stale" : "")
                + (file.map { " \($0)" } ?? "")
        case .recordStop(let clip, let orientation, let duration, let reason, let file):
            return "clip \(clip) \(orientation.latchName) \(TextFormat.fixed(duration, decimals: 3)) s \(reason)" + (file.map { " \($0)" } ?? "")
        case .recordFailed(let clip, let reason):
            return "clip \(clip) \(reason)"
        case .shutterRejected(let reason):
            return reason
        case .fault(let kind, let detail), .recovered(let kind, let detail):
            return detail.isEmpty ? kind : "\(kind): \(detail)"
        case .bound(let bound, let lost, let waited):
            return "bound: " + EventRecord.boundDetail(bound: bound, lost: lost, waitedSeconds: waited)
        case .rotationOwed(let clip, _, let rotationDegrees, let detail):
            return "rotation: clip \(clip) owes rotation \(rotationDegrees): \(detail)"
        case .rotationWritten(let clip, let file, let rotationDegrees):
            return "rotation: clip \(clip) " + EventRecord.rotationWrittenDetail(file: file, rotationDegrees: rotationDegrees)
        case .fileRecovered(let number, let orientation, let file):
            return "\(number.key) \(number.value) " + (orientation.map { "\($0) " } ?? "") + file
        case .fileMissing(let number, let file):
            return "\(number.key) \(number.value) \(file)"
        }
    }

    /// Seconds with millisecond precision, from integer nanoseconds (no float formatting).
    static func seconds(_ span: TimeSpan) -> String {
        let negative = span.nanoseconds < 0
        let milliseconds = (abs(span.nanoseconds) + 500_000) / 1_000_000
        let fraction = String(milliseconds % 1000)
        return (negative ? "-" : "") + String(milliseconds / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
