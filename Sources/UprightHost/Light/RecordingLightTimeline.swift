import UprightCore

/// What the recording light did over a run, from the records in order (the simulator's
/// summary; deterministic like the records): every change of level, and the totals.
public struct RecordingLightTimeline: Equatable, Sendable {
    public struct Change: Equatable, Sendable {
        public var time: Instant
        public var on: Bool
    }

    /// The most changes kept (a fault pattern makes four a second).
    public static var maximumChanges: Int { 100_000 }

    public private(set) var changes: [Change] = []
    public private(set) var photoBlinks = 0
    public private(set) var onSeconds = 0.0
    public private(set) var faultPatternSeconds = 0.0

    public init(records: [(record: MachineRecord, time: Instant)], end: Instant) {
        var light = RecordingLight()
        var level = false
        var since = Instant.zero
        func settle(to time: Instant) {
            // Bounded by `maximumChanges`.
            var now = since
            while changes.count < Self.maximumChanges, let next = light.nextChange(after: now), next <= time {
                set(light.level(at: next), at: next)
                now = next
            }
            if let faultSince = light.faultSince { faultPatternSeconds += (time - max(faultSince, since)).seconds }
            since = time
        }
        func set(_ on: Bool, at time: Instant) {
            guard on != level else { return }
            if level, let last = changes.last { onSeconds += (time - last.time).seconds }
            level = on
            changes.append(Change(time: time, on: on))
        }
        for (record, time) in records where time <= end {
            settle(to: time)
            light.observe(record, at: time)
            if case .capture = record { photoBlinks += 1 }
            set(light.level(at: time), at: time)
        }
        settle(to: end)
        if level, let last = changes.last { onSeconds += (end - last.time).seconds }
    }

    /// One line for a run's summary.
    public var summary: String {
        "light: \(changes.count) changes, on \(TextFormat.fixed(onSeconds, decimals: 2)) s, \(photoBlinks) photo blinks, sensor-fault pattern \(TextFormat.fixed(faultPatternSeconds, decimals: 2)) s"
    }
}
