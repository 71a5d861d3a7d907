import UprightCore

/// What the simulated chip adds to the true motion: white noise (standard deviation) and a
/// constant bias, per accelerometer and gyroscope, in the device frame (or the accelerometer
/// bias on the chip's own axes, `chipAccelerationBiasG`). The chip models apply them (with
/// their own quantisation); the scenario only states them.
///
/// And how the chip is really mounted (`physicalMount`), which may differ from what the board
/// file believes (`sensor.mount_matrix`): the truth the simulated chip measures in, so a
/// board file with a wrong matrix shows up as wrong orientations, and `upright calibrate`
/// can be tried against a chip glued in at any angle.
public struct SensorErrors: Equatable, Sendable {
    public var accelerationNoiseG: Double
    public var accelerationBiasG: Vector3
    public var angularRateNoiseDPS: Double
    public var angularRateBiasDPS: Vector3
    /// The accelerometer bias on the chip's own axes (a real chip's zero-g offset), added to
    /// `accelerationBiasG` taken to the chip frame; nil when not given.
    public var chipAccelerationBiasG: Vector3? = nil
    /// The chip's true mount (chip axes to device axes); nil: as the board file says.
    public var physicalMount: MountMatrix? = nil

    public init(
        accelerationNoiseG: Double = 0, accelerationBiasG: Vector3 = .zero, angularRateNoiseDPS: Double = 0, angularRateBiasDPS: Vector3 = .zero
    ) {
        self.accelerationNoiseG = accelerationNoiseG
        self.accelerationBiasG = accelerationBiasG
        self.angularRateNoiseDPS = angularRateNoiseDPS
        self.angularRateBiasDPS = angularRateBiasDPS
    }

    public static let none = SensorErrors()

    /// Whether anything but the mount is stated: without it the chip gets its typical noise.
    public var hasImperfections: Bool {
        var plain = self
        plain.physicalMount = nil
        return plain != .none
    }
}
