import UprightCore

/// What the simulated chip adds to the true motion: white noise (standard deviation) and a
/// constant bias, per accelerometer and gyroscope, in the device frame. The chip models apply
/// them (with their own quantisation); the scenario only states them.
public struct SensorErrors: Equatable, Sendable {
    public var accelerationNoiseG: Double
    public var accelerationBiasG: Vector3
    public var angularRateNoiseDPS: Double
    public var angularRateBiasDPS: Vector3

    public init(accelerationNoiseG: Double = 0, accelerationBiasG: Vector3 = .zero, angularRateNoiseDPS: Double = 0, angularRateBiasDPS: Vector3 = .zero) {
        self.accelerationNoiseG = accelerationNoiseG
        self.accelerationBiasG = accelerationBiasG
        self.angularRateNoiseDPS = angularRateNoiseDPS
        self.angularRateBiasDPS = angularRateBiasDPS
    }

    public static let none = SensorErrors()
}
