import UprightCore
import UprightHost
import UprightSim

/// Bytes on the I2C wire per delivered sample for every chip and read mode, against the 6-byte
/// payload, and the share of a 400 kHz bus the default mode (MPU-6050 FIFO, combined
/// transfers) uses at 1 kHz. Deterministic (simulated bus), so measured once.
enum WireCostBenchmark {
    /// The read modes compared (docs/hardware.md), with their JSON keys.
    static let modes: [(key: String, name: String, mode: ReadMode, capabilities: I2CCapabilities)] = [
        ("single_byte", "one read per register", .registerByRegister, .combined),
        ("burst", "one burst per sample", .burst, .combined),
        ("fifo_combined", "FIFO, combined transfers", .fifo, .combined),
        ("fifo_smbus32", "FIFO, 32-byte SMBus reads", .fifo, .smbus),
    ]
    /// Acceleration only: three signed 16-bit values.
    static let payloadBytes = 6.0

    static func measureAll() -> [(chip: SimChipKind, key: String, name: String, cost: WireCost)] {
        var rows: [(chip: SimChipKind, key: String, name: String, cost: WireCost)] = []
        for chip in SimChipKind.allCases {
            for mode in modes {
                rows.append((chip, mode.key, mode.name, WireCost.measure(chip: chip, mode: mode.mode, capabilities: mode.capabilities)))
            }
        }
        return rows
    }

    /// Fraction of a bus at `clockHz` that `cost` uses when the chip delivers `rateHz` samples.
    static func utilisation(_ cost: WireCost, clockHz: Int, rateHz: Int) -> Double {
        guard cost.samples > 0, clockHz > 0 else { return .nan }
        return Double(cost.stats.wireBits) / Double(cost.samples) * Double(rateHz) / Double(clockHz)
    }

    /// The figures (bus utilisation, the FIFO's payload ratio) and the per-mode section.
    static func report() -> (figures: [BenchFigure], section: (key: String, json: String, table: String)) {
        let rows = measureAll()
        var json = JSONWriter()
        var table: [[String]] = [["chip", "read mode", "wire bytes/sample", "x payload", "bus at 1 kHz, 400 kHz"]]
        for chip in SimChipKind.allCases {
            var entry = JSONWriter()
            for row in rows where row.chip == chip {
                entry.field(row.key, row.cost.bytesPerSample)
                table.append([
                    chip.rawValue, row.name, BenchReport.format(row.cost.bytesPerSample),
                    BenchReport.format(row.cost.bytesPerSample / payloadBytes),
                    BenchReport.format(utilisation(row.cost, clockHz: 400_000, rateHz: 1000) * 100) + " %",
                ])
            }
            json.field(chip.rawValue, rawJSON: entry.finished)
        }
        // The default MPU-6050 board reads the gyro too (sensor.gyro): what it costs.
        var gyroEntry = JSONWriter()
        var gyroFIFO: WireCost?
        for mode in modes where mode.mode != .registerByRegister {
            let cost = WireCost.measure(chip: .mpu6050, mode: mode.mode, capabilities: mode.capabilities, gyro: true)
            if mode.key == "fifo_combined" { gyroFIFO = cost }
            gyroEntry.field(mode.key, cost.bytesPerSample)
            table.append([
                "mpu6050+gyro", mode.name, BenchReport.format(cost.bytesPerSample), BenchReport.format(cost.bytesPerSample / 12),
                BenchReport.format(utilisation(cost, clockHz: 400_000, rateHz: 1000) * 100) + " %",
            ])
        }
        json.field("mpu6050_gyro", rawJSON: gyroEntry.finished)
        var figures: [BenchFigure] = []
        if let fifo = rows.first(where: { $0.chip == .mpu6050 && $0.key == "fifo_combined" })?.cost {
            figures.append(
                BenchFigure(key: "bus_utilisation_400khz_at_1khz", unit: "fraction", value: utilisation(fifo, clockHz: 400_000, rateHz: 1000)))
            figures.append(
                BenchFigure(key: "wire_fifo_combined_vs_payload", unit: "x", value: fifo.bytesPerSample / payloadBytes, target: .atMost(1.10)))
        }
        if let gyroFIFO {
            figures.append(
                BenchFigure(
                    key: "bus_utilisation_400khz_at_1khz_gyro", unit: "fraction", value: utilisation(gyroFIFO, clockHz: 400_000, rateHz: 1000)))
        }
        return (figures, ("wire_bytes_per_sample", json.finished, BenchReport.render(table)))
    }
}
