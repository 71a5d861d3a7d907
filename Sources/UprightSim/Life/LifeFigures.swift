import UprightHost

/// A long life's figures on one line (`figures: days=365 boots=...`), which the life swarm
/// reads back from each seed's report and sums.
public struct LifeFigures: Equatable, Sendable {
    public var days = 0
    public var boots = 0
    public var photos = 0
    public var clips = 0
    public var rotationsOwed = 0
    public var rotationsPaid = 0
    public var kills = 0
    public var cuts = 0
    public var flips = 0
    public var journalBytes = 0
    public var startupReadBytes = 0
    public var startupMaximumMilliseconds = 0.0
    public var startupMedianMilliseconds = 0.0
    public var startupCPUMaximumMilliseconds = 0.0
    public var deviceHours = 0.0
    public var wallSeconds = 0.0
    public var cpuSeconds = 0.0

    public init() {}

    public init(
        days: Int, boots: Int, photos: Int, clips: Int, rotationsOwed: Int, rotationsPaid: Int, kills: Int, cuts: Int, flips: Int,
        journalBytes: Int, startupReadBytes: Int, startupMaximumMilliseconds: Double, startupMedianMilliseconds: Double,
        startupCPUMaximumMilliseconds: Double = 0, deviceHours: Double,
        wallSeconds: Double, cpuSeconds: Double
    ) {
        (self.days, self.boots, self.photos, self.clips) = (days, boots, photos, clips)
        (self.rotationsOwed, self.rotationsPaid, self.kills, self.cuts, self.flips) = (rotationsOwed, rotationsPaid, kills, cuts, flips)
        (self.journalBytes, self.startupReadBytes) = (journalBytes, startupReadBytes)
        (self.startupMaximumMilliseconds, self.startupMedianMilliseconds) = (startupMaximumMilliseconds, startupMedianMilliseconds)
        self.startupCPUMaximumMilliseconds = startupCPUMaximumMilliseconds
        (self.deviceHours, self.wallSeconds, self.cpuSeconds) = (deviceHours, wallSeconds, cpuSeconds)
    }

    static let prefix = "figures: "

    public var line: String {
        let pairs: [(String, String)] = [
            ("days", String(days)), ("boots", String(boots)), ("photos", String(photos)), ("clips", String(clips)),
            ("owed", String(rotationsOwed)), ("paid", String(rotationsPaid)), ("kills", String(kills)), ("cuts", String(cuts)),
            ("flips", String(flips)), ("journal_bytes", String(journalBytes)), ("startup_read_bytes", String(startupReadBytes)),
            ("startup_max_ms", TextFormat.fixed(startupMaximumMilliseconds, decimals: 1)),
            ("startup_median_ms", TextFormat.fixed(startupMedianMilliseconds, decimals: 1)),
            ("startup_cpu_max_ms", TextFormat.fixed(startupCPUMaximumMilliseconds, decimals: 1)),
            ("device_hours", TextFormat.fixed(deviceHours, decimals: 2)), ("wall_s", TextFormat.fixed(wallSeconds, decimals: 1)),
            ("cpu_s", TextFormat.fixed(cpuSeconds, decimals: 1)),
        ]
        return Self.prefix + pairs.map { $0.0 + "=" + $0.1 }.joined(separator: " ")
    }

    /// The figures of a report's lines (nil: no `figures:` line, or one that does not read).
    public static func parse(_ lines: [Substring]) -> LifeFigures? {
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        var values: [Substring: Double] = [:]
        for pair in line.dropFirst(prefix.count).split(separator: " ") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { return nil }
            values[parts[0]] = value
        }
        func int(_ key: Substring) -> Int { Int(values[key] ?? 0) }
        return LifeFigures(
            days: int("days"), boots: int("boots"), photos: int("photos"), clips: int("clips"), rotationsOwed: int("owed"),
            rotationsPaid: int("paid"), kills: int("kills"), cuts: int("cuts"), flips: int("flips"), journalBytes: int("journal_bytes"),
            startupReadBytes: int("startup_read_bytes"), startupMaximumMilliseconds: values["startup_max_ms"] ?? 0,
            startupMedianMilliseconds: values["startup_median_ms"] ?? 0, startupCPUMaximumMilliseconds: values["startup_cpu_max_ms"] ?? 0,
            deviceHours: values["device_hours"] ?? 0,
            wallSeconds: values["wall_s"] ?? 0, cpuSeconds: values["cpu_s"] ?? 0)
    }

    /// Sums `other` in (the largest of the journal's and start-up's figures).
    public mutating func add(_ other: LifeFigures) {
        days += other.days
        boots += other.boots
        photos += other.photos
        clips += other.clips
        rotationsOwed += other.rotationsOwed
        rotationsPaid += other.rotationsPaid
        kills += other.kills
        cuts += other.cuts
        flips += other.flips
        journalBytes = max(journalBytes, other.journalBytes)
        startupReadBytes = max(startupReadBytes, other.startupReadBytes)
        startupMaximumMilliseconds = max(startupMaximumMilliseconds, other.startupMaximumMilliseconds)
        startupMedianMilliseconds = max(startupMedianMilliseconds, other.startupMedianMilliseconds)
        startupCPUMaximumMilliseconds = max(startupCPUMaximumMilliseconds, other.startupCPUMaximumMilliseconds)
        deviceHours += other.deviceHours
        wallSeconds += other.wallSeconds
        cpuSeconds += other.cpuSeconds
    }
}
