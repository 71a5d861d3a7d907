import UprightHost

/// A soak's figures as the one line its report ends with and a swarm reads back from each
/// seed's report: `soak figures: hours=7.500 presses=2712 faults=26632 cpu=12.345 wall=34.100`.
public struct SoakFigures: Equatable, Sendable {
    public var deviceHours: Double
    public var presses: Int
    public var faults: Int
    public var cpuSeconds: Double
    public var wallSeconds: Double

    public static let prefix = "soak figures: "

    public init(deviceHours: Double, presses: Int, faults: Int, cpuSeconds: Double, wallSeconds: Double) {
        self.deviceHours = deviceHours
        self.presses = presses
        self.faults = faults
        self.cpuSeconds = cpuSeconds
        self.wallSeconds = wallSeconds
    }

    public var line: String {
        Self.prefix + "hours=" + TextFormat.fixed(deviceHours, decimals: 3) + " presses=" + String(presses) + " faults=" + String(faults)
            + " cpu=" + TextFormat.fixed(cpuSeconds, decimals: 3) + " wall=" + TextFormat.fixed(wallSeconds, decimals: 3)
    }

    /// The figures of the first figures line in `lines`; nil when none parses.
    public static func parse(_ lines: [Substring]) -> SoakFigures? {
        for line in lines where line.hasPrefix(prefix) {
            var values: [Substring: Substring] = [:]
            for word in line.dropFirst(prefix.count).split(separator: " ") {
                let parts = word.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            guard let hours = values["hours"].flatMap({ Double($0) }), let presses = values["presses"].flatMap({ Int($0) }),
                let faults = values["faults"].flatMap({ Int($0) }), let cpu = values["cpu"].flatMap({ Double($0) }),
                let wall = values["wall"].flatMap({ Double($0) })
            else { return nil }
            return SoakFigures(deviceHours: hours, presses: presses, faults: faults, cpuSeconds: cpu, wallSeconds: wall)
        }
        return nil
    }
}
