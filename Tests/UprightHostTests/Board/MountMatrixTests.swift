import Testing
import UprightCore
import UprightHost

@Suite struct MountMatrixTests {
    @Test func parsesIdentity() throws {
        let matrix = try MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1")
        #expect(matrix == MountMatrix.identity)
    }

    @Test func parsesWithoutSpacesAndWithDecimals() throws {
        let matrix = try MountMatrix(parsing: "0,-1,0;1,0,0;0,0,1.0")
        #expect(matrix.row0 == Vector3(x: 0, y: -1, z: 0))
        #expect(matrix.row1 == Vector3(x: 1, y: 0, z: 0))
        #expect(matrix.row2 == Vector3(x: 0, y: 0, z: 1))
        #expect(matrix.determinant == 1)
    }

    @Test func appliesToAVector() throws {
        // Chip rotated 90 degrees: chip +x is device +y.
        let matrix = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1")
        let device = matrix.apply(Vector3(x: 1, y: 0, z: 0))
        #expect(device == Vector3(x: 0, y: 1, z: 0))
        let other = matrix.apply(Vector3(x: 0.25, y: -0.5, z: 0.75))
        #expect(other == Vector3(x: 0.5, y: 0.25, z: 0.75))
    }

    @Test func appliesToGyroToo() throws {
        let matrix = try MountMatrix(parsing: "-1, 0, 0; 0, -1, 0; 0, 0, 1")
        let sample = Sample(time: Instant(nanoseconds: 5), accelerationG: Vector3(x: 1, y: 2, z: 3), angularRateDPS: Vector3(x: 10, y: 20, z: 30))
        let out = matrix.apply(sample)
        #expect(out.accelerationG == Vector3(x: -1, y: -2, z: 3))
        #expect(out.angularRateDPS == Vector3(x: -10, y: -20, z: 30))
        #expect(out.time == Instant(nanoseconds: 5))
    }

    @Test func parsesScientificNotation() throws {
        let matrix = try MountMatrix(parsing: "1e0, 0, 0; 0, 10e-1, 0; 0, 0, -1")
        #expect(matrix.row1.y == 1)
        #expect(matrix.row2.z == -1)
    }

    @Test(arguments: [
        ("", MountMatrixError.tooFewElements(found: 0)),
        ("1, 0, 0; 0, 1, 0", .tooFewElements(found: 6)),
        ("1, 0, 0; 0, 1, 0; 0, 0", .tooFewElements(found: 8)),
        ("1, 0, 0, 0; 0, 1, 0; 0, 0, 1", .wrongRowLength(row: 0)),
        ("1, 0, 0; 0, 1, 0; 0, 0, 1; 1", .tooManyElements),
        ("1, 0, 0; 0, 1, 0; 0, 0, 1, 1", .tooManyElements),
        ("1, 0, x; 0, 1, 0; 0, 0, 1", .notANumber(column: 7)),
        ("1, 0, 0: 0, 1, 0; 0, 0, 1", .unexpectedCharacter(column: 8)),
        ("1 0 0; 0 1 0; 0 0 1", .unexpectedCharacter(column: 3)),
        ("0, 0, 0; 0, 1, 0; 0, 0, 1", .singular),
        ("1, 0, 0; 2, 0, 0; 0, 0, 1", .singular),
        ("1, 1, 0; 1, 1, 0; 0, 0, 1", .singular),
    ])
    func rejectsMalformedOrSingular(text: String, expected: MountMatrixError) {
        #expect(throws: expected) { try MountMatrix(parsing: text) }
    }
}
