/// Three components in the device frame (x right, y top, z out of the back; see
/// docs/conventions.md).
public struct Vector3: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var z: Float

    @inlinable
    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(x: 0, y: 0, z: 0)

    @inlinable
    public var magnitudeSquared: Float { x * x + y * y + z * z }

    @inlinable
    public var magnitude: Float { magnitudeSquared.squareRoot() }

    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    @inlinable
    public static func * (lhs: Vector3, rhs: Float) -> Vector3 {
        Vector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs)
    }
}
