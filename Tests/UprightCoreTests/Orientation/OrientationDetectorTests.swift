import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import UprightCore

/// Direct checks with hand-written samples; the generated corpus (UprightSimTests) covers
/// shakes, flicks, vibration and latency.
@Suite struct OrientationDetectorTests {
    /// Feeds a constant vector at `rateHz` from `start` for `seconds`; returns the changes.
    static func hold(
        _ detector: inout OrientationDetector, _ g: Vector3, rateHz: Int64, from start: Int64 = 0,
        seconds: Double, gyro: Vector3? = nil
    ) -> [Orientation] {
        var changes: [Orientation] = []
        let period = 1_000_000_000 / rateHz
        let count = Int64(seconds * Double(rateHz))
        for index in 0..<count {
            let time = Instant(nanoseconds: start + index * period)
            if let change = detector.update(Sample(time: time, accelerationG: g, angularRateDPS: gyro)) { changes.append(change) }
        }
        return changes
    }

    @Test(arguments: [Int64(15), 100, 1000])
    func reportsEachUprightPoseAtAnyRate(rateHz: Int64) {
        let poses: [(Vector3, Orientation)] = [
            (Vector3(x: -1, y: 0, z: 0), .leftUp), (Vector3(x: 0, y: -1, z: 0), .bottomUp),
            (Vector3(x: 1, y: 0, z: 0), .rightUp), (Vector3(x: 0, y: 1, z: 0), .normal),
        ]
        var detector = OrientationDetector()
        var start: Int64 = 0
        for (g, expected) in poses {
            let changes = Self.hold(&detector, g, rateHz: rateHz, from: start, seconds: 1)
            #expect(changes == [expected])
            #expect(detector.orientation == expected)
            start += 1_000_000_000
        }
    }

    @Test func flatReportsLensPoseAndKeepsLastUpright() {
        var detector = OrientationDetector()
        _ = Self.hold(&detector, Vector3(x: -1, y: 0, z: 0), rateHz: 100, seconds: 1)
        // 85 degrees toward the sky: cos 85 = 0.0872, sin 85 = 0.9962.
        let changes = Self.hold(&detector, Vector3(x: -0.0872, y: 0, z: -0.9962), rateHz: 100, from: 1_000_000_000, seconds: 1)
        #expect(changes == [.lensUp])
        #expect(detector.lastUpright == .leftUp)
    }

    @Test func seventyFiveDegreeTiltStillGivesTheUprightPose() {
        var detector = OrientationDetector()
        // Right edge up, lens 75 degrees toward the floor: cos 75 = 0.2588, sin 75 = 0.9659.
        let changes = Self.hold(&detector, Vector3(x: 0.2588, y: 0, z: 0.9659), rateHz: 50, seconds: 1)
        #expect(changes == [.rightUp])
    }

    @Test func hysteresisHoldsAtFiftyDegreesAndSwitchesAtSixty() {
        var detector = OrientationDetector()
        // 50 degrees clockwise: (-sin 50, cos 50) = (-0.7660, 0.6428); 60: (-0.8660, 0.5). The
        // first decision is `normal`: from no decision, the reference is normal's axis.
        #expect(Self.hold(&detector, Vector3(x: -0.7660, y: 0.6428, z: 0), rateHz: 100, seconds: 1) == [.normal])
        #expect(Self.hold(&detector, Vector3(x: -0.8660, y: 0.5, z: 0), rateHz: 100, from: 1_000_000_000, seconds: 1) == [.leftUp])
        // Back to 40 degrees from left-up is 50 degrees from it: held.
        #expect(Self.hold(&detector, Vector3(x: -0.6428, y: 0.7660, z: 0), rateHz: 100, from: 2_000_000_000, seconds: 1) == [])
    }

