/// Why the poses give no mount matrix: each names the poses involved and says what to do.
public enum CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than two different device axes were seen.
    case tooFewPoses(found: Int)
    /// The poses fit two mounts equally well (a mirror image among them) and no pose is left
    /// that could tell them apart: `poses` are the ones the mounts disagree about.
    case undecided(poses: [Int])
    /// Most poses agree on a mount (`agreeing`); `poses` do not.
    case disagree(poses: [Int], agreeing: [Int])
    /// The fitted offset on one of the chip's axes is beyond what the board file takes
    /// (`Board.SensorSettings.maximumOffsetG`).
    case offsetTooLarge(chipAxis: Int, offsetG: Float)
    /// This many poses were taken and they still do not agree.
    case tooManyPoses(taken: Int)

    public var description: String {
        switch self {
        case .tooFewPoses(let found):
            return
                "\(found) pose\(found == 1 ? "" : "s") with a different axis up; the mount matrix needs two (upright, then on its side or lens up)"
        case .undecided(let poses):
            return
                "poses \(Self.list(poses)) cannot all be as asked (together they are a mirror image: one was turned the other way, the left side for the right or lens down for lens up) and no pose is left to tell which; start again"
        case .disagree(let poses, let agreeing):
            return
                "pose\(poses.count == 1 ? "" : "s") \(Self.list(poses)) \(poses.count == 1 ? "does" : "do") not fit the mount poses \(Self.list(agreeing)) agree on: \(poses.count == 1 ? "it was" : "they were") not the pose asked for; start again"
        case .offsetTooLarge(let axis, let offset):
            return
                "the chip's \(["x", "y", "z"][axis]) axis reads \(CalibrationText.signed(offset)) g at zero g, more than the board file takes (0.5 g): a broken chip, or sensor.range_g does not match it"
        case .tooManyPoses(let taken):
            return "\(taken) poses taken and they still do not agree on one mount; start again, resting the camera on a table in each pose"
        }
    }

    /// "1", "1 and 2", "1, 2 and 3".
    static func list(_ numbers: [Int]) -> String {
        let words = numbers.map(String.init)
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
