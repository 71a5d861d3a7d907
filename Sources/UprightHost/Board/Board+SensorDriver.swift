import UprightCore

/// The one place a board's sensor driver is built, for `upright run` (`SensorSetup`, on the
/// Pi's bus) and the simulator (`SimulatedSensor`, on its simulated bus): the chip's driver
/// with the board's configuration, mount matrix and offsets, not yet initialised.
extension Board.SensorSettings {
    /// The 7-bit address `chip` answers on: the board's, else the chip's default (MPU-6050 AD0
    /// low 0x68, PS 9.2; ADXL345 ALT ADDRESS low 0x53, data sheet "Serial Communications").
    public func address<Bus>(of chip: AnySensor<Bus>.Chip) -> UInt8 {
        address ?? (chip == .adxl345 ? 0x53 : 0x68)
    }

    /// The driver for `chip` at its address (`address(of:)`) on `bus`. `interrupt` drives the
    /// chip's INT pin; `detectsStuckData` false turns the stuck-data check off (a noise-free
    /// simulated chip repeats its data exactly and would look stuck).
    public func driver<Bus: I2CBus>(
        _ chip: AnySensor<Bus>.Chip, on bus: Bus, interrupt: Bool = false, detectsStuckData: Bool = true
    ) -> AnySensor<Bus> {
        var sensor: AnySensor<Bus>
        switch chip {
        case .mpu6050:
            var configuration = mpu6050Configuration(interrupt: interrupt)
            if !detectsStuckData { configuration.stuckSampleLimit = 0 }
            sensor = .mpu6050(MPU6050(bus: bus, address: address(of: chip), configuration: configuration, mount: mountMatrix))
        case .adxl345:
            var configuration = adxl345Configuration(interrupt: interrupt)
            if !detectsStuckData { configuration.stuckSampleLimit = 0 }
            sensor = .adxl345(ADXL345(bus: bus, address: address(of: chip), configuration: configuration, mount: mountMatrix))
        }
        sensor.offsetG = deviceOffsetG
        return sensor
    }
}