    @Test func singleGlitchSampleChangesNothing() {
        var detector = OrientationDetector()
        _ = Self.hold(&detector, Vector3(x: 0, y: 1, z: 0), rateHz: 15, seconds: 1)
        var changes: [Orientation] = []
        let glitch = Sample(time: Instant(nanoseconds: 1_000_000_000), accelerationG: Vector3(x: -1, y: 0, z: 0))
        if let change = detector.update(glitch) { changes.append(change) }
        changes += Self.hold(&detector, Vector3(x: 0, y: 1, z: 0), rateHz: 15, from: 1_066_666_667, seconds: 1)
        #expect(changes == [])
    }

    @Test func dropoutRestartsWithoutSpuriousChange() {
        var detector = OrientationDetector()
        _ = Self.hold(&detector, Vector3(x: 1, y: 0, z: 0), rateHz: 100, seconds: 1)
        #expect(detector.orientation == .rightUp)
        // Two seconds of nothing, then the same pose: no change.
        #expect(Self.hold(&detector, Vector3(x: 1, y: 0, z: 0), rateHz: 100, from: 3_000_000_000, seconds: 1) == [])
        // Time going backwards restarts too.
        #expect(Self.hold(&detector, Vector3(x: 1, y: 0, z: 0), rateHz: 100, from: 500_000_000, seconds: 0.5) == [])
        #expect(detector.orientation == .rightUp)
    }

    @Test func resetKeepsTheStableOrientation() {
        var detector = OrientationDetector()
        _ = Self.hold(&detector, Vector3(x: 0, y: -1, z: 0), rateHz: 100, seconds: 1)
        detector.reset()
        #expect(detector.orientation == .bottomUp)
        #expect(detector.lastUpright == .bottomUp)
    }

    @Test func freeFallIsNotTrusted() {
        var detector = OrientationDetector()
        #expect(Self.hold(&detector, Vector3(x: 0.05, y: -0.05, z: 0.02), rateHz: 100, seconds: 2) == [])
        #expect(detector.orientation == nil)
        #expect(detector.lastUpright == nil)
    }

    /// No default: before its first decision the detector has decided nothing (a press then
    /// waits for the decision), and its first decision is reported whatever it is, `normal`
    /// included, within settle and still time; lying flat from the start, it decides no
    /// upright orientation.
    @Test func startsUndecidedAndReportsItsFirstDecisionNormalToo() {
        var detector = OrientationDetector()
        #expect(detector.orientation == nil)
        #expect(detector.lastUpright == nil)
        let changes = Self.timedChanges(&detector, [(Vector3(x: 0, y: 1, z: 0), 1)], rateHz: 100)
        #expect(changes.map(\.orientation) == [.normal])
        #expect(changes[0].seconds <= 0.1)
        #expect(detector.lastUpright == .normal)
        var flat = OrientationDetector()
        #expect(Self.hold(&flat, Vector3(x: 0, y: 0, z: 1), rateHz: 100, seconds: 1) == [.lensDown])
        #expect(flat.lastUpright == nil)
    }

    @Test func rotatingGyroBlocksTheCommit() {
        var detector = OrientationDetector()
        // The accelerometer says left-up, but the camera is still turning at 200 deg/s.
        let changes = Self.hold(&detector, Vector3(x: -1, y: 0, z: 0), rateHz: 100, seconds: 1, gyro: Vector3(x: 0, y: 0, z: 200))
        #expect(changes == [])
    }

    /// Feeds `poses` (vector, seconds) back to back at `rateHz`; returns each change with the
    /// seconds since the start of the pose it happened in, and that pose's index.
    static func timedChanges(
        _ detector: inout OrientationDetector, _ poses: [(Vector3, Double)], rateHz: Int64
    ) -> [(pose: Int, seconds: Double, orientation: Orientation)] {
        var changes: [(pose: Int, seconds: Double, orientation: Orientation)] = []
        let period = 1_000_000_000 / rateHz
        var index: Int64 = 0
        for (pose, (g, seconds)) in poses.enumerated() {
            let first = index
            for _ in 0..<Int64(seconds * Double(rateHz)) {
                if let change = detector.update(Sample(time: Instant(nanoseconds: index * period), accelerationG: g)) {
                    changes.append((pose, Double((index - first) * period) / 1e9, change))
                }
                index += 1
            }
        }
        return changes
    }

