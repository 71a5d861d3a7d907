import UprightCore

/// The generated scenario corpus the tests and the benchmark score detectors on. Every
/// scenario states what a correct detector reports: latched orientation per shutter press,
/// the deliberate changes (anything else is spurious), and when each deliberate turn stops.
public enum Corpus {
    public static var standard: [CorpusScenario] {
        staticPoses + dwells + turns + heldTurns + shakes + flicks + heldFlicks + glitches + flatAndSteep + dropouts + falls
    }

    typealias K = CorpusScenario.Keyframe
    typealias T = CorpusScenario.Turn
    typealias P = CorpusScenario.Press

    /// A classifier starts undecided and reports its first decision, the pose the camera
    /// boots in (`normal` too), like a change: scored as a turn that stops at 0.
    static func boot(_ orientation: Orientation) -> [T] {
        [T(from: 0, to: 0, expect: orientation)]
    }

    static var staticPoses: [CorpusScenario] {
        let poses: [(Double, Double, UprightOrientation)] = [
            (15, 0, .normal), (50, 90, .leftUp), (100, -90, .rightUp), (1000, 180, .bottomUp), (15, 90, .leftUp),
        ]
        return poses.enumerated().map { index, pose in
            CorpusScenario(
                name: "static-\(pose.2.description)-\(Int(pose.0))hz", rateHz: pose.0, durationSeconds: 3,
                keyframes: [K(0, roll: pose.1)], turns: boot(pose.2.orientation),
                presses: [P(at: 1.5, expect: pose.2), P(at: 2.8, expect: pose.2)], seed: UInt64(10 + index))
        }
    }

