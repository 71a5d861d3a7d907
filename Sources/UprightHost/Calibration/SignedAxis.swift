#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// One of the six directions along a frame's axes: `+x` ... `-z`: where a pose turns gravity in
/// the device frame, and what a square mount (a signed permutation) maps each chip axis onto.
public struct SignedAxis: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// 0, 1, 2 for x, y, z.
    public let axis: Int
    /// +1 or -1.
    public let sign: Float

    public init(axis: Int, sign: Float) {
        self.axis = axis
        self.sign = sign < 0 ? -1 : 1
    }

    /// The direction closest to `v` (ties go to the earlier axis).
    public init(nearest v: Vector3) {
        let components = [v.x, v.y, v.z]
        var best = 0
        for index in 1..<3 where abs(components[index]) > abs(components[best]) { best = index }
        self.init(axis: best, sign: components[best] < 0 ? -1 : 1)
    }

    public var vector: Vector3 {
        Vector3(x: axis == 0 ? sign : 0, y: axis == 1 ? sign : 0, z: axis == 2 ? sign : 0)
    }

    public var opposite: SignedAxis { SignedAxis(axis: axis, sign: -sign) }

    /// `+x`, `-z`.
    public var description: String { (sign < 0 ? "-" : "+") + ["x", "y", "z"][axis] }

    /// The component of `v` along this axis (with the sign).
    public func component(of v: Vector3) -> Float { sign * [v.x, v.y, v.z][axis] }
}

extension Vector3 {
    /// The angle to `other` in degrees, 0...180; 180 when either is zero.
    public func degrees(to other: Vector3) -> Float {
        let lengths = magnitude * other.magnitude
        guard lengths > 0 else { return 180 }
        let cosine = (x * other.x + y * other.y + z * other.z) / lengths
        return acos(max(-1, min(1, cosine))) * 180 / Float.pi
    }

    /// The cross product `self x other`.
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    subscript(axis: Int) -> Float { [x, y, z][axis] }
}
