import UprightCore

/// How a simulated chip departs from the true motion: a constant bias and white noise per
/// axis, added before quantisation to the chip's counts.
public struct SensorImperfections: Equatable, Sendable {
    /// Standard deviation of the accelerometer noise, in g per axis.
    public var accelerationNoiseG: Float
    /// Constant zero-g offset, in g (chip frame).
    public var accelerationBiasG: Vector3
    /// Standard deviation of the gyroscope noise, degrees per second.
    public var angularRateNoiseDPS: Float
    /// Constant gyroscope offset, degrees per second.
    public var angularRateBiasDPS: Vector3

    public init(accelerationNoiseG: Float, accelerationBiasG: Vector3 = .zero, angularRateNoiseDPS: Float = 0, angularRateBiasDPS: Vector3 = .zero) {
        self.accelerationNoiseG = accelerationNoiseG
        self.accelerationBiasG = accelerationBiasG
        self.angularRateNoiseDPS = angularRateNoiseDPS
        self.angularRateBiasDPS = angularRateBiasDPS
    }

    /// Exact counts (quantisation only); tests that compare literal values use this. A driver
    /// reading such a chip needs `stuckSampleLimit = 0`: noise-free data looks stuck.
    public static let ideal = SensorImperfections(accelerationNoiseG: 0)

    /// MPU-6050 product specification 6.2: 400 ug/sqrt(Hz) at 44 Hz bandwidth is about 4 mg rms;
    /// 6.1: 0.05 dps/sqrt(Hz) rate noise.
    public static let mpu6050Typical = SensorImperfections(accelerationNoiseG: 0.004, angularRateNoiseDPS: 0.05)

    /// ADXL345 data sheet Table 1: about 1 LSB rms (4 mg) at 100 Hz in full resolution.
    public static let adxl345Typical = SensorImperfections(accelerationNoiseG: 0.004)
}

/// Standard normal deviates from a table filled once from a seeded generator: a chip at
/// 1 kHz and a simulation at thousands of times real time cannot afford a logarithm and a
/// cosine per axis per sample. Two table entries per draw give 2^20 distinct values.
struct NormalTable {
    private var table: [Float]
    private var generator: SeededGenerator

    init(generator: inout SeededGenerator) {
        var tableGenerator = generator.split()
        table = (0..<1024).map { _ in Float(tableGenerator.gaussian()) }
        self.generator = generator.split()
    }

    mutating func next() -> Float {
        let bits = generator.next()
        return (table[Int(bits & 1023)] + table[Int((bits >> 10) & 1023)]) * 0.707_106_77
    }
}