    /// Turned left-up at once and held perfectly still for 0.25 s, then back: still long
    /// enough for stillness alone, but back within the 300 ms flick time, so no change. Held
    /// for a second it is a turn, reported 300 ms (within a sample period and the rate
    /// filter's onset) after the camera set off.
    @Test(arguments: [Int64(15), 100, 1000])
    func flickHeldStillAtItsFarEndIsNotAChange(rateHz: Int64) {
        var detector = OrientationDetector()
        let up = Vector3(x: 0, y: 1, z: 0)
        let left = Vector3(x: -1, y: 0, z: 0)
        let changes = Self.timedChanges(&detector, [(up, 1), (left, 0.25), (up, 1), (left, 1)], rateHz: rateHz)
        // The first decision (normal, in the first pose), then only the held turn.
        #expect(changes.map(\.pose) == [0, 3])
        #expect(changes.map(\.orientation) == [.normal, .leftUp])
        let period = 1 / Double(rateHz)
        #expect(changes[1].seconds >= 0.3 - period && changes[1].seconds <= 0.3 + 0.02 + period, "\(changes[1].seconds)")
    }

    /// Without the flick time the same flick is reported: the rule above is what rejects it.
    @Test func withoutTheFlickTimeTheHeldFlickIsReported() {
        var detector = OrientationDetector(parameters: DetectorParameters(flickTime: .zero))
        let up = Vector3(x: 0, y: 1, z: 0)
        let left = Vector3(x: -1, y: 0, z: 0)
        let changes = Self.timedChanges(&detector, [(up, 1), (left, 0.25), (up, 1)], rateHz: 100)
        #expect(changes.map(\.orientation) == [.normal, .leftUp, .normal])
    }

    /// Powered on in a pose: reported as quickly as before the flick rule (no pose to have
    /// flicked from), within settle and still time.
    @Test func poseAtPowerOnIsReportedWithoutTheFlickTime() {
        var detector = OrientationDetector()
        let changes = Self.timedChanges(&detector, [(Vector3(x: 1, y: 0, z: 0), 1)], rateHz: 100)
        #expect(changes.map(\.orientation) == [.rightUp])
        #expect(changes[0].seconds <= 0.1)
    }

    /// Left edge up, gravity along -x, bouncing along it by 0.8 g at 2.7 Hz (a runner's
    /// stride) with 0.25 g sideways at 1.35 Hz, 100 Hz samples from `start` for `seconds`.
    static func running(_ detector: inout OrientationDetector, from start: Int64 = 0, seconds: Double) -> [(Double, Orientation)] {
        var changes: [(Double, Orientation)] = []
        for index in 0..<Int64(seconds * 100) {
            let t = Double(index) / 100
            let bounce = Float(0.8 * sin(2 * Double.pi * 2.7 * t))
            let side = Float(0.25 * sin(2 * Double.pi * 1.35 * t))
            let sample = Sample(time: Instant(nanoseconds: start + index * 10_000_000), accelerationG: Vector3(x: -1 - bounce, y: side, z: 0))
            if let change = detector.update(sample) { changes.append((t, change)) }
        }
        return changes
    }

    /// A runner's bounce is along gravity: the still stages trust the steady direction while
    /// the motion judge's longer estimate is near 1 g, and report the pose at once, once, with
    /// or without the motion judge. Trusting only a fast estimate near 1 g (`motionToleranceG`
    /// too small for the longer one), they never do, and the motion judge takes a second.
    @Test func stillStagesFollowARunner() {
        var detector = OrientationDetector()
        let changes = Self.running(&detector, seconds: 4)
        #expect(changes.map(\.1) == [.leftUp], "\(changes)")
        #expect(changes.allSatisfy { $0.0 < 0.1 }, "\(changes)")
        var stillOnly = OrientationDetector(parameters: DetectorParameters(motionTrustTime: .seconds(10)))
        #expect(Self.running(&stillOnly, seconds: 4).map(\.1) == [.leftUp])
        var narrow = OrientationDetector(parameters: DetectorParameters(motionToleranceG: 0.01, motionTrustTime: .seconds(10)))
        #expect(Self.running(&narrow, seconds: 4).isEmpty)
    }

