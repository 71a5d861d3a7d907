/// Three components in the device frame (x right, y top, z out of the back; see
/// docs/conventions.md).
public struct Vector3: Equatable, Sendable {
    /// Toward the device's right side.
    public var x: Float
    /// Toward the device's top.
    public var y: Float
    /// Out of the device's back.
    public var z: Float

    /// A vector of these components.
    @inlinable
    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// All components zero.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// The squared length (no square root).
    @inlinable
    public var magnitudeSquared: Float { x * x + y * y + z * z }

    /// The length.
    @inlinable
    public var magnitude: Float { magnitudeSquared.squareRoot() }

    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    /// Every component times `rhs`.
    @inlinable
    public static func * (lhs: Vector3, rhs: Float) -> Vector3 {
        Vector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs)
    }
}
