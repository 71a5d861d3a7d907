import UprightCore

/// The baseline the detector is measured against: "the larger of |x| and |y| wins", flat when
/// |z| is larger still, no filtering, no hysteresis, no settle time. Like the detector it
/// starts undecided: its first sample is its first report.
public struct NaiveClassifier: OrientationClassifier {
    public private(set) var orientation: Orientation?
    public private(set) var lastUpright: UprightOrientation?

    public init() {}

    public mutating func update(_ sample: Sample) -> Orientation? {
        let a = sample.accelerationG
        let pose: Orientation
        if abs(a.z) > max(abs(a.x), abs(a.y)) {
            pose = a.z > 0 ? .lensDown : .lensUp
        } else if abs(a.x) > abs(a.y) {
            pose = a.x > 0 ? .rightUp : .leftUp
        } else {
            pose = a.y >= 0 ? .normal : .bottomUp
        }
        guard pose != orientation else { return nil }
        orientation = pose
        if let upright = pose.upright { lastUpright = upright }
        return pose
    }
}
