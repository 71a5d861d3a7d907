import UprightCore
import UprightHost

/// Which simulated chip a board file's `sensor` section gets, and where. The driver
/// configurations come from `Board.SensorSettings.mpu6050Configuration` /
/// `adxl345Configuration` in UprightHost, shared with the firmware.
extension Board.SensorSettings {
    /// The chip the simulator attaches: `auto` boards get an MPU-6050 (the first address the
    /// scan tries).
    public var simulatedChip: SimChipKind { kind == .adxl345 ? .adxl345 : .mpu6050 }

    /// The driver the simulated chip gets.
    public var simulatedDriverChip: AnySensor<SimBus>.Chip { simulatedChip == .adxl345 ? .adxl345 : .mpu6050 }

    /// The 7-bit address the chip answers on, as the firmware's driver addresses it.
    public var simulatedAddress: UInt8 { address(of: simulatedDriverChip) }
}
