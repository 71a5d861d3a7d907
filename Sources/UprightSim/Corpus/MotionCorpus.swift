import UprightCore

/// The held-out motion corpus: a camera *in use while moving*, where the camera is
/// never still long enough for a stillness gate. Each scenario turns the camera (or boots it)
/// into a pose while the motion is under way and takes its photos during the motion, so a
/// detector that only trusts a still camera latches the pose it had before.
///
/// `gyro` gives the MPU-6050 variant: the same motion with the gyro's rates, each axis carrying
/// a zero-rate offset of a few degrees a second (the datasheet allows up to +-20, PS 6.1). The
/// ADXL345 scenario (walking at 25 Hz) has no gyro in either variant; the gyro variant has
/// scenes of its own besides (`gyroMotionScenarios`). The corpus is not used to tune the
/// standard corpus's expectations: it is scored apart (`upright bench`).
extension Corpus {
    public static func motion(gyro: Bool) -> [CorpusScenario] {
        let bias = gyro ? Vector3(x: 3, y: -5, z: 4) : .zero
        return (motionScenarios + (gyro ? gyroMotionScenarios : [])).map { scenario in
            var variant = scenario
            if gyro && !scenario.name.contains("adxl345") {
                variant.hasGyro = true
                variant.gyroBiasDPS = bias
                variant.name += "-gyro"
            }
            return variant
        }
    }

