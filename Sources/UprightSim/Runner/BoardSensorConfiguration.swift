import UprightCore
import UprightHost

/// A board file's `sensor` section as driver configurations. The loader has already checked
/// every value against what the chip allows, so this only picks the register choices.
extension Board.SensorSettings {
    /// The chip the simulator attaches: `auto` boards get an MPU-6050 (the first address the
    /// scan tries).
    public var simulatedChip: SimChipKind { kind == .adxl345 ? .adxl345 : .mpu6050 }

    /// The 7-bit address the chip answers on: the board's, else the chip's default
    /// (MPU-6050 AD0 low 0x68, PS 9.2; ADXL345 ALT ADDRESS low 0x53).
    public var simulatedAddress: UInt8 {
        address ?? (simulatedChip == .adxl345 ? 0x53 : 0x68)
    }

    var coreReadMode: UprightCore.ReadMode { readMode == .burst ? .burst : .fifo }

    /// RM 4.2: rate = gyro output rate / (1 + SMPLRT_DIV), the output rate being 8 kHz with
    /// DLPF_CFG 0 (260 Hz) and 1 kHz otherwise (RM 4.3); the divider nearest the board's rate.
    public var mpu6050Configuration: MPU6050Configuration {
        var c = MPU6050Configuration()
        c.lowPassFilter = switch filterHz ?? 44 {
        case 260: .hz260
        case 184: .hz184
        case 94: .hz94
        case 21: .hz21
        case 10: .hz10
        case 5: .hz5
        default: .hz44
        }
        let outputRate = Double(c.lowPassFilter.gyroOutputRateHz)
        let divider = (outputRate / max(rateHz, 1)).rounded() - 1
        c.sampleRateDivider = UInt8(min(max(divider, 0), 255))
        c.accelerometerRange = switch rangeG {
        case 4: .g4
        case 8: .g8
        case 16: .g16
        default: .g2
        }
        c.readMode = coreReadMode
        return c
    }

    /// Data sheet Table 7: BW_RATE code whose rate is the board's (3200 Hz / 2^(15 - code)).
    public var adxl345Configuration: ADXL345Configuration {
        var c = ADXL345Configuration()
        c.dataRate = ADXL345DataRate.allCases.min { a, b in
            abs(1e9 / Double(a.period.nanoseconds) - rateHz) < abs(1e9 / Double(b.period.nanoseconds) - rateHz)
        } ?? .hz100
        c.range = switch rangeG {
        case 4: .g4
        case 8: .g8
        case 16: .g16
        default: .g2
        }
        c.readMode = coreReadMode
        return c
    }
}
