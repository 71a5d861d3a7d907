import Testing
import UprightCore
import UprightSim

@Suite struct RandomStreamsTests {
    @Test func streamsAreReproducibleAndIndependent() {
        var a = RandomStreams(seed: 11)
        var b = RandomStreams(seed: 11)
        #expect(a.motion.next() == b.motion.next())
        #expect(a.sensor.next() == b.sensor.next())
        // Drawing from one stream does not move another.
        var c = RandomStreams(seed: 11)
        for _ in 0..<100 { _ = c.button.next() }
        var d = RandomStreams(seed: 11)
        #expect(c.faults.next() == d.faults.next())
        var e = RandomStreams(seed: 12)
        #expect(d.motion.next() != e.motion.next())
    }

    /// The whole demo's true motion and bouncy button are the same for the same seed.
    @Test func demoIsDeterministicPerSeed() throws {
        let demo = try DemoScenario.load()
        func run(_ seed: UInt64) -> ([MotionState], [ButtonEdge]) {
            var streams = RandomStreams(seed: seed)
            let motion = ScenarioMotion(scenario: demo, generator: &streams.motion)
            var states: [MotionState] = []
            for step in 0..<600 {
                states.append(streams.sensorErrorsApplied(demo.sensor, motion.motion(at: Instant(nanoseconds: Int64(step) * 100_000_000))))
            }
            return (states, demo.button.edges(using: &streams.button))
        }
        let first = run(1)
        let second = run(1)
        let other = run(2)
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(first.0 != other.0)
        #expect(first.1 != other.1)
    }

    @Test func perturbAddsBiasAndNoiseOfTheGivenSize() {
        let errors = SensorErrors(
            accelerationNoiseG: 0.01, accelerationBiasG: Vector3(x: 0.5, y: 0, z: -0.25), angularRateNoiseDPS: 0,
            angularRateBiasDPS: Vector3(x: 1, y: 2, z: 3))
        var generator = SeededGenerator(seed: 4)
        var sumSquares = 0.0
        let count = 20_000
        for _ in 0..<count {
            let out = errors.perturb(.uprightAtRest, using: &generator)
            #expect(out.angularRateDPS == Vector3(x: 1, y: 2, z: 3))
            let dx = Double(out.accelerationG.x) - 0.5
            sumSquares += dx * dx
            #expect(abs(out.accelerationG.y - 1) < 0.08)
        }
        let sigma = (sumSquares / Double(count)).squareRoot()
        #expect(abs(sigma - 0.01) < 0.0005)
        var quiet = SeededGenerator(seed: 4)
        #expect(SensorErrors.none.perturb(.uprightAtRest, using: &quiet) == .uprightAtRest)
    }
}

extension RandomStreams {
    mutating func sensorErrorsApplied(_ errors: SensorErrors, _ state: MotionState) -> MotionState {
        errors.perturb(state, using: &sensor)
    }
}
