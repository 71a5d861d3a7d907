import UprightCore
import UprightHost

/// The summary `upright sim` prints after the timeline: the photos with their latched
/// orientation, the clips, the faults, and the counts. Deterministic text.
public enum RunSummary {
    public static func lines(_ events: [TimedEvent], origin: Instant = .zero) -> [String] {
        var tally = Tally(origin: origin)
        for event in events { tally.add(event) }
        return tally.lines()
    }

    /// The tables and counts, filled record by record.
    private struct Tally {
        let origin: Instant
        var captures = TextTable(
            headers: ["#", "t (s)", "orientation", "EXIF", "stale", "lag (ms)", "file"],
            alignments: [.right, .right, .left, .right, .left, .right, .left])
        var lags: [Double] = []
        var clips = TextTable(
            headers: ["#", "start (s)", "stop (s)", "length (s)", "orientation", "rotation", "end", "file"],
            alignments: [.right, .right, .right, .right, .left, .right, .left, .left])
        var faults = TextTable(headers: ["t (s)", "event", "kind", "detail"], alignments: [.right, .left, .left, .left])
        var captureCount = 0
        var failedCaptures = 0
        var clipCount = 0
        var faultCount = 0
        var rejections = 0
        var changes = 0
        var openClips: [(clip: Int, start: Instant, orientation: UprightOrientation?, file: String?)] = []

        init(origin: Instant) { self.origin = origin }

        mutating func add(_ event: TimedEvent) {
            let time = TimelineFormatter.seconds(event.time - origin)
            switch event.record {
            case .capture(let shot, let orientation, let stale, let file, let lag, let wait):
                captureCount += 1
                if let lag { lags.append(lag) }
                let lagText =
                    lag.map { TextFormat.fixed($0 * 1000, decimals: 0) + (wait > 0 ? " (waited \(TextFormat.fixed(wait * 1000, decimals: 0)))" : "") }
                    ?? "-"
                captures.append([
                    String(shot), time, orientation.latchName, orientation.map { String($0.exifValue) } ?? "-", stale ? "yes" : "no", lagText,
                    file ?? "-",
                ])
            case .captureFailed(let shot, let reason):
                failedCaptures += 1
                captures.append([String(shot), time, "failed: \(reason)", "-", "-", "-", "-"])
            case .recordStart(let clip, let orientation, _, let file):
                clipCount += 1
                openClips.append((clip, event.time, orientation, file))
            case .recordStop(let clip, let orientation, let duration, let reason, let file):
                let start = openClips.first { $0.clip == clip }
                openClips.removeAll { $0.clip == clip }
                clips.append([
                    String(clip), start.map { TimelineFormatter.seconds($0.start - origin) } ?? "-", time,
                    TextFormat.fixed(duration, decimals: 3), orientation.latchName, orientation.map { String($0.rotationDegrees) } ?? "-",
                    reason, file ?? start?.file ?? "-",
                ])
            case .recordFailed(let clip, let reason):
                openClips.removeAll { $0.clip == clip }
                clips.append([String(clip), "-", time, "-", "failed: \(reason)", "-", "-", "-"])
            default:
                addOther(event.record, at: time)
            }
        }

        /// The faults, recoveries and counts.
        private mutating func addOther(_ record: EventRecord, at time: String) {
            switch record {
            case .fault(let kind, let detail):
                faultCount += 1
                faults.append([time, "fault", kind, detail])
            case .bound(let bound, let lost, let waited):
                faultCount += 1
                faults.append([time, "fault", "bound", EventRecord.boundDetail(bound: bound, lost: lost, waitedSeconds: waited)])
            case .recovered(let kind, let detail):
                faults.append([time, "recovered", kind, detail])
            case .rotationOwed(_, _, _, let detail):
                faultCount += 1
                faults.append([time, "fault", "rotation", detail])
            case .rotationWritten(_, let file, let rotationDegrees):
                faults.append([time, "recovered", "rotation", EventRecord.rotationWrittenDetail(file: file, rotationDegrees: rotationDegrees)])
            case .shutterRejected:
                rejections += 1
            case .orientation:
                changes += 1
            case .fileRecovered(_, _, let file):
                faults.append([time, "file-recovered", "-", file])
            case .fileMissing(_, let file):
                faults.append([time, "file-missing", "-", file])
            case .state, .capture, .captureFailed, .recordStart, .recordStop, .recordFailed:
                break
            }
        }

        func lines() -> [String] {
            var clips = clips
            for open in openClips {
                clips.append([
                    String(open.clip), TimelineFormatter.seconds(open.start - origin), "-", "-", open.orientation.latchName,
                    open.orientation.map { String($0.rotationDegrees) } ?? "-", "still recording", open.file ?? "-",
                ])
            }
            var lines: [String] = []
            lines.append("captures (\(captureCount) taken, \(failedCaptures) failed)")
            lines += captures.rows.isEmpty ? ["  none"] : captures.lines()
            if !lags.isEmpty {
                lines.append(
                    "shutter lag (press edge to exposure): p50 \(TextFormat.fixed(RunSummary.percentile(lags, 0.5) * 1000, decimals: 0)) ms, p99 \(TextFormat.fixed(RunSummary.percentile(lags, 0.99) * 1000, decimals: 0)) ms over \(lags.count) photos"
                )
            }
            lines.append("clips (\(clipCount))")
            lines += clips.rows.isEmpty ? ["  none"] : clips.lines()
            lines.append("faults (\(faultCount))")
            lines += faults.rows.isEmpty ? ["  none"] : faults.lines()
            lines.append("\(changes) orientation changes, \(rejections) shutter presses rejected")
            return lines
        }
    }

    /// The nearest-rank percentile `p` (0...1) of `values` (not empty).
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