    /// The magnitude weight: a sustained 1.5 g push sideways with 0.5 g up (|a| 1.58 g, 72
    /// degrees toward left-up, as a race car's corner) for 2 s earns no trust and changes
    /// nothing; trusting any magnitude up to 1 g off (`motionToleranceG` 1), it is reported.
    @Test func magnitudeWeightRefusesASustainedPush() {
        func changes(_ parameters: DetectorParameters) -> [Orientation] {
            var detector = OrientationDetector(parameters: parameters)
            return Self.hold(&detector, Vector3(x: -1.5, y: 0.5, z: 0), rateHz: 100, seconds: 2)
        }
        #expect(changes(DetectorParameters()) == [])
        #expect(changes(DetectorParameters(motionToleranceG: 1)) == [.leftUp])
    }

    /// A camera turned steadily about its lens axis at 150 degrees a second for 4 s (0.6 s in
    /// each quarter): without a gyro, after the first decision (normal, a few degrees into the
    /// turn, before the turning shows), each quarter it stays in for the trust time is
    /// reported, so a photo there latches the side it is on; with the gyro, never at rest, it
    /// has no first decision to report. Before stage 5b it reported nothing after the first.
    @Test(arguments: [false, true])
    func aSteadyTumbleReportsEachQuarter(gyro: Bool) {
        func changes(_ parameters: DetectorParameters) -> [Orientation] {
            var detector = OrientationDetector(parameters: parameters)
            var changes: [Orientation] = []
            for index in 0..<400 {
                let radians = Float(index) * 1.5 * Float.pi / 180
                let sample = Sample(
                    time: Instant(nanoseconds: Int64(index) * 10_000_000), accelerationG: Vector3(x: -sin(radians), y: cos(radians), z: 0),
                    angularRateDPS: gyro ? Vector3(x: 0, y: 0, z: -150) : nil)
                if let change = detector.update(sample) { changes.append(change) }
            }
            return changes
        }
        #expect(changes(DetectorParameters()) == (gyro ? [] : [.normal, .leftUp, .bottomUp, .rightUp, .normal, .leftUp, .bottomUp]))
        #expect(changes(DetectorParameters(motionSteadyRateDPS: 1e9)) == [.normal, .leftUp, .bottomUp, .rightUp, .normal, .leftUp, .bottomUp])
    }

    /// A free fall shrinks the long estimate: no trust, no change, however long it lasts
    /// (here 0.5 s at zero g after a tilted hold that the hysteresis keeps `normal`).
    @Test func freeFallEarnsNoMotionTrust() {
        var detector = OrientationDetector()
        // 50 degrees clockwise: (-0.7660, 0.6428), within the hysteresis of normal (the first
        // decision).
        #expect(Self.hold(&detector, Vector3(x: -0.7660, y: 0.6428, z: 0), rateHz: 100, seconds: 1) == [.normal])
        #expect(Self.hold(&detector, Vector3(x: -0.05, y: 0, z: 0), rateHz: 100, from: 1_000_000_000, seconds: 0.5) == [])
        #expect(detector.orientation == .normal)
    }

    /// At rest the gyro's zero-rate offset is learnt with its 2 s time constant: after 10 s
    /// (5 time constants, 1 - e^-5 = 99.3%) within 0.2 degrees a second of (18, -5, 4).
    @Test func gyroOffsetIsLearntAtRest() {
        var detector = OrientationDetector()
        _ = Self.hold(&detector, Vector3(x: 0, y: 1, z: 0), rateHz: 100, seconds: 10, gyro: Vector3(x: 18, y: -5, z: 4))
        let offset = detector.gyroOffsetDPS
        #expect(abs(offset.x - 18) < 0.2 && abs(offset.y + 5) < 0.2 && abs(offset.z - 4) < 0.2, "\(offset)")
    }

