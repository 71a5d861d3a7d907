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

    /// A square chip from 2 to 6 poses held up to 4 degrees off square by tilting (the
    /// fixture's holds and six seeded sets): the exact permutation, the fit's distance from it
    /// within what the poses' scatter explains. With a fixed 2 degrees, three poses of the
    /// fixture (3.4 degrees off) were written as the fit.
    @Test(arguments: 2...6)
    func aSquareChipHeldOffSquareIsWrittenSquare(count: Int) throws {
        for (set, holds) in CalibrationFixtures.heldSets.enumerated() {
            let readings = CalibrationFixtures.poses(CalibrationFixtures.readings(truth: CalibrationFixtures.square, holds: holds))
            let solution = try #require(MountFit.fit(Array(readings.prefix(count)), priorOffsetG: Self.zero))
            #expect(solution.written == CalibrationFixtures.square, "set \(set): \(solution.judgement)")
            #expect(solution.judgement.degreesFromSquare <= solution.judgement.explainedDegrees, "set \(set)")
        }
    }

    /// The offsets of the axes the poses do not measure are the board's, to the last digit:
    /// with 4 poses the fit's 1.4 degrees off square (written as it was) turned 0.011 g into
    /// 0.004 g.
    @Test(arguments: 2...5)
    func unmeasuredOffsetsAreTheBoards(count: Int) throws {
        let prior = Vector3(x: 0.011, y: -0.0173, z: 0.0037)
        for holds in CalibrationFixtures.heldSets {
            let readings = CalibrationFixtures.poses(CalibrationFixtures.readings(truth: CalibrationFixtures.square, holds: holds))
            let solution = try #require(MountFit.fit(Array(readings.prefix(count)), priorOffsetG: prior))
            // Square mount: device x = chip -y, y = chip -x, z = chip -z; 4 poses measure device
            // y (chip x), 5 also device x (chip y).
            let offset = solution.offsetG
            #expect(offset.z == prior.z)
            if count < 5 { #expect(offset.y == prior.y) }
            if count < 4 { #expect(offset.x == prior.x) }
            if count >= 4 { #expect(abs(offset.x - CalibrationFixtures.bias.x) < 0.005) }
        }
    }

    /// Crooked chips 5 to 45 degrees off, in the camera's plane, out of it and about a slanted
    /// axis: from exact poses, 2 to 6 of them (two take the turn about their diagonal from the
    /// board's offset, here the true one), and from six held up to 4 degrees off, found within
    /// 1.5 degrees, never written square.
    @Test(arguments: [5.0, 15, 30, 45], [SIMD3<Double>(0, 0, 1), SIMD3(1, 0, 0), SIMD3(1, -2, 1.5)])
    func aCrookedChipIsFoundWithinADegreeAndAHalf(degrees: Double, axis: SIMD3<Double>) throws {
        let truth = CalibrationFixtures.crooked(degrees, about: axis)
        let exact = CalibrationFixtures.poses(CalibrationFixtures.readings(truth: truth))
        for count in 2...6 {
            let solution = try #require(MountFit.fit(Array(exact.prefix(count)), priorOffsetG: CalibrationFixtures.bias))
            #expect(!solution.isSquare && solution.written.degrees(to: truth) < 1.5, "\(count) poses: \(solution.judgement)")
        }
        for (set, holds) in CalibrationFixtures.heldSets.enumerated() {
            let readings = CalibrationFixtures.poses(CalibrationFixtures.readings(truth: truth, holds: holds))
            let solution = try #require(MountFit.fit(readings, priorOffsetG: Self.zero))
            #expect(!solution.isSquare && solution.written.degrees(to: truth) < 1.5, "set \(set): \(solution.judgement)")
        }
    }

    /// Two poses' one check, their angle apart, is confounded with the offset they cannot
    /// measure (here 0.2 to 0.25 g, the board's offset zero): what it explains is capped at
    /// what two holds within 4 degrees can turn their difference, so a chip 15 degrees off in
    /// the camera's plane is not written square.
    @Test func twoPosesExplainNoMoreThanTwoHolds() throws {
        let truth = CalibrationFixtures.crooked(15, about: SIMD3(0, 0, 1))
        let readings = CalibrationFixtures.poses(CalibrationFixtures.readings(truth: truth, holds: CalibrationFixtures.holds))
        let solution = try #require(MountFit.fit(Array(readings.prefix(2)), priorOffsetG: Self.zero))
        #expect(!solution.isSquare)
        #expect(abs(solution.judgement.explainedDegrees - 4 * 2.squareRoot()) < 1e-9, "\(solution.judgement)")
    }

    /// Six poses on a table (exact): a chip 1.5 degrees off is plain and written as it is; the
    /// same chip through the fixture's holds is within their scatter and written square.
    @Test func whatTheScatterExplainsDecides() throws {
        let near = CalibrationFixtures.crooked(1.5, about: SIMD3(0, 0, 1))
        let table = try #require(MountFit.fit(CalibrationFixtures.poses(CalibrationFixtures.readings(truth: near)), priorOffsetG: Self.zero))
        #expect(!table.isSquare && table.written.degrees(to: near) < 0.001)
        #expect(table.judgement.explainedDegrees < 0.001)
        let held = try #require(
            MountFit.fit(
                CalibrationFixtures.poses(CalibrationFixtures.readings(truth: near, holds: CalibrationFixtures.holds)), priorOffsetG: Self.zero))
        #expect(held.isSquare && held.written == CalibrationFixtures.square)
        #expect(abs(held.judgement.explainedDegrees - 3.74) < 0.01, "\(held.judgement)")
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
