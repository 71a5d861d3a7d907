import UprightCore

/// A pose `upright calibrate` asks for: the camera at rest with one of its six faces down,
/// named by the orientation the detector reports in it (docs/conventions.md).
///
/// The order is chosen so that every prefix is useful (`gives(poses:)`): two poses fix the
/// mount matrix (at any angle of the chip), the third checks which way round its last axis
/// goes, and each later pose shows an axis the other way up, which is what its offset needs
/// and what tells a pose taken on the wrong side from the others.
public struct CalibrationPose: Equatable, Sendable {
    public let orientation: Orientation
    /// What to do, for the prompt: "hold the camera upright, top edge up".
    public let instruction: String

    /// What the accelerometer reads at rest in this pose, in the device frame: +1 g along the
    /// axis that points up (docs/conventions.md).
    public var restingReading: Vector3 { deviceUp.vector }

    /// The device axis that points up.
    public var deviceUp: SignedAxis {
        switch orientation {
        case .normal: SignedAxis(axis: 1, sign: 1)
        case .leftUp: SignedAxis(axis: 0, sign: -1)
        case .rightUp: SignedAxis(axis: 0, sign: 1)
        case .bottomUp: SignedAxis(axis: 1, sign: -1)
        case .lensDown: SignedAxis(axis: 2, sign: 1)
        case .lensUp: SignedAxis(axis: 2, sign: -1)
        }
    }

    /// The six poses in the order they are asked for.
    public static let sequence: [CalibrationPose] = [
        CalibrationPose(orientation: .normal, instruction: "hold the camera upright, top edge up"),
        CalibrationPose(orientation: .rightUp, instruction: "put the camera on its left side (right edge up)"),
        CalibrationPose(orientation: .lensUp, instruction: "lay the camera on its back, lens to the sky"),
        CalibrationPose(orientation: .bottomUp, instruction: "hold the camera upside down, top edge down"),
        CalibrationPose(orientation: .leftUp, instruction: "put the camera on its right side (left edge up)"),
        CalibrationPose(orientation: .lensDown, instruction: "lay the camera on its front, lens down (on a cloth)"),
    ]

    /// The orientation whose up axis is `up`.
    public static func orientation(up: SignedAxis) -> Orientation {
        sequence.first { $0.deviceUp == up }?.orientation ?? .normal
    }

    public static let minimumPoses = 2
    public static let maximumPoses = 6

    /// The first `count` poses of `sequence`.
    public static func plan(poses count: Int) -> [CalibrationPose] {
        Array(sequence.prefix(max(minimumPoses, min(maximumPoses, count))))
    }

    /// What `count` poses give (for the help and the start of a run). An axis's offset needs
    /// it seen pointing up and pointing down: one side alone cannot tell a bias from a
    /// sensitivity error (the MPU-6050's is up to 3%, PS 6.2), the two together can.
    public static func gives(poses count: Int) -> String {
        switch count {
        case ...2: "the mount matrix (its third row by the right-hand rule, trusting pose 2 was on the side asked); no offsets"
        case 3: "the mount matrix, every axis seen; no offsets"
        case 4: "the mount matrix and the offset of the device's up-down (y) axis"
        case 5: "the mount matrix and the offsets of the device's x and y axes"
        default: "the mount matrix and the offsets of all three axes"
        }
    }
}
