import Testing
import UprightCore
import UprightHost

@Suite struct GyroOffsetCheckTests {
    /// Within +-20 dps nothing is said; past it once (however long it stays), back under 18 on
    /// every axis once, and past 20 again once more.
    @Test func warnsOncePerExcursionPastTwentyDPS() {
        var check = GyroOffsetCheck()
        #expect(check.check(Vector3(x: 20, y: -20, z: 5)) == nil)
        #expect(
            check.check(Vector3(x: 3, y: -20.25, z: 0))
                == "gyro: the zero-rate offset learnt at rest is (3.0, -20.3, 0.0) dps, beyond the datasheet's +-20 dps (PS 6.1): a faulty chip, or a slow steady turn about the vertical taken for offset"
        )
        #expect(check.warned)
        #expect(check.check(Vector3(x: 3, y: -24, z: 0)) == nil)
        // Between 18 and 20: not yet back.
        #expect(check.check(Vector3(x: 3, y: -19, z: 0)) == nil)
        #expect(
            check.check(Vector3(x: 3, y: -17.5, z: 0))
                == "gyro: the zero-rate offset learnt at rest is back within the datasheet's +-20 dps: (3.0, -17.5, 0.0) dps")
        #expect(!check.warned)
        #expect(check.check(Vector3(x: 0, y: 0, z: 0)) == nil)
        #expect(
            check.check(Vector3(x: 0, y: 0, z: 21))?.hasPrefix("gyro: the zero-rate offset learnt at rest is (0.0, 0.0, 21.0) dps, beyond") == true)
    }
}
