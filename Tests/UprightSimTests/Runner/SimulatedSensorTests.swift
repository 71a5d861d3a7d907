import Testing
import UprightCore
import UprightHost
import UprightSim

@Suite struct SimulatedSensorTests {
    /// The driver the simulator builds applies the board's mount matrix and subtracts its
    /// offsets (given on the chip's axes): a chip turned and biased reads true once the board
    /// says how.
    @Test func boardOffsetsCancelTheChipsBias() throws {
        var board = try Board.load(path: repositoryPath("boards/sim.json"))
        let mount = try MountMatrix(parsing: "0, 0, 1; -1, 0, 0; 0, -1, 0")
        // Camera upright: device (0, 1, 0), which this chip sees on its -x axis.
        let chip = try #require(mount.inverse).apply(Vector3(x: 0, y: 1, z: 0))
        #expect(chip == Vector3(x: -1, y: 0, z: 0))
        let bias = Vector3(x: 0.2, y: -0.25, z: 0.125)
        func mean(_ board: Board) throws -> Vector3 {
            let clock = SimClock()
            let bus = SimBus(clock: clock)
            var sensor = SimulatedSensor.attach(
                board: board, to: bus, chipMotion: FixedMotion(MotionState(accelerationG: chip)), chipSeed: 3,
                imperfections: SensorImperfections(accelerationNoiseG: 0.004, accelerationBiasG: bias))
            try sensor.initialize(now: clock.now) {
                clock.advance(by: $0)
                return clock.now
            }
            var sum = Vector3.zero
            var count = 0
            for _ in 0..<10 {
                clock.advance(by: .milliseconds(50))
                _ = try sensor.readSamples(now: clock.now) { sample in
                    sum = sum + sample.accelerationG
                    count += 1
                }
            }
            #expect(count > 400)
            return sum * (1 / Float(count))
        }
        board.sensor.mountMatrix = mount
        let raw = try mean(board)
        // Without offsets the bias shows, turned into the device frame: M * bias = (0.125, -0.2, 0.25).
        #expect(abs(raw.x - 0.125) < 0.002 && abs(raw.y - 0.8) < 0.002 && abs(raw.z - 0.25) < 0.002, "\(raw)")
        board.sensor.offsetG = bias
        let corrected = try mean(board)
        #expect(abs(corrected.x) < 0.002 && abs(corrected.y - 1) < 0.002 && abs(corrected.z) < 0.002, "\(corrected)")
    }
}
