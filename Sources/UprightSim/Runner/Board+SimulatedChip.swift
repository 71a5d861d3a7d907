import UprightCore
import UprightHost

/// Which simulated chip a board file's `sensor` section gets, and where. The driver
/// configurations come from `Board.SensorSettings.mpu6050Configuration` /
/// `adxl345Configuration` in UprightHost, shared with the firmware.
extension Board.SensorSettings {
    /// The chip the simulator attaches: `auto` boards get an MPU-6050 (the first address the
    /// scan tries).
    public var simulatedChip: SimChipKind { kind == .adxl345 ? .adxl345 : .mpu6050 }

    /// The 7-bit address the chip answers on: the board's, else the chip's default
    /// (MPU-6050 AD0 low 0x68, PS 9.2; ADXL345 ALT ADDRESS low 0x53).
    public var simulatedAddress: UInt8 {
        address ?? (simulatedChip == .adxl345 ? 0x53 : 0x68)
    }
}
