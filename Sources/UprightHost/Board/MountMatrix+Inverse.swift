import UprightCore

extension MountMatrix {
    /// The matrix taking device-frame vectors back to the chip's axes (`chip = M^-1 device`),
    /// by the adjugate. For the usual rotation or reflection it equals the transpose. Nil only
    /// for a matrix whose inverse the core would refuse (determinant above 100).
    public var inverse: MountMatrix? {
        let (a, b, c) = (row0, row1, row2)
        let det = determinant
        // Rows of the inverse are the cofactor columns divided by the determinant.
        let r0 = Vector3(x: b.y * c.z - b.z * c.y, y: a.z * c.y - a.y * c.z, z: a.y * b.z - a.z * b.y) * (1 / det)
        let r1 = Vector3(x: b.z * c.x - b.x * c.z, y: a.x * c.z - a.z * c.x, z: a.z * b.x - a.x * b.z) * (1 / det)
        let r2 = Vector3(x: b.x * c.y - b.y * c.x, y: a.y * c.x - a.x * c.y, z: a.x * b.y - a.y * b.x) * (1 / det)
        // A singular matrix has no inverse: nil, as documented (the caller names the key).
        return try? MountMatrix(rows: r0, r1, r2)
    }

    /// The transpose (the inverse of a pure rotation or reflection).
    public var transposed: MountMatrix? {
        // A transpose of a valid matrix is valid; nil only for a matrix the initialiser refuses.
        try? MountMatrix(
            rows: Vector3(x: row0.x, y: row1.x, z: row2.x),
            Vector3(x: row0.y, y: row1.y, z: row2.y),
            Vector3(x: row0.z, y: row1.z, z: row2.z))
    }
}
