import UprightCore

/// What `upright probe` read from one identified chip: the mean of a few samples on the chip's
/// own axes (no mount matrix, no calibration offset), and how far the samples strayed from it.
public struct ProbeChipReading: Equatable, Sendable {
    public var identity: ChipIdentity
    /// Samples averaged.
    public var sampleCount: Int
    /// Mean acceleration in g on the chip's axes.
    public var meanG: Vector3
    /// The largest distance of one sample from the mean, in g (movement or noise).
    public var spreadG: Float
    /// Mean die temperature, for the parts whose temperature formula the driver knows.
    public var temperatureCelsius: Float?

    public init(identity: ChipIdentity, sampleCount: Int, meanG: Vector3, spreadG: Float, temperatureCelsius: Float?) {
        self.identity = identity
        self.sampleCount = sampleCount
        self.meanG = meanG
        self.spreadG = spreadG
        self.temperatureCelsius = temperatureCelsius
    }

    /// |mean| in g: about 1 at rest, whatever the pose.
    public var magnitudeG: Float { meanG.magnitude }
}
