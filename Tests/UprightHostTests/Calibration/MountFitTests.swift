import Testing
import UprightCore
import UprightHost

@Suite struct MountFitTests {
    @Test func twoPosesGiveTheMatrixTheThirdRowByTheRightHandRule() throws {
        let mount = try MountFit.fit(CalibrationFixtures.poses(first: 2))
        #expect(mount == (try MountMatrix(parsing: "0, -1, 0; -1, 0, 0; 0, 0, -1")))
    }

    @Test(arguments: 3...6)
    func morePosesGiveTheSameMatrix(count: Int) throws {
        #expect(try MountFit.fit(CalibrationFixtures.poses(first: count)) == (try MountMatrix(parsing: CalibrationFixtures.mount)))
    }

    /// A chip standing on its edge, no axis in common with the device's: `0, 0, 1; -1, 0, 0; 0, -1, 0`
    /// (device x = chip +z, y = chip -x, z = chip -y); upright reads chip -x, right-up chip +z.
    @Test func aChipOnItsEdge() throws {
        let readings = CalibrationFixtures.poses([Vector3(x: -0.98, y: 0.1, z: 0.05), Vector3(x: 0.08, y: -0.1, z: 1.02)])
        #expect(try MountFit.fit(readings) == (try MountMatrix(parsing: "0, 0, 1; -1, 0, 0; 0, -1, 0")))
    }

    @Test func identity() throws {
        let readings = CalibrationFixtures.poses([Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 0, z: -1)])
        #expect(try MountFit.fit(readings) == .identity)
    }

    @Test func errorsNameThePoses() {
        let poses: ([Vector3]) -> [PoseReading] = CalibrationFixtures.poses
        #expect(
            throws: CalibrationError.notSquare(
                pose: 2, degrees: MountFitTests.degrees(Vector3(x: 0.7, y: 0.7, z: 0.1)), nearest: SignedAxis(axis: 0, sign: 1))
        ) {
            try MountFit.fit(poses([Vector3(x: 0, y: 1, z: 0), Vector3(x: 0.7, y: 0.7, z: 0.1)]))
        }
        #expect(throws: CalibrationError.sameChipAxis(first: 1, second: 2, chip: SignedAxis(axis: 1, sign: -1))) {
            try MountFit.fit(poses([Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: -1, z: 0)]))
        }
        // Pose 2 of the sequence turns device x up; read it as a second pose with -y up instead:
        #expect(throws: CalibrationError.tooFewPoses(found: 1)) {
            try MountFit.fit([
                PoseReading(number: 1, pose: CalibrationPose.sequence[0], meanG: Vector3(x: 0, y: 1, z: 0), sampleCount: 1),
                PoseReading(number: 2, pose: CalibrationPose.sequence[3], meanG: Vector3(x: 0, y: -1, z: 0), sampleCount: 1),
            ])
        }
        #expect(throws: CalibrationError.disagree(first: 1, second: 2)) {
            try MountFit.fit([
                PoseReading(number: 1, pose: CalibrationPose.sequence[0], meanG: Vector3(x: 0, y: 1, z: 0), sampleCount: 1),
                PoseReading(number: 2, pose: CalibrationPose.sequence[3], meanG: Vector3(x: 1, y: 0, z: 0), sampleCount: 1),
            ])
        }
        // Lens up read on chip +z with the identity on x and y: a mirror image.
        #expect(throws: CalibrationError.mirrored) {
            try MountFit.fit(poses([Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 0, z: 1)]))
        }
    }

    @Test func errorTexts() {
        #expect(
            CalibrationError.notSquare(pose: 2, degrees: 44.6, nearest: SignedAxis(axis: 0, sign: 1)).description
                == "pose 2: gravity is 45 degrees from the chip's nearest axis (+x): the chip is not mounted square to the camera, or the camera was not held square; a mount matrix here is an axis permutation"
        )
        #expect(
            CalibrationError.mirrored.description
                == "the three axes read form a mirror image (determinant -1), which no chip mounting gives: one pose was the wrong way round (lens up for lens down?); start again"
        )
    }

    static func degrees(_ v: Vector3) -> Float { v.degrees(to: SignedAxis(nearest: v).vector) }
}
