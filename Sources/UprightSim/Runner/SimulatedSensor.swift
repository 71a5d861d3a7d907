import UprightCore
import UprightHost

/// The chip a board names, as a register-level model on a simulated bus, and the driver the
/// firmware would use for it (the board's configuration, mount matrix and offsets): the one
/// place the simulator builds a sensor, for `SimRig` and the sensor-only sessions
/// (`SimSensorFeed`).
public enum SimulatedSensor {
    /// Attaches the chip `board` names at its address on `bus`, measuring `chipMotion` (already
    /// in the chip's frame) with `imperfections` (nil: the chip's typical noise), and returns
    /// its driver, not yet initialised.
    public static func attach(
        board: Board, to bus: SimBus, chipMotion: any MotionSource, chipSeed: UInt64, imperfections: SensorImperfections?
    ) -> AnySensor<SimBus> {
        let address = board.sensor.simulatedAddress
        let noiseFree: Bool
        switch board.sensor.simulatedChip {
        case .mpu6050:
            let chipImperfections = imperfections ?? .mpu6050Typical
            bus.attach(SimMPU6050(motion: chipMotion, seed: chipSeed, imperfections: chipImperfections), at: address)
            noiseFree = chipImperfections.accelerationNoiseG == 0
        case .adxl345:
            let chipImperfections = imperfections ?? .adxl345Typical
            bus.attach(SimADXL345(motion: chipMotion, seed: chipSeed, imperfections: chipImperfections), at: address)
            noiseFree = chipImperfections.accelerationNoiseG == 0
        }
        // Noise-free data repeats exactly and would look stuck.
        return board.sensor.driver(board.sensor.simulatedDriverChip, on: bus, detectsStuckData: !noiseFree)
    }
}
