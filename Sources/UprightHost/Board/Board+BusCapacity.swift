import UprightCore

extension Board {
    /// The most of the bus's time the sensor's reads may take: the rest is headroom for
    /// retries, health checks and other devices on the bus.
    public static let maximumBusUtilisation = 0.5

    /// Bytes on the wire per sample for a read mode (addresses, register pointers and data,
    /// as `WireStats` counts them; the figures `upright bench` measures on the chip models):
    /// an MPU-6050 FIFO drained 20 samples at a time about 6.5 (12.5 with the gyro's 6 more
    /// bytes a record), an ADXL345 FIFO (one entry per read of its data registers) about 9.3,
    /// a burst read of the data registers 9 (17 for the MPU-6050's 14-byte block with the gyro).
    public static func wireBytesPerSample(kind: SensorKind, mode: ReadMode, gyro: Bool = false) -> Double {
        switch (kind, mode, gyro && kind != .adxl345) {
        case (_, .burst, false): 9
        case (_, .burst, true): 17
        case (.mpu6050, .fifo, false): 6.5
        case (.mpu6050, .fifo, true), (.auto, .fifo, true): 12.5
        case (.adxl345, .fifo, _), (.auto, .fifo, false): 9.3
        }
    }

    /// The share of the bus's time the sensor's reads take at `i2c.speed_hz`: each byte is nine
    /// clocks (eight bits and the acknowledge).
    public static func busUtilisation(sensor: SensorSettings, i2c: I2CSettings) -> Double {
        sensor.rateHz * wireBytesPerSample(kind: sensor.kind, mode: sensor.readMode, gyro: sensor.gyro) * 9 / Double(i2c.speedHz)
    }

    /// `i2c.speed_hz` is the bus clock the board runs at (on a Pi, `dtparam=i2c_arm_baudrate`,
    /// 100 kHz by default): a sample rate whose reads would take more than half of it is
    /// refused here rather than found as lost samples on the camera.
    static func checkBusCapacity(sensor: SensorSettings, i2c: I2CSettings) throws(ConfigError) {
        let utilisation = busUtilisation(sensor: sensor, i2c: i2c)
        guard utilisation <= maximumBusUtilisation else {
            let percent = Int((utilisation * 100).rounded())
            throw ConfigError(
                path: "sensor.rate_hz",
                message:
                    "\(formatNumber(sensor.rateHz)) Hz in \(sensor.readMode.rawValue) mode needs \(percent)% of a \(i2c.speedHz / 1000) kHz bus (at most \(Int(maximumBusUtilisation * 100))%): raise i2c.speed_hz (and dtparam=i2c_arm_baudrate) or lower the rate"
            )
        }
    }
}
