import UprightCore

/// Watches the gyro's zero-rate offset the detector learns at rest (`OrientationDetector.
/// gyroOffsetDPS`) and words a warning when it is implausible: an axis beyond the datasheet's
/// +-20 degrees a second (MPU-6050 PS 6.1, initial zero-rate output tolerance at 25 C). Such an
/// offset means a faulty chip, or a slow steady turn about the vertical (which the accelerometer
/// cannot see) taken for offset; the detector still subtracts it. Once per excursion: it warns
/// again only after the offset has come back under `rearmDPS` (it moves with a 2 s time
/// constant, so one near the limit would otherwise warn on every wobble), and says so then.
public struct GyroOffsetCheck: Equatable, Sendable {
    /// PS 6.1's tolerance, degrees a second on any axis.
    public static let limitDPS: Float = 20
    /// Back under this on every axis, the offset is plausible again.
    public static let rearmDPS: Float = 18

    /// An implausible offset was reported and has not come back yet.
    public private(set) var warned = false

    /// A check that has warned of nothing yet.
    public init() {}

    /// The line to note for `offset` (degrees a second, device frame), or nil when nothing changed.
    public mutating func check(_ offset: Vector3) -> String? {
        // Called after every pass of the loop: the words are made only when there is a line.
        let worst = max(abs(offset.x), abs(offset.y), abs(offset.z))
        if warned {
            guard worst < Self.rearmDPS else { return nil }
            warned = false
            return "gyro: the zero-rate offset learnt at rest is back within the datasheet's +-20 dps: " + Self.words(offset)
        }
        guard worst > Self.limitDPS else { return nil }
        warned = true
        return "gyro: the zero-rate offset learnt at rest is " + Self.words(offset)
            + ", beyond the datasheet's +-20 dps (PS 6.1): a faulty chip, or a slow steady turn about the vertical taken for offset"
    }

    /// "(x, y, z) dps", one decimal each.
    static func words(_ offset: Vector3) -> String {
        "(" + [offset.x, offset.y, offset.z].map { TextFormat.fixed(Double($0), decimals: 1) }.joined(separator: ", ") + ") dps"
    }
}
