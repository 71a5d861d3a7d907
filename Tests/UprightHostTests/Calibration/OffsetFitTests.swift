import Testing
import UprightCore
import UprightHost

@Suite struct OffsetFitTests {
    /// Six poses: every chip axis up and down, offset and sensitivity exact.
    @Test func sixPosesGiveAllThreeOffsets() throws {
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: 6))
        #expect(result.measuredAxes == [0, 1, 2])
        #expect(
            CalibrationFixtures.near(result.offsetG.x, 0.2) && CalibrationFixtures.near(result.offsetG.y, -0.25)
                && CalibrationFixtures.near(result.offsetG.z, 0.23))
        #expect(result.axes.map(\.upPoses) == [[4], [5], [3]])
        #expect(result.axes.map(\.downPoses) == [[1], [2], [6]])
        for axis in result.axes { #expect(CalibrationFixtures.near(try #require(axis.sensitivity), 1)) }
        #expect(result.worstMagnitudeErrorG < 1e-5)
    }

    /// What each number of poses measures: 2 and 3 none, 4 the axis upright and upside down
    /// share (chip x here), 5 also the one on its sides (chip y), 6 all; the rest keep the prior.
    @Test(arguments: [(2, [Int]()), (3, []), (4, [0]), (5, [0, 1]), (6, [0, 1, 2])])
    func posesMeasureTheAxesSeenBothWays(count: Int, measured: [Int]) throws {
        let prior = Vector3(x: 0.01, y: 0.02, z: 0.03)
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: count), priorOffsetG: prior)
        #expect(result.measuredAxes == measured)
        let offset = [result.offsetG.x, result.offsetG.y, result.offsetG.z]
        let truth: [Float] = [0.2, -0.25, 0.23]
        let kept: [Float] = [0.01, 0.02, 0.03]
        for axis in 0..<3 {
            #expect(CalibrationFixtures.near(offset[axis], measured.contains(axis) ? truth[axis] : kept[axis]))
        }
    }

    /// A sensitivity error is not an offset: an axis reading 1.03 g up and -1.03 g down has none.
    @Test func sensitivityIsSeparatedFromOffset() throws {
        var values = CalibrationFixtures.readings
        values[3].x = 0.2 + 1.03 // bottom-up: chip +x
        values[0].x = 0.2 - 1.03 // upright: chip -x
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(values))
        #expect(CalibrationFixtures.near(result.offsetG.x, 0.2))
        #expect(CalibrationFixtures.near(try #require(result.axes[0].sensitivity), 1.03))
    }

    /// Poses held 5 and 3 degrees off square read the axis cos 5 and cos 3 of 1 g: the offset
    /// is off by (cos 3 - cos 5) / 2 = 0.0024 g, the level axes' tilt readings are not used.
    @Test func tiltedPosesCostASecondOrderError() throws {
        var values = CalibrationFixtures.readings
        let tilt5 = (sin: Float(0.0871557), cos: Float(0.9961947))
        let tilt3 = (sin: Float(0.0523360), cos: Float(0.9986295))
        values[3] = Vector3(x: 0.2 + tilt5.cos, y: -0.25 + tilt5.sin, z: 0.23)
        values[0] = Vector3(x: 0.2 - tilt3.cos, y: -0.25, z: 0.23 - tilt3.sin)
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(values))
        #expect(CalibrationFixtures.near(result.offsetG.x, 0.2 + (0.9961947 - 0.9986295) / 2, within: 1e-5))
        #expect(CalibrationFixtures.near(result.offsetG.y, -0.25) && CalibrationFixtures.near(result.offsetG.z, 0.23))
        #expect(CalibrationFixtures.near(result.residuals[3].degreesFromSquare, 5, within: 0.05))
    }
}
