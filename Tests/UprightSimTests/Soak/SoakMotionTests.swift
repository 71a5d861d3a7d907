import Testing
import UprightCore
import UprightSim

struct SoakMotionTests {
    /// Whenever the soak judges the detector, the true gravity points along the expected
    /// orientation's axis (docs/conventions.md: normal (0, +1, 0), left-up (-1, 0, 0), right-up
    /// (+1, 0, 0), bottom-up (0, -1, 0), lens-down (0, 0, +1), lens-up (0, 0, -1)), at least
    /// cos 45 degrees.
    @Test(arguments: [1, 2] as [UInt64])
    func theExpectedOrientationIsWhereGravityPoints(seed: UInt64) {
        let motion = SoakMotion(generator: SeededGenerator(seed: seed))
        var judged = 0
        var seen: Set<String> = []
        for step in 0..<(3600 * 10) {
            let time = Instant.zero + .milliseconds(Int64(step) * 100)
            let a = motion.motion(at: time).accelerationG
            guard let expected = motion.expectedOrientation(at: time) else { continue }
            judged += 1
            seen.insert(expected.description)
            let along: Float
            switch expected {
            case .normal: along = a.y
            case .leftUp: along = -a.x
            case .rightUp: along = a.x
            case .bottomUp: along = -a.y
            case .lensDown: along = a.z
            case .lensUp: along = -a.z
            }
            #expect(along > 0.707, "t=\(time.seconds) expected \(expected) but gravity is \(a)")
        }
        #expect(judged > 3600 * 10 / 2)
        #expect(seen.count == 6)
    }
}
