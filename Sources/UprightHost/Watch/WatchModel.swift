import UprightCore

/// Collects what `upright watch` shows beside the engine's own state: the newest records
/// (captures, clips, rejections, faults) as lines, and the sample rate measured from the
/// engine's count of handled samples over about a second. Fed by the records port's observer.
public final class WatchModel {
    /// The most recent lines kept.
    public static var keptLines: Int { 4 }

    public let start: Instant
    public private(set) var recent: [String] = []
    private var rateWindow: (time: Instant, samples: Int)?
    private var rate: Double?

    public init(start: Instant) { self.start = start }

    /// The observer to give the records port.
    public var observer: (MachineRecord, Instant) -> Void {
        { [weak self] record, time in self?.observe(record, at: time) }
    }

    public func observe(_ record: MachineRecord, at time: Instant) {
        guard let line = Self.line(record) else { return }
        recent.insert(line + " at " + TextFormat.fixed((time - start).seconds, decimals: 2) + " s", at: 0)
        if recent.count > Self.keptLines { recent.removeLast() }
    }

    /// What the view shows at `now`. `samplesHandled` is the engine's running count.
    public func snapshot(
        now: Instant, detector: OrientationDetector, state: MachineState, samplesHandled: Int,
        sampler: SamplerCounters?, busErrors: Int?, light: Bool?
    ) -> WatchSnapshot {
        if let window = rateWindow {
            let span = (now - window.time).seconds
            if span >= 1 {
                rate = Double(samplesHandled - window.samples) / span
                rateWindow = (now, samplesHandled)
            }
        } else {
            rateWindow = (now, samplesHandled)
        }
        let gravity = detector.gravityEstimate
        return WatchSnapshot(
            seconds: (now - start).seconds, gravityG: gravity == .zero ? nil : gravity, orientation: detector.orientation,
            latch: detector.lastUpright, stale: state.sensorFaulty, state: state.name, recent: recent, samplesPerSecond: rate,
            reads: sampler?.reads, failedReads: sampler?.failedReads, busErrors: busErrors, light: light,
            gyroOffsetDPS: detector.gyroOffsetDPS == .zero ? nil : detector.gyroOffsetDPS)
    }

    /// The line for a record worth showing: what a press did, and trouble.
    static func line(_ record: MachineRecord) -> String? {
        switch record {
        case .capture(let shot, let orientation, let stale, _, _):
            "photo \(shot) would be \(orientation.latchName) (" + (orientation.map { "EXIF \($0.exifValue)" } ?? "no EXIF Orientation") + ")"
                + (stale ? ", stale" : "")
        case .recordStart(let clip, let orientation, let stale):
            "clip \(clip) would start \(orientation.latchName) (" + (orientation.map { "rotation \($0.rotationDegrees)" } ?? "no rotation") + ")"
                + (stale ? ", stale" : "")
        case .recordStop(let clip, let orientation, _, _):
            "clip \(clip) would stop, \(orientation.latchName)"
        case .shutterRejected(let reason):
            "press rejected: \(EventRecord(record).rejectionText ?? String(describing: reason))"
        case .fault, .recovered, .bound:
            EventRecord(record).faultText
        case .orientation, .state, .captureFailed, .recordFailed:
            nil
        }
    }
}

extension EventRecord {
    var rejectionText: String? {
        if case .shutterRejected(let reason) = self { return reason }
        return nil
    }

    var faultText: String? {
        switch self {
        case .fault(let kind, let detail): "fault \(kind): \(detail)"
        case .recovered(let kind, let detail): "recovered \(kind): \(detail)"
        case .bound(let bound, let lost, let waited): "fault bound: " + EventRecord.boundDetail(bound: bound, lost: lost, waitedSeconds: waited)
        default: nil
        }
    }
}
