import UprightCore

/// A board file's `sensor` section as driver configurations, for the firmware and the
/// simulator alike. The loader has already checked every value against what the chip allows
/// (`BoardLoader`), so this only picks the register choices.
extension Board.SensorSettings {
    /// MPU-6050: DLPF_CFG from `filter_hz` (RM 4.3; 44 Hz when absent), SMPLRT_DIV so that
    /// gyro output rate / (1 + divider) is the nearest rate not above `rate_hz` (RM 4.2; the
    /// output rate is 8 kHz with the 260 Hz filter, 1 kHz otherwise), AFS_SEL from `range_g`
    /// (RM 4.5). `interrupt` drives INT (active high, latched) on data ready and overflow.
    public func mpu6050Configuration(interrupt: Bool = false) -> MPU6050Configuration {
        var configuration = MPU6050Configuration()
        configuration.accelerometerRange = MPU6050AccelerometerRange.allCases.first { 2 << Int($0.rawValue) == rangeG } ?? .g2
        configuration.lowPassFilter =
            switch filterHz ?? 44 {
            case 260: .hz260
            case 184: .hz184
            case 94: .hz94
            case 21: .hz21
            case 10: .hz10
            case 5: .hz5
            default: .hz44
            }
        // The tolerance keeps a rate that is exactly a divider's (1000 / 3 Hz) from rounding up
        // past it on the division's last bit.
        let outputRate = Double(configuration.lowPassFilter.gyroOutputRateHz)
        let divider = (outputRate / max(rateHz, 1) - 1e-6).rounded(.up) - 1
        configuration.sampleRateDivider = UInt8(max(0, min(255, divider)))
        configuration.readMode = coreReadMode
        configuration.interruptPin = interrupt ? InterruptPin(activeLow: false, latched: true) : nil
        if gyro {
            // FIFO_EN accelerometer and gyro (RM 4.6): 12-byte records; a burst reads the
            // 14-byte block from 0x3B (RM 4.17-4.19). FS_SEL 3, +-2000 degrees a second
            // (RM 4.4): a camera's snap turn passes 1000.
            configuration.fifoContents = .accelerometerGyro
            configuration.gyroRange = .dps2000
        }
        return configuration
    }

    /// ADXL345: the slowest BW_RATE code not below `rate_hz` (data sheet Table 7: 0.09765625 Hz
    /// x 2^code), DATA_FORMAT range (Table 21), FIFO stream or single reads.
    public func adxl345Configuration(interrupt: Bool = false) -> ADXL345Configuration {
        var configuration = ADXL345Configuration()
        configuration.range = ADXL345Range.allCases.first { 2 << Int($0.rawValue) == rangeG } ?? .g2
        configuration.dataRate = ADXL345DataRate.allCases.first { 0.09765625 * Double(1 << Int($0.rawValue)) >= rateHz * 0.999 } ?? .hz3200
        configuration.readMode = coreReadMode
        configuration.interruptPin = interrupt ? InterruptPin(activeLow: false, latched: true) : nil
        // In FIFO mode the interrupt is the watermark (Table 22 FIFO_CTL samples bits): set it
        // to the samples of one drain interval, so an interrupt-paced read comes as often as a
        // timed one would (a deeper watermark would hold samples back from the detector).
        let samplesPerDrain = ReadSchedule.drainInterval.nanoseconds / max(configuration.dataRate.period.nanoseconds, 1)
        configuration.fifoWatermark = UInt8(max(1, min(31, samplesPerDrain)))
        return configuration
    }

    var coreReadMode: UprightCore.ReadMode { readMode == .burst ? .burst : .fifo }
}
