import Testing
import UprightCore
import UprightHost

@Suite struct OffsetFitTests {
    /// Six poses: every device axis up and down, offset and scale exact. The fixture's mount
    /// puts device x on chip -y, y on chip -x, z on chip -z, so the device-axis offsets are
    /// (+0.25, -0.2, -0.23) and the chip's (0.2, -0.25, 0.23).
    @Test func sixPosesGiveAllThreeOffsets() throws {
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: 6))
        #expect(result.measuredAxes == [0, 1, 2])
        #expect(zip(result.axes.map(\.offsetG), [0.25, -0.2, -0.23]).allSatisfy { CalibrationFixtures.near($0, $1) })
        #expect(
            CalibrationFixtures.near(result.offsetG.x, 0.2) && CalibrationFixtures.near(result.offsetG.y, -0.25)
                && CalibrationFixtures.near(result.offsetG.z, 0.23))
        // x up on its left side (right-up, 2), down on its right (5); y upright (1) and upside
        // down (4); z up lens down (6), down lens up (3).
        #expect(result.axes.map(\.upPoses) == [[2], [1], [6]])
        #expect(result.axes.map(\.downPoses) == [[5], [4], [3]])
        for axis in result.axes { #expect(CalibrationFixtures.near(try #require(axis.scale), 1)) }
        #expect(result.worstMagnitudeErrorG < 1e-5)
    }

    /// What each number of poses measures, on the device's axes: 2 and 3 none, 4 the up-down
    /// axis (y), 5 also the left-right one (x), 6 all; the rest keep the prior, which is on the
    /// chip's axes (chip x is device -y here, chip y device -x).
    @Test(arguments: [(2, [Int]()), (3, []), (4, [1]), (5, [0, 1]), (6, [0, 1, 2])])
    func posesMeasureTheAxesSeenBothWays(count: Int, measured: [Int]) throws {
        let prior = Vector3(x: 0.01, y: 0.02, z: 0.03)
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: count), priorOffsetG: prior)
        #expect(result.measuredAxes == measured)
        let offset = [result.offsetG.x, result.offsetG.y, result.offsetG.z]
        let truth: [Float] = [0.2, -0.25, 0.23]
        let kept: [Float] = [0.01, 0.02, 0.03]
        // device y is chip x, device x chip y, device z chip z.
        let chipMeasured = measured.map { [1, 0, 2][$0] }
        for axis in 0..<3 {
            #expect(CalibrationFixtures.near(offset[axis], chipMeasured.contains(axis) ? truth[axis] : kept[axis]), "chip axis \(axis)")
        }
    }

    /// A scale error is not an offset: chip x reading 1.03 g up and -1.03 g down (device y,
    /// upright and upside down) has none, and the scale is named on the device's y.
    @Test func scaleIsSeparatedFromOffset() throws {
        var values = CalibrationFixtures.readings
        values[3].x = 0.2 + 1.03 // bottom-up: chip +x
        values[0].x = 0.2 - 1.03 // upright: chip -x
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(values))
        #expect(CalibrationFixtures.near(result.offsetG.x, 0.2))
        #expect(CalibrationFixtures.near(try #require(result.axes[1].scale), 1.03))
    }

    /// Poses held 5 and 3 degrees off square read the axis cos 5 and cos 3 of 1 g: the offset
    /// is off by (cos 3 - cos 5) / 2 = 0.0012 g, the level axes' tilt readings are not used,
    /// and the scale, from the readings' length, stays exact. The tilts show as how the poses
    /// were held (the fit's rotation takes up part of them), pose 4's the most.
    @Test func tiltedPosesCostASecondOrderErrorAndNoScale() throws {
        var values = CalibrationFixtures.readings
        let tilt5 = (sin: Float(0.0871557), cos: Float(0.9961947))
        let tilt3 = (sin: Float(0.0523360), cos: Float(0.9986295))
        values[3] = Vector3(x: 0.2 + tilt5.cos, y: -0.25 + tilt5.sin, z: 0.23)
        values[0] = Vector3(x: 0.2 - tilt3.cos, y: -0.25, z: 0.23 - tilt3.sin)
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(values))
        #expect(CalibrationFixtures.near(result.offsetG.x, 0.2 + (0.9961947 - 0.9986295) / 2, within: 1e-5))
        #expect(CalibrationFixtures.near(result.offsetG.y, -0.25) && CalibrationFixtures.near(result.offsetG.z, 0.23))
        #expect(CalibrationFixtures.near(try #require(result.axes[1].scale), 1, within: 0.0002))
        #expect(result.residuals[3].holdDegrees > 2.5 && result.residuals[3].holdDegrees < 5, "\(result.residuals[3].holdDegrees)")
        #expect(result.worstHoldDegrees == result.residuals[3].holdDegrees)
    }

    /// Before any mount is known, two readings turned over from each other show the offset
    /// along their axis; the rest stays the prior.
    @Test func turnedOverPairsShowTheOffsetAlongTheirAxis() {
        let values = CalibrationFixtures.readings
        let one = OffsetFit.turnedOverPairs([values[0], values[1], values[3]], priorOffsetG: .zero)
        #expect(one.directions == 1)
        #expect(CalibrationFixtures.near(one.offsetG.x, 0.2) && one.offsetG.y == 0 && one.offsetG.z == 0)
        let all = OffsetFit.turnedOverPairs(values, priorOffsetG: .zero)
        #expect(all.directions == 3)
        #expect((all.offsetG - CalibrationFixtures.bias).magnitude < 1e-5)
    }
}
