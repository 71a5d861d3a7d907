#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// A proper rotation of 3-space in double precision, as its matrix rows: `device = R * chip`
/// for a mount. The calibration's fits work in it; the board file gets a `MountMatrix`.
public struct Rotation: Equatable, Sendable {
    public var row0: SIMD3<Double>
    public var row1: SIMD3<Double>
    public var row2: SIMD3<Double>

    public init(rows row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    public static let identity = Rotation(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    /// The rotation by `degrees` about `axis` (any length but zero), counter-clockwise seen
    /// from the axis's tip (Rodrigues' formula).
    public init(degrees: Double, about axis: SIMD3<Double>) {
        let unit = axis / (axis * axis).sum().squareRoot()
        let angle = degrees * Double.pi / 180
        let (c, s, t) = (cos(angle), sin(angle), 1 - cos(angle))
        let (x, y, z) = (unit.x, unit.y, unit.z)
        self.init(
            rows: SIMD3(c + x * x * t, x * y * t - z * s, x * z * t + y * s),
            SIMD3(y * x * t + z * s, c + y * y * t, y * z * t - x * s),
            SIMD3(z * x * t - y * s, z * y * t + x * s, c + z * z * t))
    }

    /// The rotation of the unit quaternion (x, y, z, w), w the scalar part, taking the
    /// reference frame to the body frame (Markley and Crassidis, Fundamentals of Spacecraft
    /// Attitude Determination and Control, eq. 2.125).
    init(quaternion q: SIMD4<Double>) {
        let n = q / (q * q).sum().squareRoot()
        let (x, y, z, w) = (n.x, n.y, n.z, n.w)
        self.init(
            rows: SIMD3(w * w + x * x - y * y - z * z, 2 * (x * y + w * z), 2 * (x * z - w * y)),
            SIMD3(2 * (x * y - w * z), w * w - x * x + y * y - z * z, 2 * (y * z + w * x)),
            SIMD3(2 * (x * z + w * y), 2 * (y * z - w * x), w * w - x * x - y * y + z * z))
    }

    /// The mount matrix with these rows (a rotation is never singular).
    public init(_ mount: MountMatrix) {
        func double(_ v: Vector3) -> SIMD3<Double> { SIMD3(Double(v.x), Double(v.y), Double(v.z)) }
        self.init(rows: double(mount.row0), double(mount.row1), double(mount.row2))
    }

    public var rows: [SIMD3<Double>] { [row0, row1, row2] }

    public var transposed: Rotation {
        Rotation(rows: SIMD3(row0.x, row1.x, row2.x), SIMD3(row0.y, row1.y, row2.y), SIMD3(row0.z, row1.z, row2.z))
    }

    public func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((row0 * v).sum(), (row1 * v).sum(), (row2 * v).sum())
    }

    public func apply(_ v: Vector3) -> Vector3 {
        let result = apply(SIMD3(Double(v.x), Double(v.y), Double(v.z)))
        return Vector3(x: Float(result.x), y: Float(result.y), z: Float(result.z))
    }

    /// `self * other`: `other` first.
    public func composed(after other: Rotation) -> Rotation {
        let columns = other.transposed
        return Rotation(
            rows: SIMD3((row0 * columns.row0).sum(), (row0 * columns.row1).sum(), (row0 * columns.row2).sum()),
            SIMD3((row1 * columns.row0).sum(), (row1 * columns.row1).sum(), (row1 * columns.row2).sum()),
            SIMD3((row2 * columns.row0).sum(), (row2 * columns.row1).sum(), (row2 * columns.row2).sum()))
    }

    /// How far it turns, 0...180 degrees.
    public var degrees: Double {
        // From both the cosine (the trace) and the sine (the antisymmetric part): exact near 0
        // and 180 degrees, where acos alone loses half the digits.
        let cosine = (row0.x + row1.y + row2.z - 1) / 2
        let antisymmetric = SIMD3(row2.y - row1.z, row0.z - row2.x, row1.x - row0.y)
        let sine = (antisymmetric * antisymmetric).sum().squareRoot() / 2
        return atan2(sine, cosine) * 180 / Double.pi
    }

    /// The unit axis it turns about (counter-clockwise seen from its tip); nil for (nearly)
    /// no turn. Near 180 degrees, from the symmetric part (the antisymmetric one vanishes).
    public var axis: SIMD3<Double>? {
        let antisymmetric = SIMD3(row2.y - row1.z, row0.z - row2.x, row1.x - row0.y)
        let length = (antisymmetric * antisymmetric).sum().squareRoot()
        if degrees < 1e-6 { return nil }
        if length > 1e-6 { return antisymmetric / length }
        // R = 2 a a^T - I at 180 degrees: the largest diagonal entry gives a stable column.
        let diagonal = [row0.x, row1.y, row2.z]
        let index = diagonal.indices.max { diagonal[$0] < diagonal[$1] }!
        let column = SIMD3(rows[0][index], rows[1][index], rows[2][index]) + SIMD3(index == 0 ? 1 : 0, index == 1 ? 1 : 0, index == 2 ? 1 : 0)
        return column / (column * column).sum().squareRoot()
    }

    /// The angle between two rotations, in degrees.
    public func degrees(to other: Rotation) -> Double { composed(after: other.transposed).degrees }

    /// The mount matrix with these rows, each number rounded to `decimals` (as the board file
    /// keeps it); entries that round to 0, 1 or -1 are exact.
    public func mountMatrix(decimals: Int = 4) -> MountMatrix {
        let scale = pow(10, Double(decimals))
        func row(_ v: SIMD3<Double>) -> Vector3 {
            let r = (v * scale).rounded(.toNearestOrEven) / scale
            return Vector3(x: Float(r.x), y: Float(r.y), z: Float(r.z))
        }
        // A rotation's determinant is 1: never singular, also rounded.
        return try! MountMatrix(rows: row(row0), row(row1), row(row2))
    }

    /// The 24 rotations that map axes onto axes (signed permutations, determinant +1).
    public static let square: [Rotation] = {
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        var found: [Rotation] = []
        for order in orders {
            for signs in 0..<8 {
                let rows = (0..<3).map { row -> SIMD3<Double> in
                    var v = SIMD3<Double>(0, 0, 0)
                    v[order[row]] = signs & (1 << row) == 0 ? 1 : -1
                    return v
                }
                let rotation = Rotation(rows: rows[0], rows[1], rows[2])
                if rotation.determinant > 0 { found.append(rotation) }
            }
        }
        return found
    }()

    /// The square rotation nearest to this one (the least turn between them).
    public var nearestSquare: Rotation {
        Rotation.square.min { degrees(to: $0) < degrees(to: $1) }!
    }

    var determinant: Double {
        (row0 * SIMD3(row1.y * row2.z - row1.z * row2.y, row1.z * row2.x - row1.x * row2.z, row1.x * row2.y - row1.y * row2.x)).sum()
    }
}
