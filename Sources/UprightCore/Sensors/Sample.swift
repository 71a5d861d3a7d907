/// One reading of the IMU, already in the device frame (the mount matrix applied).
///
/// Acceleration is in g (standard gravity) as `Float`: the detector works in g, Float is the
/// cheap type on M-class cores, and 24 bits of mantissa exceed every accelerometer's 16.
///
/// The optional gyro and temperature are stored as plain values with presence flags, not as
/// Swift optionals: a `Vector3?` and a `Float?` each carry a tag byte and padding, and a
/// sample is 40 bytes on a 32-bit core this way instead of 48 (the ring and the engine's batch
/// hold 20 of them on a microcontroller; docs/mcu.md, "RAM").
public struct Sample: Equatable, Sendable {
    /// When the chip measured it (FIFO samples are back-dated from the read time).
    public var time: Instant
    /// Acceleration in g; at rest +1 g along the axis that points up.
    public var accelerationG: Vector3
    @usableFromInline var rateStorage: Vector3
    @usableFromInline var temperatureStorage: Float
    @usableFromInline var hasRate: Bool
    @usableFromInline var hasTemperature: Bool

    /// Angular rate in degrees per second, when the chip has a gyro.
    @inlinable
    public var angularRateDPS: Vector3? {
        get { hasRate ? rateStorage : nil }
        set {
            hasRate = newValue != nil
            rateStorage = newValue ?? .zero
        }
    }

    /// Die temperature in degrees Celsius, when the chip reports it.
    @inlinable
    public var temperatureCelsius: Float? {
        get { hasTemperature ? temperatureStorage : nil }
        set {
            hasTemperature = newValue != nil
            temperatureStorage = newValue ?? 0
        }
    }

    /// A sample measured at `time`; gyro and temperature only when the chip has them.
    @inlinable
    public init(time: Instant, accelerationG: Vector3, angularRateDPS: Vector3? = nil, temperatureCelsius: Float? = nil) {
        self.time = time
        self.accelerationG = accelerationG
        self.rateStorage = angularRateDPS ?? .zero
        self.temperatureStorage = temperatureCelsius ?? 0
        self.hasRate = angularRateDPS != nil
        self.hasTemperature = temperatureCelsius != nil
    }
}