    /// A slow turn is not learnt as offset: the accelerometer's estimate turns (here at 10
    /// degrees a second about the lens axis for 3 s; only its first tenth of a second, before
    /// the estimate's turning passes 4 degrees a second, leaks in: 1.3 of the 10), and a pan
    /// about the vertical past 25 degrees a second (here 30 about y, gravity's axis, for 5 s) is
    /// never learnt, however still the accelerometer looks.
    @Test func turnsAndPansAreNotLearnt() {
        var detector = OrientationDetector()
        for index in 0..<300 {
            let radians = Float(index) * 0.1 * Float.pi / 180
            let sample = Sample(
                time: Instant(nanoseconds: Int64(index) * 10_000_000), accelerationG: Vector3(x: -sin(radians), y: cos(radians), z: 0),
                angularRateDPS: Vector3(x: 0, y: 0, z: -10))
            _ = detector.update(sample)
        }
        #expect(detector.gyroOffsetDPS.magnitude < 1.5, "\(detector.gyroOffsetDPS)")
        var pan = OrientationDetector()
        _ = Self.hold(&pan, Vector3(x: 0, y: 1, z: 0), rateHz: 100, seconds: 5, gyro: Vector3(x: 0, y: 30, z: 0))
        #expect(pan.gyroOffsetDPS == .zero)
        #expect(!pan.gyroOffsetImplausible)
    }

    /// A reading off the vertical that lasts at rest is the chip's own (a turn off the vertical
    /// would turn the accelerometer's estimate): 30 degrees a second about x, gravity on y, is
    /// never learnt (past 25) but judged beyond PS 6.1's 20 once it has lasted 1 s; a fast
    /// turn's start, which the accelerometer sees within a tenth of a second, is judged nothing.
    @Test func aLastingOffsetBeyondTheDatasheetIsJudged() {
        var chip = OrientationDetector()
        _ = Self.hold(&chip, Vector3(x: 0, y: 1, z: 0), rateHz: 100, seconds: 0.95, gyro: Vector3(x: 30, y: 0, z: 0))
        #expect(!chip.gyroOffsetImplausible)
        _ = Self.hold(&chip, Vector3(x: 0, y: 1, z: 0), rateHz: 100, from: 950_000_000, seconds: 0.2, gyro: Vector3(x: 30, y: 0, z: 0))
        #expect(chip.gyroOffsetImplausible)
        #expect(chip.gyroOffsetDPS == .zero)

        var turn = OrientationDetector()
        _ = Self.hold(&turn, Vector3(x: 0, y: 1, z: 0), rateHz: 100, seconds: 2)
        for index in 0..<100 { // 90 degrees a second about the lens axis for 1 s
            let radians = Float(index) * 0.9 * Float.pi / 180
            let sample = Sample(
                time: Instant(nanoseconds: 2_000_000_000 + Int64(index) * 10_000_000),
                accelerationG: Vector3(x: -sin(radians), y: cos(radians), z: 0), angularRateDPS: Vector3(x: 0, y: 0, z: -90))
            _ = turn.update(sample)
        }
        #expect(turn.gyroOffsetDPS.magnitude < 0.5, "\(turn.gyroOffsetDPS)")
        #expect(!turn.gyroOffsetImplausible)
    }

