import UprightCore

/// The chip's zero-g offsets from poses, by least squares per chip axis. In a pose that turns
/// chip axis c up (or down) the axis reads `s * u + b` with u = +1 (or -1), s its sensitivity
/// and b its offset; the least-squares fit of s and b over those poses is exact in the group
/// means: `b = (mean up + mean down) / 2`, `s = (mean up - mean down) / 2`. So an axis needs a
/// pose each way: from one side only, a bias and a sensitivity error (3% on the MPU-6050,
/// PS 6.2) look the same. A pose held tilted by t reads s cos t instead of s, so the offset is
/// off by s (cos t1 - cos t2) / 2: 0.002 g for two poses 5 degrees off. Poses in which the
/// axis lies level are not used for it: there it reads s sin t + b, off by the tilt itself.
public enum OffsetFit {
    /// One chip axis's fit.
    public struct Axis: Equatable, Sendable {
        /// 0, 1, 2 for the chip's x, y, z.
        public var axis: Int
        /// The pose numbers that turned it up, and down.
        public var upPoses: [Int]
        public var downPoses: [Int]
        /// Nil unless the axis was seen both ways.
        public var offsetG: Float?
        /// Counts per g relative to nominal (1 = exact); nil with the offset.
        public var sensitivity: Float?
    }

    /// The three chip axes' fits, given the mount matrix the poses gave.
    public static func fit(_ readings: [PoseReading], mount: MountMatrix) -> [Axis] {
        guard let chipFromDevice = mount.transposed else { return [] }
        var axes = (0..<3).map { Axis(axis: $0, upPoses: [], downPoses: []) }
        var sums: [(up: Float, down: Float)] = [(0, 0), (0, 0), (0, 0)]
        for reading in readings {
            // The chip direction this pose turns up, by the matrix (not by the reading).
            let expected = SignedAxis(nearest: chipFromDevice.apply(reading.pose.restingReading))
            let value = reading.meanG[expected.axis]
            if expected.sign > 0 {
                axes[expected.axis].upPoses.append(reading.number)
                sums[expected.axis].up += value
            } else {
                axes[expected.axis].downPoses.append(reading.number)
                sums[expected.axis].down += value
            }
        }
        for index in 0..<3 where !axes[index].upPoses.isEmpty && !axes[index].downPoses.isEmpty {
            let up = sums[index].up / Float(axes[index].upPoses.count)
            let down = sums[index].down / Float(axes[index].downPoses.count)
            axes[index].offsetG = (up + down) / 2
            axes[index].sensitivity = (up - down) / 2
        }
        return axes
    }
}
