import UprightCore

/// What the chip read, at rest, in one pose: the mean of the still window, on the chip's own
/// axes (no mount matrix, no offsets).
public struct PoseReading: Equatable, Sendable {
    /// 1-based, in the order taken.
    public var number: Int
    public var pose: CalibrationPose
    public var meanG: Vector3
    public var sampleCount: Int

    public init(number: Int, pose: CalibrationPose, meanG: Vector3, sampleCount: Int) {
        self.number = number
        self.pose = pose
        self.meanG = meanG
        self.sampleCount = sampleCount
    }
}
