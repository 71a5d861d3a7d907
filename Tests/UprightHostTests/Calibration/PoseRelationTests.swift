import Testing
import UprightCore
import UprightHost

@Suite struct PoseRelationTests {
    /// However the chip is glued and whatever its offset (0.25 g on each axis), the readings'
    /// relations are the poses': the same, a quarter turn, turned over.
    @Test(arguments: [0.0, 20, 45], [Vector3.zero, Vector3(x: 0.25, y: -0.25, z: 0.25)])
    func relationsNeedNoMountAndNoOffset(degrees: Double, bias: Vector3) {
        let truth = CalibrationFixtures.crooked(degrees, about: SIMD3(1, 2, 3))
        let readings = CalibrationFixtures.readings(truth: truth, bias: bias)
        let poses = CalibrationPose.sequence
        for a in 0..<6 {
            for b in 0..<6 {
                #expect(PoseRelation(readings[a], readings[b]) == PoseRelation(poses[a].deviceUp, poses[b].deviceUp), "\(a) \(b)")
            }
        }
        // Raw, the same readings are up to 25 degrees from square to each other.
        let raw = readings[0].degrees(to: readings[1])
        #expect(bias == .zero ? abs(raw - 90) < 0.01 : abs(raw - 90) > 10, "\(raw)")
    }

    @Test func aPoseHalfwayIsNeither() {
        let upright = Vector3(x: 0, y: 1, z: 0)
        guard case .between(let halfway) = PoseRelation(upright, Vector3(x: 0.7071068, y: 0.7071068, z: 0)) else {
            Issue.record("45 degrees counts as square")
            return
        }
        #expect(abs(halfway - 45) < 0.001)
        #expect(PoseRelation(upright, Vector3(x: 0.3420201, y: 0.9396926, z: 0)) == .same) // 20 degrees
        #expect(PoseRelation(upright, Vector3(x: 0.3583679, y: 0.9335804, z: 0)) != .same) // 21 degrees
        #expect(PoseRelation(upright, Vector3(x: 0.9455186, y: -0.3255682, z: 0)) == .quarterTurn) // 109 degrees
    }
}
