import Testing
import UprightCore
import UprightHost

@Suite struct MountFitTests {
    static let zero = Vector3.zero

    /// Square: the exact permutation from two poses (the third row by the right-hand rule) to six.
    @Test(arguments: 2...6)
    func aSquareChipGetsItsExactPermutation(count: Int) throws {
        let solution = try #require(MountFit.fit(CalibrationFixtures.poses(first: count), priorOffsetG: Self.zero))
        #expect(solution.written.mountMatrix() == (try MountMatrix(parsing: CalibrationFixtures.mount)))
        #expect(solution.isSquare)
    }

    /// A chip standing on its edge, no axis in common with the device's: `0, 0, 1; -1, 0, 0; 0, -1, 0`
    /// (device x = chip +z, y = chip -x, z = chip -y); upright reads chip -x, right-up chip +z,
    /// both 0.05 to 0.1 g off.
    @Test func aChipOnItsEdge() throws {
        let readings = CalibrationFixtures.poses([Vector3(x: -0.95, y: 0.1, z: 0.05), Vector3(x: 0.05, y: 0.1, z: 1.05)])
        let solution = try #require(MountFit.fit(readings, priorOffsetG: Self.zero))
        #expect(solution.written.mountMatrix() == (try MountMatrix(parsing: "0, 0, 1; -1, 0, 0; 0, -1, 0")))
    }

    /// Glued 5 to 60 degrees off square (60 is 30 from the next permutation), in the camera's plane (about z), out of it (about x)
    /// and about a slanted axis, offset 0.2 to 0.25 g per axis, six exact poses: the true
    /// rotation and the true offsets.
    @Test(arguments: [5.0, 15, 30, 45, 60], [SIMD3<Double>(0, 0, 1), SIMD3(1, 0, 0), SIMD3(1, -2, 1.5)])
    func aCrookedChipGetsItsTrueRotation(degrees: Double, axis: SIMD3<Double>) throws {
        let truth = CalibrationFixtures.crooked(degrees, about: axis)
        let solution = try #require(MountFit.fit(CalibrationFixtures.poses(CalibrationFixtures.readings(truth: truth)), priorOffsetG: Self.zero))
        #expect(solution.written.degrees(to: truth) < 0.001)
        #expect(!solution.isSquare)
        if degrees <= 45 { #expect(abs(solution.chipTurn.degrees - degrees) < 0.001) }
        #expect((solution.offsetG - CalibrationFixtures.bias).magnitude < 1e-4, "\(solution.offsetG)")
        // The board file's four decimals keep it within 0.01 degrees.
        #expect(Rotation(solution.written.mountMatrix()).degrees(to: truth) < 0.01)
    }

    /// Held 2 to 4 degrees off, this way and that: the fit stays within a degree of the truth,
    /// and the holds show as the residual, not as the chip's angle.
    @Test(arguments: [0.0, 5, 15, 30, 45])
    func holdsOffSquareDoNotTurnTheFit(degrees: Double) throws {
        let truth = CalibrationFixtures.crooked(degrees, about: SIMD3(0, 0, 1))
        let readings = CalibrationFixtures.poses(CalibrationFixtures.readings(truth: truth, holds: CalibrationFixtures.holds))
        let solution = try #require(MountFit.fit(readings, priorOffsetG: Self.zero))
        #expect(solution.written.degrees(to: truth) < 1, "\(solution.written.degrees(to: truth))")
        #expect((solution.offsetG - CalibrationFixtures.bias).magnitude < 0.005, "\(solution.offsetG)")
    }

    /// Within `squareDegrees` (2) of a permutation the permutation is written, exact; beyond
    /// it the fit.
    @Test func nearlySquareIsWrittenSquare() throws {
        let near = CalibrationFixtures.crooked(1.5, about: SIMD3(0, 0, 1))
        let nearFit = try #require(MountFit.fit(CalibrationFixtures.poses(CalibrationFixtures.readings(truth: near)), priorOffsetG: Self.zero))
        #expect(nearFit.isSquare && nearFit.written == CalibrationFixtures.square)
        #expect(abs(nearFit.fitted.degrees(to: near)) < 0.001)
        let off = CalibrationFixtures.crooked(2.5, about: SIMD3(0, 0, 1))
        let offFit = try #require(MountFit.fit(CalibrationFixtures.poses(CalibrationFixtures.readings(truth: off)), priorOffsetG: Self.zero))
        #expect(!offFit.isSquare && offFit.written.degrees(to: off) < 0.001)
    }

    /// Two poses turning the same axis up and down leave a turn about it free.
    @Test func parallelPosesFixNoMount() {
        let readings = [
            PoseReading(number: 1, pose: CalibrationPose.sequence[0], meanG: Vector3(x: 0, y: 1, z: 0), sampleCount: 1),
            PoseReading(number: 2, pose: CalibrationPose.sequence[3], meanG: Vector3(x: 0, y: -1, z: 0), sampleCount: 1),
        ]
        #expect(MountFit.fit(readings, priorOffsetG: Self.zero) == nil)
    }
}
