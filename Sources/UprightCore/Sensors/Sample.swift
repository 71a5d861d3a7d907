/// One reading of the IMU, already in the device frame (the mount matrix applied).
///
/// Acceleration is in g (standard gravity) as `Float`: the detector works in g, Float is the
/// cheap type on M-class cores, and 24 bits of mantissa exceed every accelerometer's 16.
public struct Sample: Equatable, Sendable {
    /// When the chip measured it (FIFO samples are back-dated from the read time).
    public var time: Instant
    /// Acceleration in g; at rest +1 g along the axis that points up.
    public var accelerationG: Vector3
    /// Angular rate in degrees per second, when the chip has a gyro.
    public var angularRateDPS: Vector3?
    /// Die temperature in degrees Celsius, when the chip reports it.
    public var temperatureCelsius: Float?

    /// A sample measured at `time`; gyro and temperature only when the chip has them.
    @inlinable
    public init(time: Instant, accelerationG: Vector3, angularRateDPS: Vector3? = nil, temperatureCelsius: Float? = nil) {
        self.time = time
        self.accelerationG = accelerationG
        self.angularRateDPS = angularRateDPS
        self.temperatureCelsius = temperatureCelsius
    }
}