    /// The judgement has hysteresis: an offset of 22 is judged beyond 20 once learnt past it
    /// (22 (1 - e^-t/2) = 20 at t = 4.8 s), and plausible again only under 18 on every axis:
    /// with the chip at 19 after that, never (the estimate settles at 19); at 10, between 0.2 s
    /// (10 + 9 e^-0.1 = 18.1) and 0.4 s (17.4).
    @Test func theOffsetJudgementHasHysteresis() {
        var detector = OrientationDetector()
        let up = Vector3(x: 0, y: 1, z: 0)
        _ = Self.hold(&detector, up, rateHz: 100, seconds: 4.6, gyro: Vector3(x: 0, y: 0, z: 22))
        #expect(!detector.gyroOffsetImplausible, "\(detector.gyroOffsetDPS)")
        _ = Self.hold(&detector, up, rateHz: 100, from: 4_600_000_000, seconds: 0.4, gyro: Vector3(x: 0, y: 0, z: 22))
        #expect(detector.gyroOffsetImplausible, "\(detector.gyroOffsetDPS)")
        _ = Self.hold(&detector, up, rateHz: 100, from: 5_000_000_000, seconds: 10, gyro: Vector3(x: 0, y: 0, z: 19))
        #expect(detector.gyroOffsetImplausible, "\(detector.gyroOffsetDPS)")
        _ = Self.hold(&detector, up, rateHz: 100, from: 15_000_000_000, seconds: 0.2, gyro: Vector3(x: 0, y: 0, z: 10))
        #expect(detector.gyroOffsetImplausible, "\(detector.gyroOffsetDPS)")
        _ = Self.hold(&detector, up, rateHz: 100, from: 15_200_000_000, seconds: 0.2, gyro: Vector3(x: 0, y: 0, z: 10))
        #expect(!detector.gyroOffsetImplausible, "\(detector.gyroOffsetDPS)")
    }

    /// tan 45 = 1, tan 53 = 1.3270, tan 80 = 5.6713 (tables).
    @Test func tangentApproximation() {
        #expect(abs(tangent(degrees: 45) - 1) < 1e-5)
        #expect(abs(tangent(degrees: 53) - 1.3270) < 1e-3)
        #expect(abs(tangent(degrees: 80) - 5.6713) < 1e-3)
    }
}

@Suite struct DetectorParametersTests {
    @Test func defaultsAreValid() throws {
        try DetectorParameters().validate()
    }

    @Test func outOfRangeValuesNameTheParameter() {
        var p = DetectorParameters()
        p.flatExitDegrees = 85
        #expect(throws: DetectorParameterError.flatExitDegrees) { try p.validate() }
        p = DetectorParameters(filterTimeConstant: .zero)
        #expect(throws: DetectorParameterError.filterTimeConstant) { try p.validate() }
        p = DetectorParameters(hysteresisDegrees: 31)
        #expect(throws: DetectorParameterError.hysteresisDegrees) { try p.validate() }
        p = DetectorParameters(magnitudeToleranceG: 0)
        #expect(throws: DetectorParameterError.magnitudeToleranceG) { try p.validate() }
        #expect(String(describing: DetectorParameterError.stillTime.name) == "stillTime")
        p = DetectorParameters(flickTime: .seconds(11))
        #expect(throws: DetectorParameterError.flickTime) { try p.validate() }
        p = DetectorParameters(motionFilterTimeConstant: .zero)
        #expect(throws: DetectorParameterError.motionFilterTimeConstant) { try p.validate() }
        p = DetectorParameters(motionToleranceG: 0)
        #expect(throws: DetectorParameterError.motionToleranceG) { try p.validate() }
        p = DetectorParameters(motionSteadyRateDPS: .infinity)
        #expect(throws: DetectorParameterError.motionSteadyRateDPS) { try p.validate() }
        p = DetectorParameters(motionTrustTime: .seconds(11))
        #expect(throws: DetectorParameterError.motionTrustTime) { try p.validate() }
        #expect(String(describing: DetectorParameterError.motionTrustTime.name) == "motionTrustTime")
        p = DetectorParameters(gyroOffsetTimeConstant: .zero)
        #expect(throws: DetectorParameterError.gyroOffsetTimeConstant) { try p.validate() }
    }
}
