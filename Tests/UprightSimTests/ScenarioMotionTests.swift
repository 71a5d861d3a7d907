import Testing
import UprightCore
import UprightSim

@Suite struct ScenarioMotionTests {
    static func motion(_ keyframes: [MotionKeyframe], _ disturbances: [Disturbance] = [], seed: UInt64 = 1) -> ScenarioMotion {
        var generator = SeededGenerator(seed: seed)
        return ScenarioMotion(keyframes: keyframes, disturbances: disturbances, generator: &generator)
    }

    static func close(_ a: Vector3, _ b: Vector3, _ tolerance: Float = 1e-5) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
    }

    /// The docs/conventions.md table: accelerometer at rest for each pose, from the documented
    /// angle and tilt conventions (+90 angle = clockwise as seen by the photographer = left
    /// edge up).
    @Test(arguments: [
        (0.0, 0.0, Vector3(x: 0, y: 1, z: 0)), // normal
        (90.0, 0.0, Vector3(x: -1, y: 0, z: 0)), // left-up
        (-90.0, 0.0, Vector3(x: 1, y: 0, z: 0)), // right-up
        (270.0, 0.0, Vector3(x: 1, y: 0, z: 0)), // right-up, the long way round
        (180.0, 0.0, Vector3(x: 0, y: -1, z: 0)), // bottom-up
        (0.0, -90.0, Vector3(x: 0, y: 0, z: 1)), // lens-down
        (0.0, 90.0, Vector3(x: 0, y: 0, z: -1)), // lens-up
        (90.0, -90.0, Vector3(x: 0, y: 0, z: 1)), // lens-down whatever the angle
    ])
    func gravityAtTheSixPoses(angle: Double, tilt: Double, expected: Vector3) {
        let state = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: angle, tiltDegrees: tilt)]).motion(at: .zero)
        #expect(Self.close(state.accelerationG, expected))
        #expect(state.angularRateDPS == .zero)
    }

    @Test func linearMidpointAndRate() {
        let motion = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0), MotionKeyframe(timeSeconds: 2, angleDegrees: 90)])
        let pose = motion.pose(atSeconds: 1)
        #expect(pose.angleDegrees == 45)
        #expect(pose.angleRateDPS == 45)
        let state = motion.motion(at: Instant(nanoseconds: 1_000_000_000))
        #expect(Self.close(state.accelerationG, Vector3(x: -0.70710678, y: 0.70710678, z: 0)))
        // Clockwise as the photographer sees it is negative about +z (which points at them).
        #expect(Self.close(state.angularRateDPS, Vector3(x: 0, y: 0, z: -45)))
    }

    @Test func easeInOutMidpointQuarterAndEnds() {
        let motion = Self.motion([
            MotionKeyframe(timeSeconds: 0, angleDegrees: 0),
            MotionKeyframe(timeSeconds: 2, angleDegrees: 90, easing: .easeInOut),
        ])
        // smoothstep: u = 0.5 -> 0.5, slope 1.5; u = 0.25 -> 0.15625.
        #expect(motion.pose(atSeconds: 1) == MotionPose(angleDegrees: 45, tiltDegrees: 0, angleRateDPS: 67.5, tiltRateDPS: 0))
        #expect(abs(motion.pose(atSeconds: 0.5).angleDegrees - 14.0625) < 1e-12)
        #expect(motion.pose(atSeconds: 0).angleRateDPS == 0)
        #expect(motion.pose(atSeconds: 2) == MotionPose(angleDegrees: 90, tiltDegrees: 0))
        #expect(motion.pose(atSeconds: 5) == MotionPose(angleDegrees: 90, tiltDegrees: 0))
    }

    @Test func stepHoldsThenJumpsAtTheKeyframe() {
        let motion = Self.motion([
            MotionKeyframe(timeSeconds: 0, angleDegrees: 0),
            MotionKeyframe(timeSeconds: 2, angleDegrees: 180, easing: .step),
        ])
        #expect(motion.pose(atSeconds: 1.999) == MotionPose(angleDegrees: 0, tiltDegrees: 0))
        #expect(motion.pose(atSeconds: 2) == MotionPose(angleDegrees: 180, tiltDegrees: 0))
    }

    /// Tilting the lens up from `normal` rotates about +x; from `left-up` (x pointing down,
    /// y horizontal) about +y.
    @Test func tiltRateAxisFollowsTheAngle() {
        let fromNormal = Self.motion([
            MotionKeyframe(timeSeconds: 0, angleDegrees: 0), MotionKeyframe(timeSeconds: 1, angleDegrees: 0, tiltDegrees: 90),
        ])
        #expect(Self.close(fromNormal.motion(at: Instant(nanoseconds: 500_000_000)).angularRateDPS, Vector3(x: 90, y: 0, z: 0)))
        let fromLeftUp = Self.motion([
            MotionKeyframe(timeSeconds: 0, angleDegrees: 90), MotionKeyframe(timeSeconds: 1, angleDegrees: 90, tiltDegrees: 90),
        ])
        #expect(Self.close(fromLeftUp.motion(at: Instant(nanoseconds: 500_000_000)).angularRateDPS, Vector3(x: 0, y: 90, z: 0), 1e-4))
        // Halfway to lens-up: gravity split between y and -z.
        #expect(Self.close(fromNormal.motion(at: Instant(nanoseconds: 500_000_000)).accelerationG, Vector3(x: 0, y: 0.70710678, z: -0.70710678)))
    }

    /// The angular rate is the derivative of the pose: integrating the gyro's z over a turn
    /// gives the turn (minus, by the sign convention).
    @Test func angularRateIntegratesToTheTurn() {
        let motion = Self.motion([
            MotionKeyframe(timeSeconds: 0, angleDegrees: 0),
            MotionKeyframe(timeSeconds: 1, angleDegrees: 90, easing: .easeInOut),
        ])
        var integral = 0.0
        for step in 0..<1000 {
            let t = (Double(step) + 0.5) / 1000
            integral += Double(motion.motion(at: Instant(nanoseconds: Int64(t * 1e9))).angularRateDPS.z) / 1000
        }
        #expect(abs(integral - -90) < 0.01)
    }

    @Test func shakeAmplitudePhaseAndWindow() {
        let shake = Shake(startSeconds: 1, durationSeconds: 3, amplitudeG: 0.5, frequencyHertz: 2, axes: [.x, .y], rotationDegrees: 0)
        let motion = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], [.shake(shake)])
        func at(_ t: Double) -> Vector3 { motion.motion(atSeconds: t).accelerationG }
        // Past the 0.1 s ramp: x = 0.5 sin(2 pi 2 (t - 1)), y = 1 + 0.5 cos(...).
        #expect(Self.close(at(1.625), Vector3(x: 0.5, y: 1, z: 0)))
        #expect(Self.close(at(1.5), Vector3(x: 0, y: 1.5, z: 0)))
        #expect(Self.close(at(1.75), Vector3(x: 0, y: 0.5, z: 0)))
        // Outside the window: at rest.
        #expect(at(0.9) == Vector3(x: 0, y: 1, z: 0))
        #expect(at(4.0) == Vector3(x: 0, y: 1, z: 0))
        // Ramps start from nothing.
        #expect(abs(at(1.0).x) < 1e-6 && abs(at(1.0).y - 1) < 1e-6)
        var peak: Float = 0
        for step in 0..<3000 { peak = max(peak, abs(at(1 + Double(step) / 1000).x)) }
        #expect(abs(peak - 0.5) < 1e-4)
    }

    @Test func shakeRotationRocksTheAngle() {
        let shake = Shake(startSeconds: 1, durationSeconds: 3, amplitudeG: 0, frequencyHertz: 2, axes: .x, rotationDegrees: 10)
        let motion = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], [.shake(shake)])
        let crest = motion.pose(atSeconds: 1.625)
        #expect(abs(crest.angleDegrees - 10) < 1e-9)
        #expect(abs(crest.angleRateDPS) < 1e-9)
        let zero = motion.pose(atSeconds: 1.5)
        #expect(abs(zero.angleDegrees) < 1e-9)
        #expect(abs(zero.angleRateDPS - 40 * Double.pi) < 1e-9) // 10 deg * 2 pi * 2 Hz
        #expect(abs(motion.motion(atSeconds: 1.5).angularRateDPS.z - Float(-40 * Double.pi)) < 1e-3)
    }

    @Test func dropFallsFreeThenHitsTheGround() {
        let drop = Drop(startSeconds: 1, fallSeconds: 0.5, impactG: 10, impactSeconds: 0.01)
        let motion = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], [.drop(drop)])
        #expect(motion.motion(atSeconds: 0.99).accelerationG == Vector3(x: 0, y: 1, z: 0))
        #expect(motion.motion(atSeconds: 1.2).accelerationG == .zero)
        #expect(Self.close(motion.motion(atSeconds: 1.505).accelerationG, Vector3(x: 0, y: 11, z: 0), 1e-4))
        #expect(motion.motion(atSeconds: 1.6).accelerationG == Vector3(x: 0, y: 1, z: 0))
    }

    @Test func vibrationIsBoundedAndSeeded() {
        let vibration = Vibration(amplitudeG: 0.05, frequencyHertz: 100, axes: .z)
        let first = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], [.vibration(vibration)], seed: 5)
        let same = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], [.vibration(vibration)], seed: 5)
        let other = Self.motion([MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], [.vibration(vibration)], seed: 6)
        var differs = false
        for step in 0..<1000 {
            let time = Instant(nanoseconds: Int64(step) * 1_000_000)
            let a = first.motion(at: time)
            let b = same.motion(at: time)
            let c = other.motion(at: time)
            #expect(a == b)
            #expect(abs(a.accelerationG.z) <= 0.05 + 1e-6)
            #expect(a.accelerationG.x == 0 && a.accelerationG.y == 1)
            if a != c { differs = true }
        }
        #expect(differs)
    }

    /// The cursor makes lookups fast for increasing times; going back must still be right.
    @Test func lookupsInAnyOrderAgree() {
        var keyframes: [MotionKeyframe] = []
        for index in 0...20 {
            let easing: Easing = index % 2 == 0 ? .easeInOut : .linear
            keyframes.append(MotionKeyframe(timeSeconds: Double(index), angleDegrees: Double(index * 37 % 360), easing: easing))
        }
        let forward = Self.motion(keyframes)
        let jumping = Self.motion(keyframes)
        let times = (0..<2100).map { Double($0) / 100 }
        let expected = times.map { forward.pose(atSeconds: $0) }
        for index in [2099, 5, 1500, 3, 2000, 0, 777, 778, 100] {
            #expect(jumping.pose(atSeconds: times[index]) == expected[index])
        }
    }

    @Test func scenarioConvenienceUsesItsKeyframes() throws {
        let scenario = try ScenarioLoader.parse(#"{"duration": 4, "motion": [{"t": 0, "angle": 180}]}"#, file: "s.json")
        var generator = SeededGenerator(seed: 1)
        let motion = ScenarioMotion(scenario: scenario, generator: &generator)
        #expect(Self.close(motion.motion(at: .zero).accelerationG, Vector3(x: 0, y: -1, z: 0)))
    }

    /// While the camera holds still and nothing disturbs it the motion is kept, not evaluated
    /// again (the chip asks a thousand times a second): every answer at 1 kHz through holds,
    /// turns, a shake, a vibration and a drop equals the answer a fresh model gives for that
    /// instant alone.
    @Test func aHeldStillMotionIsTheEvaluatedOne() throws {
        let scenario = try ScenarioLoader.parse(
            #"""
            {"duration": 12, "motion": [{"t": 0, "angle": 0}, {"t": 2, "angle": 0}, {"t": 3, "angle": 90, "easing": "ease-in-out"},
              {"t": 8, "angle": 90, "tilt": 10}, {"t": 9, "angle": 90, "tilt": 10}],
             "disturbances": [{"type": "shake", "start": 4, "duration": 1, "amplitude": 0.5, "frequency": 4, "rotation": 5},
              {"type": "vibration", "start": 6, "duration": 0.5, "amplitude": 0.2, "frequency": 30},
              {"type": "drop", "start": 10, "fall": 0.2, "impact": 3, "impact_duration": 0.02}]}
            """#, file: "s.json")
        var generator = SeededGenerator(seed: 5)
        let stepping = ScenarioMotion(scenario: scenario, generator: &generator)
        for millisecond in stride(from: Int64(0), to: 12_000, by: 1) {
            let time = Instant(nanoseconds: millisecond * 1_000_000)
            var fresh = SeededGenerator(seed: 5)
            let alone = ScenarioMotion(scenario: scenario, generator: &fresh).motion(at: time)
            #expect(stepping.motion(at: time) == alone, "at \(millisecond) ms")
        }
    }
}
