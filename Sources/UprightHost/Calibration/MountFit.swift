import UprightCore

/// The mount matrix from poses: each pose says which device direction is up, its reading which
/// chip direction gravity fell on; a square mount is the signed axis permutation that maps the
/// one onto the other (`device = M * chip`). Pure; no tolerance on the result: the matrix is
/// exact, or an error names the poses that disagree.
public enum MountFit {
    /// A reading further than this from every chip axis is not a square mount. A chip biased
    /// 0.25 g on both level axes reads 25 degrees off, a camera held a few degrees off adds to
    /// that; a chip glued in at 45 degrees reads 45.
    public static let maximumDegreesOffAxis: Float = 35

    public static func fit(_ readings: [PoseReading]) throws(CalibrationError) -> MountMatrix {
        // rows[d]: the chip direction that device axis d points along (device_d = row . chip).
        var rows: [SignedAxis?] = [nil, nil, nil]
        var rowSource = [0, 0, 0]
        for reading in readings {
            let chip = reading.chipUp
            let degrees = reading.degreesOffAxis
            guard degrees <= maximumDegreesOffAxis else { throw .notSquare(pose: reading.number, degrees: degrees, nearest: chip) }
            let device = reading.pose.deviceUp
            // device_d reads device.sign when chip_c reads chip.sign: device_d = (device.sign * chip.sign) chip_c.
            let row = SignedAxis(axis: chip.axis, sign: device.sign * chip.sign)
            if let existing = rows[device.axis] {
                guard existing == row else { throw .disagree(first: rowSource[device.axis], second: reading.number) }
                continue
            }
            if let other = rows.indices.first(where: { rows[$0]?.axis == chip.axis }) {
                throw .sameChipAxis(first: rowSource[other], second: reading.number, chip: chip)
            }
            rows[device.axis] = row
            rowSource[device.axis] = reading.number
        }
        let seen = rows.compactMap { $0 }.count
        guard seen >= 2 else { throw .tooFewPoses(found: seen) }
        var vectors = rows.map { $0?.vector }
        if seen == 2, let missing = vectors.firstIndex(where: { $0 == nil }) {
            // A chip's axes are right-handed, as the device frame's are: x = y × z, y = z × x, z = x × y.
            let a = vectors[(missing + 1) % 3]!
            let b = vectors[(missing + 2) % 3]!
            vectors[missing] = a.cross(b)
        }
        let matrix: MountMatrix
        do throws(MountMatrixError) {
            matrix = try MountMatrix(rows: vectors[0]!, vectors[1]!, vectors[2]!)
        } catch {
            // A permutation of three different axes is never singular; kept for the types.
            throw .mirrored
        }
        guard matrix.determinant > 0 else { throw .mirrored }
        return matrix
    }
}
