import UprightCore

/// The rotation that best maps one set of directions onto another: Wahba's problem, minimise
/// sum w_i |d_i - R c_i|^2 over rotations R, solved by Davenport's q-method. With
/// B = sum w_i d_i c_i^T, the optimal R maximises tr(R B^T), which in the quaternion q of R is
/// the quadratic form q^T K q with
///
///     K = | B + B^T - tr(B) I   z     |     z = (B23 - B32, B31 - B13, B12 - B21)
///         | z^T                 tr(B) |
///
/// so q is K's eigenvector of the largest eigenvalue (Markley and Crassidis, Fundamentals of
/// Spacecraft Attitude Determination and Control, 5.3). Always a proper rotation: directions
/// that are a mirror image of the others fix none (two eigenvalues tie) or fit one badly, and
/// the residuals show it.
///
/// Here d is a device direction (where the pose turns gravity), c the chip's reading of it.
public enum WahbaFit {
    /// The fit and how well it is determined.
    public struct Fit: Sendable {
        public var rotation: Rotation
        /// The largest eigenvalue's lead over the next, over the sum of the weights: 0 when the
        /// directions do not fix the rotation (fewer than two that are not parallel), up to 1
        /// for two or more perpendicular ones fitted exactly.
        public var determinacy: Double
    }

    /// Below this `determinacy` the directions leave a turn free (all parallel).
    public static let minimumDeterminacy = 1e-3

    /// The rotation taking each `chip` direction to its `device` direction (`device = R chip`),
    /// weighted; nil when the directions do not fix it. The directions need not be unit.
    public static func fit(device: [SIMD3<Double>], chip: [SIMD3<Double>], weights: [Double]? = nil) -> Fit? {
        guard device.count == chip.count, !device.isEmpty else { return nil }
        var b = [[Double]](repeating: [0, 0, 0], count: 3)
        var total = 0.0
        for index in device.indices {
            let w = weights?[index] ?? 1
            let d = unit(device[index])
            let c = unit(chip[index])
            total += w
            for row in 0..<3 { for column in 0..<3 { b[row][column] += w * d[row] * c[column] } }
        }
        guard total > 0 else { return nil }
        let trace = b[0][0] + b[1][1] + b[2][2]
        let z = [b[1][2] - b[2][1], b[2][0] - b[0][2], b[0][1] - b[1][0]]
        var k = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for row in 0..<3 {
            for column in 0..<3 { k[row][column] = b[row][column] + b[column][row] - (row == column ? trace : 0) }
            k[row][3] = z[row]
            k[3][row] = z[row]
        }
        k[3][3] = trace
        let eigen = SymmetricEigen(k)
        let determinacy = (eigen.values[0] - eigen.values[1]) / total
        guard determinacy >= minimumDeterminacy else { return nil }
        let q = eigen.vectors[0]
        return Fit(rotation: Rotation(quaternion: SIMD4(q[0], q[1], q[2], q[3])), determinacy: determinacy)
    }

    static func unit(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let length = (v * v).sum().squareRoot()
        return length > 0 ? v / length : v
    }
}

extension WahbaFit {
    /// TRIAD: the rotation that maps `primary.chip` onto `primary.device` exactly and turns
    /// `secondary.chip` as near `secondary.device` as that allows (Black's two-vector method;
    /// Markley and Crassidis 5.2). Nil when either pair is parallel or zero.
    public static func triad(
        primary: (device: SIMD3<Double>, chip: SIMD3<Double>), secondary: (device: SIMD3<Double>, chip: SIMD3<Double>)
    ) -> Rotation? {
        func frame(_ first: SIMD3<Double>, _ second: SIMD3<Double>) -> [SIMD3<Double>]? {
            let a = unit(first)
            let c = cross(a, second)
            let length = (c * c).sum().squareRoot()
            guard (a * a).sum() > 0, length > 1e-9 * max(1, (second * second).sum().squareRoot()) else { return nil }
            let b = c / length
            return [a, b, cross(a, b)]
        }
        guard let device = frame(primary.device, secondary.device), let chip = frame(primary.chip, secondary.chip) else { return nil }
        // R = sum device_k chip_k^T takes each chip frame vector to its device one.
        var rows = [SIMD3<Double>](repeating: SIMD3(0, 0, 0), count: 3)
        for k in 0..<3 { for row in 0..<3 { rows[row] += device[k][row] * chip[k] } }
        return Rotation(rows: rows[0], rows[1], rows[2])
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
