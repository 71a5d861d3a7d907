/// Maps the chip's axes to the device frame: `device = M * chip`.
///
/// Same meaning and text form as Linux iio-sensor-proxy's `ACCEL_MOUNT_MATRIX`: three rows
/// separated by `;`, three numbers per row separated by `,`, row-major, e.g.
/// `"0, -1, 0; 1, 0, 0; 0, 0, 1"` for a chip rotated 90 degrees on the board.
public struct MountMatrix: Equatable, Sendable {
    /// The rows of the matrix: `device.x = row0 . chip`, and so on.
    public let row0: Vector3
    /// The second row: `device.y = row1 . chip`.
    public let row1: Vector3
    /// The third row: `device.z = row2 . chip`.
    public let row2: Vector3

    /// The chip's axes are the device's.
    public static let identity = MountMatrix(unchecked: Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1))

    /// The smallest |determinant| accepted. A mount matrix is a rotation or reflection
    /// (|det| = 1), possibly scaled for calibration; anything near zero collapses an axis.
    public static let minimumDeterminant: Float = 0.01

    init(unchecked row0: Vector3, _ row1: Vector3, _ row2: Vector3) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// Builds a matrix from rows, refusing a singular one.
    public init(rows row0: Vector3, _ row1: Vector3, _ row2: Vector3) throws(MountMatrixError) {
        self.init(unchecked: row0, row1, row2)
        let det = determinant
        guard det.isFinite, abs(det) >= MountMatrix.minimumDeterminant else { throw .singular }
    }

    /// The determinant: 1 or -1 for a rotation or reflection (scaled when calibrated); near 0 is refused.
    public var determinant: Float {
        let (a, b, c) = (row0, row1, row2)
        return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x)
    }

    /// `M * v`.
    @inlinable
    public func apply(_ v: Vector3) -> Vector3 {
        Vector3(
            x: row0.x * v.x + row0.y * v.y + row0.z * v.z,
            y: row1.x * v.x + row1.y * v.y + row1.z * v.z,
            z: row2.x * v.x + row2.y * v.y + row2.z * v.z)
    }

    /// The sample with acceleration and angular rate rotated into the device frame.
    @inlinable
    public func apply(_ sample: Sample) -> Sample {
        var out = sample
        out.accelerationG = apply(sample.accelerationG)
        if let rate = sample.angularRateDPS { out.angularRateDPS = apply(rate) }
        return out
    }
}

/// Why a mount matrix's text or rows were refused.
public enum MountMatrixError: Error, Equatable, Sendable {
    /// The text ended after `found` numbers; nine are needed.
    case tooFewElements(found: Int)
    /// More than nine numbers, or a fourth number in a row.
    case tooManyElements
    /// A row had more than three numbers (0-based row index).
    case wrongRowLength(row: Int)
    /// Something that is not a number where one was expected (1-based column).
    case notANumber(column: Int)
    /// A character other than `,` or `;` between numbers (1-based column).
    case unexpectedCharacter(column: Int)
    /// The determinant is (nearly) zero: an axis would be lost.
    case singular
}