    /// The scenarios, one literal each with the motion it models beside it: a data table, longer
    /// than a function should be so that the whole corpus reads in one place.
    static var motionScenarios: [CorpusScenario] {
        [
            // Running with the camera turned to landscape: a 2.7 Hz stride bounce of 0.8 g
            // (peaks about 1 g), the arms' roll sway at the step rate's half.
            CorpusScenario(
                name: "motion-running-landscape", rateHz: 100, durationSeconds: 9, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1.2, roll: 0), K(1.6, roll: 90)],
                disturbances: [
                    .bounce(amplitudeG: 0.8, frequencyHz: 2.7, from: 0.5, to: 9),
                    .sway(rollDegrees: 7, frequencyHz: 1.35, bounceG: 0.1, from: 0.5, to: 9),
                    .push(forwardG: 0.15, rightG: 0, upG: 0, from: 0.5, to: 1.5),
                ],
                turns: Corpus.boot(.normal) + [T(from: 1.2, to: 1.6, expect: .leftUp)],
                presses: [P(at: 3, expect: .leftUp), P(at: 5, expect: .leftUp), P(at: 7, expect: .leftUp), P(at: 8.5, expect: .leftUp)],
                seed: 300),
            // Running in portrait: the same stride, no turn: nothing may change.
            CorpusScenario(
                name: "motion-running-portrait", rateHz: 100, durationSeconds: 8, noiseG: 0.02,
                keyframes: [K(0, roll: 0)],
                disturbances: [
                    .bounce(amplitudeG: 0.9, frequencyHz: 2.8, from: 0.5, to: 8),
                    .sway(rollDegrees: 9, frequencyHz: 1.4, bounceG: 0.1, from: 0.5, to: 8),
                ],
                turns: Corpus.boot(.normal), presses: [P(at: 2.5, expect: .normal), P(at: 5, expect: .normal), P(at: 7.5, expect: .normal)], seed: 301
            ),
            // A handlebar mount turned to right-up while riding: 0.5 g at 18 Hz, a 2.5 g bump
            // every 1.3 s and the road's slow pitching.
            CorpusScenario(
                name: "motion-handlebar-right-up", rateHz: 100, durationSeconds: 9, noiseG: 0.02,
                keyframes: [K(0, roll: 0, tilt: 10), K(2, roll: 0, tilt: 10), K(2.5, roll: -90, tilt: 10)],
                disturbances: [
                    .vibration(amplitudeG: 0.5, frequencyHz: 18, from: 0, to: 9),
                    .bounce(amplitudeG: 0.2, frequencyHz: 1.1, from: 0, to: 9),
                    .impact(at: 2.2, peakG: 2.5, duration: 0.04), .impact(at: 3.5, peakG: 2.5, duration: 0.04),
                    .impact(at: 4.8, peakG: 2.5, duration: 0.04), .impact(at: 6.1, peakG: 2.5, duration: 0.04),
                    .impact(at: 7.4, peakG: 2.5, duration: 0.04), .impact(at: 8.7, peakG: 2.5, duration: 0.04),
                ],
                turns: Corpus.boot(.normal) + [T(from: 2, to: 2.5, expect: .rightUp)],
                presses: [P(at: 4, expect: .rightUp), P(at: 6, expect: .rightUp), P(at: 8, expect: .rightUp)], seed: 302),
            // A dashboard camera turned to left-up while driving (engine vibration), then a
            // 0.45 g corner and a 0.6 g braking: the apparent gravity leans 24 and 31 degrees.
            CorpusScenario(
                name: "motion-car-cornering-braking", rateHz: 100, durationSeconds: 10, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.5, roll: 90)],
                disturbances: [
                    .vibration(amplitudeG: 0.15, frequencyHz: 31, from: 0, to: 10),
                    .bounce(amplitudeG: 0.15, frequencyHz: 1.6, from: 0, to: 10),
                    .push(forwardG: 0, rightG: 0.45, upG: 0, from: 1.3, to: 4.5),
                    .push(forwardG: -0.6, rightG: 0, upG: 0, from: 5, to: 7.5),
                ],
                turns: Corpus.boot(.normal) + [T(from: 1, to: 1.5, expect: .leftUp)],
                presses: [P(at: 3.5, expect: .leftUp), P(at: 6.5, expect: .leftUp), P(at: 9, expect: .leftUp)], seed: 303),
            // Spinning on the spot at 180 degrees a second, the camera at arm's length (0.6 g
            // toward the body), turned to left-up during the spin.
            CorpusScenario(
                name: "motion-full-spin", rateHz: 100, durationSeconds: 8, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1.6, roll: 0), K(2, roll: 90)],
                disturbances: [
                    .spin(rateDPS: 180, radiusMetres: 0.6, from: 1, to: 7),
                    .sway(rollDegrees: 3, frequencyHz: 1.5, bounceG: 0.1, from: 1, to: 7),
                ],
                turns: Corpus.boot(.normal) + [T(from: 1.6, to: 2, expect: .leftUp)],
                presses: [P(at: 3.5, expect: .leftUp), P(at: 5, expect: .leftUp), P(at: 6.5, expect: .leftUp)], seed: 304),
            // Walking with an ADXL345 at 25 Hz, turned to right-up mid-stride.
            CorpusScenario(
                name: "motion-walking-adxl345-25hz", rateHz: 25, durationSeconds: 9, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1.5, roll: 0), K(2, roll: -90)],
                disturbances: [.sway(rollDegrees: 10, frequencyHz: 1.8, bounceG: 0.35, from: 0.5, to: 9)],
                turns: Corpus.boot(.normal) + [T(from: 1.5, to: 2, expect: .rightUp)],
                presses: [P(at: 3.5, expect: .rightUp), P(at: 5.5, expect: .rightUp), P(at: 8, expect: .rightUp)], seed: 305),
            // A shot aimed 50 degrees up (a tower) in left-up, with a shaking hand (0.5 g, 4 Hz).
            CorpusScenario(
                name: "motion-shaken-shot-upward", rateHz: 100, durationSeconds: 6, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.6, roll: 90, tilt: -50)],
                disturbances: [
                    .shake(axis: 0, amplitudeG: 0.5, frequencyHz: 4, from: 0.8, to: 6),
                    .shake(axis: 1, amplitudeG: 0.4, frequencyHz: 3.3, from: 0.8, to: 6),
                    .sway(rollDegrees: 6, frequencyHz: 2.5, bounceG: 0.1, from: 0.8, to: 6),
                ],
                turns: Corpus.boot(.normal) + [T(from: 1, to: 1.6, expect: .leftUp)],
                presses: [P(at: 3, expect: .leftUp), P(at: 4.5, expect: .leftUp), P(at: 5.8, expect: .leftUp)], seed: 306),
            // Turned to left-up while crouching, then three jumps: a 1.2 g push, 0.4 s of free
            // fall, a 3 g landing; photos in the air and between the jumps.
            CorpusScenario(
                name: "motion-jump", rateHz: 100, durationSeconds: 7, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.3, roll: 90)],
                disturbances: [
                    .push(forwardG: 0, rightG: 0, upG: 1.2, from: 1.1, to: 1.5), .freeFall(from: 1.5, to: 1.9),
                    .impact(at: 1.9, peakG: 3, duration: 0.08),
                    .push(forwardG: 0, rightG: 0, upG: 1.2, from: 2.6, to: 3), .freeFall(from: 3, to: 3.4),
                    .impact(at: 3.4, peakG: 3, duration: 0.08),
                    .push(forwardG: 0, rightG: 0, upG: 1.2, from: 4.1, to: 4.5), .freeFall(from: 4.5, to: 4.9),
                    .impact(at: 4.9, peakG: 3, duration: 0.08),
                    .sway(rollDegrees: 5, frequencyHz: 1.2, bounceG: 0.2, from: 1, to: 7),
                ],
                turns: Corpus.boot(.normal) + [T(from: 1, to: 1.3, expect: .leftUp)],
                presses: [P(at: 2.3, expect: .leftUp), P(at: 3.2, expect: .leftUp), P(at: 4.0, expect: .leftUp), P(at: 6, expect: .leftUp)],
                seed: 307),
            // A quick snap: turned to right-up in a quarter second while walking, the shutter
            // 0.2 s after the turn stops, and again a second later.
            CorpusScenario(
                name: "motion-snap-after-turn", rateHz: 100, durationSeconds: 5, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(1.5, roll: 0), K(1.75, roll: -90)],
                disturbances: [.sway(rollDegrees: 6, frequencyHz: 1.8, bounceG: 0.25, from: 0.3, to: 5)],
                turns: Corpus.boot(.normal) + [T(from: 1.5, to: 1.75, expect: .rightUp)],
                presses: [P(at: 1.95, expect: .rightUp), P(at: 2.95, expect: .rightUp), P(at: 4.5, expect: .rightUp)], seed: 308),
            // Running, then a quick turn: a 0.8 g stride bounce at 2.6 Hz (peaks about 1 g) with
            // the arms' 6-degree roll at half the step rate, portrait to landscape in 0.3 s, a
            // photo 0.6 s after the turn ends.
            CorpusScenario(
                name: "motion-running-quick-turn", rateHz: 100, durationSeconds: 6, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(2.5, roll: 0), K(2.8, roll: 90)],
                disturbances: [
                    .bounce(amplitudeG: 0.8, frequencyHz: 2.6, from: 0.5, to: 6),
                    .sway(rollDegrees: 6, frequencyHz: 1.3, bounceG: 0.1, from: 0.5, to: 6),
                ],
                turns: Corpus.boot(.normal) + [T(from: 2.5, to: 2.8, expect: .leftUp)],
                presses: [P(at: 2, expect: .normal), P(at: 3.4, expect: .leftUp), P(at: 5, expect: .leftUp)], seed: 309),
            // Filming while swaying, then a quick turn: a clip (started and stopped at the
            // presses) shot panning at 30 degrees a second with a walk's sway (a 5-degree roll
            // at 1.2 Hz, a 0.3 g bounce at twice that), then, still swaying, portrait to
            // landscape in 0.3 s and a photo 0.4 s after.
            CorpusScenario(
                name: "motion-filming-sway-quick-turn", rateHz: 100, durationSeconds: 7, noiseG: 0.02,
                keyframes: [K(0, roll: 0), K(4, roll: 0), K(4.3, roll: 90)],
                disturbances: [
                    .sway(rollDegrees: 5, frequencyHz: 1.2, bounceG: 0.3, from: 0.5, to: 7),
                    .spin(rateDPS: 30, radiusMetres: 0.5, from: 0.8, to: 3.6),
                ],
                turns: Corpus.boot(.normal) + [T(from: 4, to: 4.3, expect: .leftUp)],
                presses: [P(at: 0.8, expect: .normal), P(at: 3.6, expect: .normal), P(at: 4.7, expect: .leftUp), P(at: 6, expect: .leftUp)],
                seed: 310),
            // A camera turned steadily: 90 degrees a second through a whole turn, a photo as it
            // passes each side (left-up at 90, bottom-up at 180, right-up at 270), still once
            // back at normal. Each side's turn runs from its 45-degree boundary to the side.
            CorpusScenario(
                name: "motion-steady-turn-90dps", rateHz: 100, durationSeconds: 6, noiseG: 0.02,
                keyframes: [K(0, roll: 0)],
                disturbances: [.steadyTurn(rateDPS: 90, from: 1, to: 5)],
                turns: Corpus.boot(.normal) + [
                    T(from: 1.5, to: 2, expect: .leftUp), T(from: 2.5, to: 3, expect: .bottomUp), T(from: 3.5, to: 4, expect: .rightUp),
                    T(from: 4.5, to: 5, expect: .normal),
                ],
                presses: [P(at: 2, expect: .leftUp), P(at: 3, expect: .bottomUp), P(at: 4, expect: .rightUp), P(at: 5.5, expect: .normal)],
                seed: 311),
        ]
    }

    /// Scenes judged with the gyro only: a photo while the camera turns steadily at 90 and at
    /// 180 degrees a second, as soon as the side it is on is clear (15 degrees past the
    /// boundary; the photo 2 degrees later, a sample and a half at 90 degrees a second and
    /// 100 Hz: a press latches what the samples before it decided). With the gyro the estimate
    /// is where down is, and such a photo latches that side (docs/detector.md, "Right at a
    /// boundary"); accelerometer only the side is reported once it has been the candidate for
    /// the trust time, 75 degrees into a quarter turn at 90 degrees a second, so these photos
    /// latch the side before.
    public static var gyroMotionScenarios: [CorpusScenario] {
        [clearPhotosInASteadyTurn(rateDPS: 90, seed: 312), clearPhotosInASteadyTurn(rateDPS: 180, seed: 313)]
    }

    /// A whole turn at `rateDPS` from 1 s, a photo 62 degrees into each quarter (left-up at 62,
    /// bottom-up at 152, right-up at 242), still once back at normal; each side's turn runs from
    /// its 45-degree boundary to the side.
    static func clearPhotosInASteadyTurn(rateDPS: Double, seed: UInt64) -> CorpusScenario {
        let quarter = 90 / rateDPS
        let end = 1 + 4 * quarter
        let sides: [UprightOrientation] = [.leftUp, .bottomUp, .rightUp, .normal]
        return CorpusScenario(
            name: "motion-steady-turn-\(Int(rateDPS))dps-clear", rateHz: 100, durationSeconds: end + 1, noiseG: 0.02,
            keyframes: [K(0, roll: 0)],
            disturbances: [.steadyTurn(rateDPS: rateDPS, from: 1, to: end)],
            turns: Corpus.boot(.normal)
                + sides.indices.map { T(from: 1 + (Double($0) + 0.5) * quarter, to: 1 + Double($0 + 1) * quarter, expect: sides[$0].orientation) },
            presses: sides.indices.dropLast().map { P(at: 1 + (Double($0) * 90 + 62) / rateDPS, expect: sides[$0]) } + [
                P(at: end + 0.5, expect: .normal)
            ],
            seed: seed)
    }
}
