import UprightCore
import UprightHost

/// The chip a board names, as a register-level model on a simulated bus, and the driver the
/// firmware would use for it (the board's configuration, mount matrix and offsets): the one
/// place the simulator builds a sensor, for `SimRig` and the sensor-only sessions
/// (`SimSensorFeed`).
public enum SimulatedSensor {
    /// Attaches the chip `board` names at `address` on `bus`, measuring `chipMotion` (already
    /// in the chip's frame) with `imperfections` (nil: the chip's typical noise), and returns
    /// its driver, not yet initialised.
    public static func attach(
        board: Board, to bus: SimBus, at address: UInt8, chipMotion: any MotionSource, chipSeed: UInt64, imperfections: SensorImperfections?
    ) -> AnySensor<SimBus> {
        let mount = board.sensor.mountMatrix
        var sensor: AnySensor<SimBus>
        switch board.sensor.simulatedChip {
        case .mpu6050:
            let chipImperfections = imperfections ?? .mpu6050Typical
            bus.attach(SimMPU6050(motion: chipMotion, seed: chipSeed, imperfections: chipImperfections), at: address)
            var configuration = board.sensor.mpu6050Configuration()
            // Noise-free data repeats exactly and would look stuck.
            if chipImperfections.accelerationNoiseG == 0 { configuration.stuckSampleLimit = 0 }
            sensor = .mpu6050(MPU6050(bus: bus, address: address, configuration: configuration, mount: mount))
        case .adxl345:
            let chipImperfections = imperfections ?? .adxl345Typical
            bus.attach(SimADXL345(motion: chipMotion, seed: chipSeed, imperfections: chipImperfections), at: address)
            var configuration = board.sensor.adxl345Configuration()
            if chipImperfections.accelerationNoiseG == 0 { configuration.stuckSampleLimit = 0 }
            sensor = .adxl345(ADXL345(bus: bus, address: address, configuration: configuration, mount: mount))
        }
        sensor.offsetG = board.sensor.deviceOffsetG
        return sensor
    }
}
