import UprightCore
import UprightHost

/// A corpus trace as a chip reads it, square-mounted and unbiased: each acceleration turned
/// into the chip's counts and decoded by the firmware's own decoder, so the score includes
/// its resolution and clipping. The gyro's rates pass through the MPU-6050 at +-2000 dps
/// (16.4 LSB per dps, PS 6.1); the ADXL345 has none.
public enum CorpusChip: String, CaseIterable, Sendable {
    /// MPU-6050 at +-16 g: 2048 LSB per g, big-endian (RM 4.17, PS 6.2).
    case mpu6050 = "MPU-6050"
    /// ADXL345 full resolution: 256 LSB per g, 13 bits at +-16 g, little-endian (Table 1).
    case adxl345 = "ADXL345"

    /// `v` as a chip's three signed 16-bit counts at `perUnit` counts a unit, clipped to
    /// +-`limit`, in the chip's byte order.
    public static func counts(_ v: Vector3, perUnit: Float, limit: Float, bigEndian: Bool) -> [UInt8] {
        [v.x, v.y, v.z].flatMap { value -> [UInt8] in
            let count = UInt16(bitPattern: Int16(max(-limit, min(limit - 1, (value * perUnit).rounded()))))
            let (high, low) = (UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count))
            return bigEndian ? [high, low] : [low, high]
        }
    }

    public func measure(_ rows: [TraceRow]) -> [TraceRow] {
        let mpu = MPU6050Decoder(contents: .accelerometerGyro, accelerometerRange: .g16, gyroRange: .dps2000)
        let adxl = ADXL345Decoder()
        return rows.map { row in
            switch self {
            case .mpu6050:
                let bytes =
                    Self.counts(row.accelerationG, perUnit: 2048, limit: 32768, bigEndian: true)
                    + Self.counts(row.angularRateDPS ?? .zero, perUnit: 16.4, limit: 32768, bigEndian: true)
                let sample = bytes.withUnsafeBytes { mpu.sample($0, at: 0, time: row.time) }
                return TraceRow(
                    time: row.time, accelerationG: sample.accelerationG,
                    angularRateDPS: row.angularRateDPS == nil ? nil : sample.angularRateDPS, buttonPressed: row.buttonPressed)
            case .adxl345:
                let sample = Self.counts(row.accelerationG, perUnit: 256, limit: 4096, bigEndian: false).withUnsafeBytes {
                    adxl.sample($0, at: 0, time: row.time)
                }
                return TraceRow(time: row.time, accelerationG: sample.accelerationG, buttonPressed: row.buttonPressed)
            }
        }
    }

    /// Scores `make` over `scenarios` as this chip reads them.
    public func score<C: OrientationClassifier>(_ scenarios: [CorpusScenario], _ make: () -> C) -> CorpusSummary {
        var outcomes: [ScenarioOutcome] = []
        for scenario in scenarios {
            var classifier = make()
            outcomes.append(CorpusEvaluation.run(scenario, rows: measure(scenario.rows()), &classifier))
        }
        return CorpusSummary(outcomes, pressesPerScenario: scenarios.map(\.presses.count))
    }
}
