/// Why the poses do not give a mount matrix: each names the poses involved and says what to do.
public enum CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than two different device axes were seen.
    case tooFewPoses(found: Int)
    /// A reading more than `MountFit.maximumDegreesOffAxis` from every chip axis.
    case notSquare(pose: Int, degrees: Float, nearest: SignedAxis)
    /// Two poses put gravity on the same chip axis though they turn different device axes up.
    case sameChipAxis(first: Int, second: Int, chip: SignedAxis)
    /// Two poses that turn the same device axis up (or down) read different chip axes.
    case disagree(first: Int, second: Int)
    /// All three axes seen, and they form a mirror image (determinant -1): no chip is mounted so.
    case mirrored

    public var description: String {
        switch self {
        case .tooFewPoses(let found):
            "\(found) pose\(found == 1 ? "" : "s") with a different axis up; the mount matrix needs two (upright, then on its side or lens up)"
        case .notSquare(let pose, let degrees, let nearest):
            "pose \(pose): gravity is \(Int(degrees.rounded())) degrees from the chip's nearest axis (\(nearest)): the chip is not mounted square to the camera, or the camera was not held square; a mount matrix here is an axis permutation"
        case .sameChipAxis(let first, let second, let chip):
            "poses \(first) and \(second) both read gravity along the chip's \(chip.axis == 0 ? "x" : chip.axis == 1 ? "y" : "z") axis though they turn different sides of the camera up: one of them was not the pose asked for; start again"
        case .disagree(let first, let second):
            "poses \(first) and \(second) turn the same side of the camera up (or down) but read different chip axes: one of them was not the pose asked for; start again"
        case .mirrored:
            "the three axes read form a mirror image (determinant -1), which no chip mounting gives: one pose was the wrong way round (lens up for lens down?); start again"
        }
    }
}