    /// Held near a boundary with sensor noise and hand tremor: at most the hysteresis decides,
    /// never the noise.
    static var dwells: [CorpusScenario] {
        var list: [CorpusScenario] = []
        for (index, angle) in [40.0, 45, 50].enumerated() {
            for gyro in [false, true] {
                list.append(
                    CorpusScenario(
                        name: "dwell-\(Int(angle))deg\(gyro ? "-gyro" : "")", rateHz: 100, durationSeconds: 8, hasGyro: gyro, noiseG: 0.03,
                        keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.6, roll: angle)],
                        disturbances: [.sway(rollDegrees: 2, frequencyHz: 6, bounceG: 0.02, from: 1.6, to: 8)],
                        turns: boot(.normal), presses: [P(at: 3, expect: .normal), P(at: 5, expect: .normal), P(at: 7.5, expect: .normal)],
                        seed: UInt64(20 + index)))
            }
        }
        list.append(
            CorpusScenario(
                name: "dwell-45deg-from-left-up", rateHz: 50, durationSeconds: 8, noiseG: 0.03,
                keyframes: [K(0, roll: 90), K(1, roll: 90), K(1.6, roll: 45)],
                disturbances: [.sway(rollDegrees: 3, frequencyHz: 5, bounceG: 0.02, from: 1.6, to: 8)],
                turns: boot(.leftUp), presses: [P(at: 4, expect: .leftUp), P(at: 7, expect: .leftUp)], seed: 29))
        return list
    }

    /// Deliberate turns at various speeds and rates; latency is measured from the stop.
    static var turns: [CorpusScenario] {
        [
            CorpusScenario(
                name: "turn-normal-to-left-up-100hz", rateHz: 100, durationSeconds: 4,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.4, roll: 90)],
                turns: boot(.normal) + [T(from: 1, to: 1.4, expect: .leftUp)],
                presses: [P(at: 0.8, expect: .normal), P(at: 1.6, expect: .leftUp), P(at: 3, expect: .leftUp)], seed: 30),
            CorpusScenario(
                name: "turn-normal-to-left-up-gyro-200hz", rateHz: 200, durationSeconds: 4, hasGyro: true,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.4, roll: 90)],
                turns: boot(.normal) + [T(from: 1, to: 1.4, expect: .leftUp)],
                presses: [P(at: 0.8, expect: .normal), P(at: 1.6, expect: .leftUp), P(at: 3, expect: .leftUp)], seed: 31),
            CorpusScenario(
                name: "turn-left-up-to-bottom-up-15hz", rateHz: 15, durationSeconds: 5,
                keyframes: [K(0, roll: 90), K(1.5, roll: 90), K(2.0, roll: 180)],
                turns: boot(.leftUp) + [T(from: 1.5, to: 2.0, expect: .bottomUp)],
                presses: [P(at: 1.2, expect: .leftUp), P(at: 2.3, expect: .bottomUp), P(at: 4, expect: .bottomUp)], seed: 32),
            CorpusScenario(
                name: "turn-right-up-to-normal-gyro-1khz", rateHz: 1000, durationSeconds: 4, hasGyro: true,
                keyframes: [K(0, roll: -90), K(1, roll: -90), K(1.3, roll: 0)],
                turns: boot(.rightUp) + [T(from: 1, to: 1.3, expect: .normal)],
                presses: [P(at: 0.9, expect: .rightUp), P(at: 1.55, expect: .normal)], seed: 33),
            CorpusScenario(
                name: "turn-fast-0.2s-50hz", rateHz: 50, durationSeconds: 3,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.2, roll: -90)],
                turns: boot(.normal) + [T(from: 1, to: 1.2, expect: .rightUp)],
                presses: [P(at: 1.5, expect: .rightUp)], seed: 35),
            CorpusScenario(
                name: "turn-snap-0.1s-gyro-15hz", rateHz: 15, durationSeconds: 3, hasGyro: true,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.1, roll: 180)],
                turns: boot(.normal) + [T(from: 1, to: 1.1, expect: .bottomUp)],
                presses: [P(at: 1.4, expect: .bottomUp)], seed: 36),
            CorpusScenario(
                name: "turn-slow-and-back-50hz", rateHz: 50, durationSeconds: 7,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(2.5, roll: -90), K(4, roll: -90), K(5, roll: 0)],
                turns: boot(.normal) + [T(from: 1, to: 2.5, expect: .rightUp), T(from: 4, to: 5, expect: .normal)],
                presses: [P(at: 3, expect: .rightUp), P(at: 6.5, expect: .normal)], seed: 34),
        ]
    }

    /// Lateral shakes up to 1.5 g, walking and engine vibration: no change at all.
    static var shakes: [CorpusScenario] {
        [
            CorpusScenario(
                name: "shake-x-1.5g-3hz", rateHz: 100, durationSeconds: 5, keyframes: [K(0, roll: 0)],
                disturbances: [.shake(axis: 0, amplitudeG: 1.5, frequencyHz: 3, from: 1, to: 4)],
                turns: boot(.normal), presses: [P(at: 2.55, expect: .normal), P(at: 4.5, expect: .normal)], seed: 40),
            CorpusScenario(
                name: "shake-x-1.5g-3hz-gyro", rateHz: 200, durationSeconds: 5, hasGyro: true, keyframes: [K(0, roll: 0)],
                disturbances: [.shake(axis: 0, amplitudeG: 1.5, frequencyHz: 3, from: 1, to: 4)],
                turns: boot(.normal), presses: [P(at: 2.55, expect: .normal), P(at: 4.5, expect: .normal)], seed: 41),
            CorpusScenario(
                name: "shake-x-1.2g-1.5hz-15hz", rateHz: 15, durationSeconds: 6, keyframes: [K(0, roll: 0)],
                disturbances: [.shake(axis: 0, amplitudeG: 1.2, frequencyHz: 1.5, from: 1, to: 5)],
                turns: boot(.normal), presses: [P(at: 2.2, expect: .normal), P(at: 5.5, expect: .normal)], seed: 42),
            CorpusScenario(
                name: "shake-y-1.5g-5hz-left-up", rateHz: 100, durationSeconds: 5, keyframes: [K(0, roll: 90)],
                disturbances: [.shake(axis: 1, amplitudeG: 1.5, frequencyHz: 5, from: 1, to: 4)],
                turns: boot(.leftUp), presses: [P(at: 2.05, expect: .leftUp), P(at: 4.5, expect: .leftUp)], seed: 43),
            CorpusScenario(
                name: "walking-sway", rateHz: 100, durationSeconds: 8, keyframes: [K(0, roll: 0)],
                disturbances: [.sway(rollDegrees: 12, frequencyHz: 1.8, bounceG: 0.3, from: 0.5, to: 8)],
                turns: boot(.normal), presses: [P(at: 3, expect: .normal), P(at: 6, expect: .normal)], seed: 44),
            CorpusScenario(
                name: "engine-vibration-1khz", rateHz: 1000, durationSeconds: 4, keyframes: [K(0, roll: -90, tilt: 20)],
                disturbances: [.vibration(amplitudeG: 0.6, frequencyHz: 33, from: 0.5, to: 4)],
                turns: boot(.rightUp), presses: [P(at: 2, expect: .rightUp), P(at: 3.5, expect: .rightUp)], seed: 45),
            CorpusScenario(
                name: "engine-vibration-aliased-100hz", rateHz: 100, durationSeconds: 4, keyframes: [K(0, roll: 0, tilt: -30)],
                disturbances: [.vibration(amplitudeG: 0.8, frequencyHz: 47, from: 0.5, to: 4)],
                turns: boot(.normal), presses: [P(at: 2, expect: .normal), P(at: 3.5, expect: .normal)], seed: 46),
        ]
    }

    /// Quick flicks that return within a few hundred ms: no change; a press in mid-flick
    /// latches the stable orientation.
    static var flicks: [CorpusScenario] {
        [false, true].map { gyro in
            CorpusScenario(
                name: "flicks\(gyro ? "-gyro-200hz" : "-100hz")", rateHz: gyro ? 200 : 100, durationSeconds: 6, hasGyro: gyro,
                keyframes: [K(0, roll: 0)],
                disturbances: [
                    .flick(at: 1, rollDegrees: 70, duration: 0.3), .flick(at: 2.5, rollDegrees: -80, duration: 0.25),
                    .flick(at: 4, rollDegrees: 90, duration: 0.3), .flick(at: 5, rollDegrees: -70, duration: 0.45),
                ],
                turns: boot(.normal),
                presses: [P(at: 1.15, expect: .normal), P(at: 4.15, expect: .normal), P(at: 5.2, expect: .normal), P(at: 5.8, expect: .normal)],
                seed: gyro ? 51 : 50)
        }
    }

    /// The sensors the corpus stands for: an ADXL345 (no gyro) and an MPU-6050 (gyro), each
    /// at 100 Hz and 1 kHz.
    static let sensorRates: [(rateHz: Double, gyro: Bool)] = [(100, false), (1000, false), (100, true), (1000, true)]

    static func suffix(rateHz: Double, gyro: Bool) -> String {
        (gyro ? "-gyro" : "") + (rateHz >= 1000 ? "-\(Int(rateHz / 1000))khz" : "-\(Int(rateHz))hz")
    }

    /// Flicks that stop and stay still at the far end before coming back, 0.1 to 0.3 s away in
    /// all, to 60, 90 and 180 degrees: the camera is still there long enough for stillness
    /// alone to report it, so none must be reported. Presses during the hold latch the
    /// stable orientation. Also from left-up at 15 Hz.
    static var heldFlicks: [CorpusScenario] {
        let flicks: [CorpusScenario.Disturbance] = [
            .heldFlick(at: 1, rollDegrees: 90, turn: 0.05, hold: 0),
            .heldFlick(at: 2, rollDegrees: 60, turn: 0.05, hold: 0.1),
            .heldFlick(at: 3, rollDegrees: -90, turn: 0.05, hold: 0.2),
            .heldFlick(at: 4, rollDegrees: -60, turn: 0.1, hold: 0.1),
            .heldFlick(at: 5, rollDegrees: 90, turn: 0.03, hold: 0.24),
            .heldFlick(at: 6, rollDegrees: 180, turn: 0.06, hold: 0.18),
        ]
        let presses = [
            P(at: 2.1, expect: .normal), P(at: 3.15, expect: .normal), P(at: 5.2, expect: .normal), P(at: 6.2, expect: .normal),
            P(at: 6.8, expect: .normal),
        ]
        var list = sensorRates.enumerated().map { index, sensor in
            CorpusScenario(
                name: "held-flicks" + suffix(rateHz: sensor.rateHz, gyro: sensor.gyro), rateHz: sensor.rateHz, durationSeconds: 7,
                hasGyro: sensor.gyro, keyframes: [K(0, roll: 0)], disturbances: flicks, turns: boot(.normal), presses: presses,
                seed: 100 + UInt64(index))
        }
        list.append(
            CorpusScenario(
                name: "held-flicks-from-left-up-15hz", rateHz: 15, durationSeconds: 7, keyframes: [K(0, roll: 90)], disturbances: flicks,
                turns: boot(.leftUp), presses: presses.map { P(at: $0.seconds, expect: .leftUp) }, seed: 104))
        return list
    }

    /// Turns as fast as the flicks that then stay: a 0.1 s turn held 1.4 s, back in 0.2 s,
    /// and a turn held half a second before it comes back (longer than any flick: both are
    /// real changes).
    static var heldTurns: [CorpusScenario] {
        sensorRates.enumerated().map { index, sensor in
            CorpusScenario(
                name: "held-turns" + suffix(rateHz: sensor.rateHz, gyro: sensor.gyro), rateHz: sensor.rateHz, durationSeconds: 5.5,
                hasGyro: sensor.gyro,
                keyframes: [
                    K(0, roll: 0), K(1, roll: 0), K(1.1, roll: 90), K(2.5, roll: 90), K(2.7, roll: 0),
                    K(3.5, roll: 0), K(3.6, roll: -90), K(4.1, roll: -90), K(4.2, roll: 0),
                ],
                turns: boot(.normal) + [
                    T(from: 1, to: 1.1, expect: .leftUp), T(from: 2.5, to: 2.7, expect: .normal),
                    T(from: 3.5, to: 3.6, expect: .rightUp), T(from: 4.1, to: 4.2, expect: .normal),
                ],
                presses: [
                    P(at: 0.9, expect: .normal), P(at: 1.8, expect: .leftUp), P(at: 3.2, expect: .normal),
                    P(at: 4.05, expect: .rightUp), P(at: 5, expect: .normal),
                ],
                seed: 110 + UInt64(index))
        }
    }

    /// Single bad samples (bus garbage, a zero read): no change.
    static var glitches: [CorpusScenario] {
        [(50.0, 60 as UInt64), (15, 61), (1000, 62)].map { rate, seed in
            CorpusScenario(
                name: "glitches-\(Int(rate))hz", rateHz: rate, durationSeconds: 5, keyframes: [K(0, roll: 0)],
                disturbances: [
                    .glitch(at: 1, valueG: Vector3(x: 3, y: -3, z: 0)), .glitch(at: 2, valueG: .zero),
                    .glitch(at: 3, valueG: Vector3(x: -1, y: 0, z: 0)), .glitch(at: 4, valueG: Vector3(x: 0, y: -1, z: 0)),
                ],
                turns: boot(.normal), presses: [P(at: 1.01, expect: .normal), P(at: 3.01, expect: .normal), P(at: 4.5, expect: .normal)], seed: seed)
        }
    }

    /// Put down flat and picked up again; steep tilts that must still give an orientation.
    static var flatAndSteep: [CorpusScenario] {
        [
            CorpusScenario(
                name: "put-down-pick-up", rateHz: 100, durationSeconds: 8,
                keyframes: [K(0, roll: 90), K(2, roll: 90), K(2.6, roll: 90, tilt: -90), K(5, roll: 90, tilt: -90), K(5.6, roll: 90)],
                turns: boot(.leftUp) + [T(from: 2, to: 2.6, expect: .lensUp), T(from: 5, to: 5.6, expect: .leftUp)],
                presses: [P(at: 1.5, expect: .leftUp), P(at: 4, expect: .leftUp), P(at: 7, expect: .leftUp)], seed: 70),
            CorpusScenario(
                name: "put-down-lens-down-gyro", rateHz: 400, durationSeconds: 6, hasGyro: true,
                keyframes: [K(0, roll: 0), K(1, roll: 0), K(1.5, roll: 0, tilt: 90), K(3.5, roll: 0, tilt: 90), K(4, roll: 180, tilt: 20)],
                turns: boot(.normal) + [T(from: 1, to: 1.5, expect: .lensDown), T(from: 3.5, to: 4, expect: .bottomUp)],
                presses: [P(at: 3, expect: .normal), P(at: 5, expect: .bottomUp)], seed: 71),
            CorpusScenario(
                name: "steep-tilts-50hz", rateHz: 50, durationSeconds: 8,
                keyframes: [
                    K(0, roll: -90), K(1, roll: -90), K(1.5, roll: -90, tilt: 70), K(3, roll: -90, tilt: 70),
                    K(3.5, roll: -90, tilt: -75), K(5, roll: -90, tilt: -75), K(5.5, roll: -90, tilt: 86),
                ],
                turns: boot(.rightUp) + [T(from: 5, to: 5.5, expect: .lensDown)],
                presses: [P(at: 2.5, expect: .rightUp), P(at: 4.5, expect: .rightUp), P(at: 7.5, expect: .rightUp)], seed: 72),
            CorpusScenario(
                name: "steep-75deg-bottom-up-gyro", rateHz: 100, durationSeconds: 5, hasGyro: true,
                keyframes: [K(0, roll: 180), K(1, roll: 180), K(1.6, roll: 180, tilt: -75)],
                turns: boot(.bottomUp), presses: [P(at: 3, expect: .bottomUp), P(at: 4.5, expect: .bottomUp)], seed: 73),
        ]
    }

    /// Gaps in the samples: the filter restarts without a spurious change.
    static var dropouts: [CorpusScenario] {
        [
            CorpusScenario(
                name: "dropout-still", rateHz: 100, durationSeconds: 4, keyframes: [K(0, roll: 0)],
                disturbances: [.dropout(from: 1, to: 2), .dropout(from: 2.5, to: 2.8)],
                turns: boot(.normal), presses: [P(at: 2.05, expect: .normal), P(at: 3.5, expect: .normal)], seed: 80),
            CorpusScenario(
                name: "dropout-across-turn", rateHz: 100, durationSeconds: 4, keyframes: [K(0, roll: 0), K(1.2, roll: 0), K(1.6, roll: 90)],
                disturbances: [.dropout(from: 1, to: 2)],
                turns: boot(.normal) + [T(from: 1.2, to: 2, expect: .leftUp)],
                presses: [P(at: 0.9, expect: .normal), P(at: 3, expect: .leftUp)], seed: 81),
        ]
    }

    /// Dropped: free fall, impact, at rest again in the same pose.
    static var falls: [CorpusScenario] {
        [false, true].map { gyro in
            CorpusScenario(
                name: "free-fall-impact\(gyro ? "-gyro-1khz" : "-200hz")", rateHz: gyro ? 1000 : 200, durationSeconds: 4, hasGyro: gyro,
                keyframes: [K(0, roll: gyro ? 90 : 0)],
                disturbances: [
                    .freeFall(from: 1, to: 1.35), .impact(at: 1.35, peakG: 6, duration: 0.02),
                    .shake(axis: 1, amplitudeG: 1, frequencyHz: 9, from: 1.37, to: 1.6),
                ],
                turns: boot(gyro ? .leftUp : .normal),
                presses: [P(at: 1.2, expect: gyro ? .leftUp : .normal), P(at: 3, expect: gyro ? .leftUp : .normal)], seed: gyro ? 91 : 90)
        }
    }
}
