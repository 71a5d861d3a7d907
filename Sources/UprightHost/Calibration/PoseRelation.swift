#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// How two poses lie to each other, from their readings alone: the same, a quarter turn apart
/// or turned over, or neither (one of them not square). Told from the difference of the two
/// readings, which a zero-g offset does not change (it is in both) and the chip's mount does
/// not either (it turns both alike): |a - b| is 2 sin(angle / 2) g, 0 for the same pose, 1.41
/// for a quarter turn, 2 for turned over. So the relation holds from the first reading on,
/// before any offset or mount is known, and needs no guess about either.
public enum PoseRelation: Equatable, Sendable {
    case same
    case quarterTurn
    case turnedOver
    /// Not within `toleranceDegrees` of any: the angle between the poses.
    case between(degrees: Float)

    /// How far from 0, 90 or 180 degrees two poses may be and still count as square to each
    /// other: a pose held 10 degrees off next to one held 10 degrees the other way.
    public static let toleranceDegrees: Float = 20

    /// The angle between the poses of readings `a` and `b` (in g), 0...180 degrees.
    public static func degrees(_ a: Vector3, _ b: Vector3) -> Float {
        let chord = (a - b).magnitude
        return 2 * asin(min(1, chord / 2)) * 180 / Float.pi
    }

    public init(_ a: Vector3, _ b: Vector3) {
        let angle = Self.degrees(a, b)
        if angle <= Self.toleranceDegrees {
            self = .same
        } else if abs(angle - 90) <= Self.toleranceDegrees {
            self = .quarterTurn
        } else if angle >= 180 - Self.toleranceDegrees {
            self = .turnedOver
        } else {
            self = .between(degrees: angle)
        }
    }

    /// The relation of two device directions (exact).
    public init(_ a: SignedAxis, _ b: SignedAxis) {
        self = a == b ? .same : a == b.opposite ? .turnedOver : .quarterTurn
    }
}
