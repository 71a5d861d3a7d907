import UprightCore

/// Everything `upright probe` found on one bus, and what it makes of it.
public struct ProbeReport: Equatable, Sendable {
    /// One per candidate address, in scan order.
    public var results: [ProbeAddressResult]

    public init(results: [ProbeAddressResult]) {
        self.results = results
    }

    /// How far |a| may stray from 1 g at rest and still count as "about 1 g": the parts' zero-g
    /// offsets (MPU-6050 PS 6.2: +-50 mg on X and Y, +-80 mg on Z, plus +-35 / +-60 mg over
    /// 0 to 70 C) plus their sensitivity tolerance (+-3%) stay inside it; a chip at the wrong
    /// range (2 g or 0.5 g), unpowered or stuck at zero does not.
    public static let restToleranceG: Float = 0.2
    /// How far one sample may stray from the mean before the board counts as moving.
    public static let stillnessToleranceG: Float = 0.05

    /// The known parts that were read, in scan order.
    public var readings: [(address: UInt8, reading: ProbeChipReading)] {
        results.compactMap { result in result.reading.map { (result.address, $0) } }
    }

    /// True when `reading`'s magnitude is about 1 g.
    public static func readsOneG(_ reading: ProbeChipReading) -> Bool {
        abs(reading.magnitudeG - 1) <= restToleranceG
    }

    /// True when every sample stayed near the mean.
    public static func isStill(_ reading: ProbeChipReading) -> Bool {
        reading.spreadG <= stillnessToleranceG
    }

    /// 0 when at least one known part was read and reads about 1 g; 1 otherwise (nothing
    /// answered, nothing known answered, or what answered reads wrong).
    public var exitStatus: Int32 {
        readings.contains { Self.readsOneG($0.reading) } ? 0 : 1
    }
}
