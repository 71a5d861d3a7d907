#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import UprightCore

/// The detector's steps (`OrientationDetector.update`): a sample at 200 Hz or slower is a step
/// of its own, faster samples are averaged into steps of at most 5 ms. The corpora resampled
/// from 250 Hz to 2 kHz are scored in UprightSimTests (`CorpusAtHighRatesTests`).
@Suite struct OrientationDetectorStepTests {
    /// The times at which `detector` reported a change over `samples`.
    static func changeTimes(_ detector: inout OrientationDetector, _ samples: [Sample]) -> [(Int64, Orientation)] {
        samples.compactMap { sample in detector.update(sample).map { (sample.time.nanoseconds, $0) } }
    }

    /// Samples every `periodNanoseconds` from 0 for `seconds`: `normal` (+y up) until 1 s,
    /// left-up (-x up) after.
    static func turnAtOneSecond(periodNanoseconds: Int64, seconds: Int64 = 3) -> [Sample] {
        (0..<(seconds * 1_000_000_000 / periodNanoseconds)).map { index in
            let time = index * periodNanoseconds
            let g = time < 1_000_000_000 ? Vector3(x: 0, y: 1, z: 0) : Vector3(x: -1, y: 0, z: 0)
            return Sample(time: Instant(nanoseconds: time), accelerationG: g)
        }
    }

    /// At 1 kHz a step ends every fifth sample (5 ms after the one before): the changes are
    /// reported at those samples only (the first decision 80 ms in, as at 100 Hz).
    @Test func atOneKilohertzChangesComeAtTheEndsOfFiveMillisecondSteps() {
        var detector = OrientationDetector()
        let changes = Self.changeTimes(&detector, Self.turnAtOneSecond(periodNanoseconds: 1_000_000))
        #expect(changes.map(\.1) == [.normal, .leftUp])
        #expect(changes.map(\.0) == [80_000_000, 1_305_000_000])
    }

    /// At 250 Hz (4 ms) a second sample would make a step of 8 ms: every sample is a step, and
    /// the change comes at a sample no 5 ms step would end at.
    @Test func atTwoHundredFiftyHertzEverySampleIsAStep() {
        var detector = OrientationDetector()
        let changes = Self.changeTimes(&detector, Self.turnAtOneSecond(periodNanoseconds: 4_000_000))
        #expect(changes.map(\.1) == [.normal, .leftUp])
        #expect(changes.map(\.0) == [80_000_000, 1_308_000_000])
    }

    /// A step's rate is the mean of its samples': a gyro vibrating at 200 Hz about the lens axis
    /// (100 degrees a second, 1 kHz: five samples a period, each step a whole period) turns the
    /// estimate by nothing. The last sample's rate alone would be 100 degrees a second every
    /// step (each step ends at the same phase), and the estimate would lean by tens of degrees.
    @Test func aStepIntegratesTheMeanRateSoAVibrationAtTheStepRateCancels() {
        var detector = OrientationDetector()
        for index in 0..<Int64(2_000) {
            let seconds = Double(index) / 1_000
            // A quarter period ahead: each step's last sample (every fifth) reads the peak.
            let rate = Float(100 * sin(2 * Double.pi * 200 * seconds + Double.pi / 2))
            let sample = Sample(
                time: Instant(nanoseconds: index * 1_000_000), accelerationG: Vector3(x: 0, y: 1, z: 0),
                angularRateDPS: Vector3(x: 0, y: 0, z: rate))
            _ = detector.update(sample)
        }
        let g = detector.gravityEstimate
        let leanDegrees = atan2(Double(abs(g.x)), Double(g.y)) * 180 / Double.pi
        #expect(leanDegrees < 0.5, "leans \(leanDegrees) degrees: \(g)")
        #expect(detector.orientation == .normal)
    }

    /// Samples stamped alike never end a step by time (a stuck clock): they are counted into
    /// steps of at most `mostPending` + 1 (65), each of no length, which judge nothing; when
    /// time moves again the stream goes on.
    @Test func samplesStampedAlikeAreStepsOfNoLengthThatJudgeNothing() {
        var detector = OrientationDetector()
        let before = Self.turnAtOneSecond(periodNanoseconds: 1_000_000, seconds: 1)
        #expect(Self.changeTimes(&detector, before).map(\.1) == [.normal])
        // The sample at 1 s ends the step from 995 ms (a fifth of it left-up).
        let stuck = Instant(nanoseconds: 1_000_000_000)
        #expect(detector.update(Sample(time: stuck, accelerationG: Vector3(x: -1, y: 0, z: 0))) == nil)
        let estimate = detector.gravityEstimate
        // 600 more at that instant, reading left-up: nine steps of 65 and 15 waiting.
        for _ in 0..<600 {
            #expect(detector.update(Sample(time: stuck, accelerationG: Vector3(x: -1, y: 0, z: 0))) == nil)
        }
        #expect(detector.gravityEstimate == estimate)
        // Time moves again: left-up is judged from the next step on.
        let after = Self.turnAtOneSecond(periodNanoseconds: 1_000_000).filter { $0.time.nanoseconds > 1_000_000_000 }
        #expect(Self.changeTimes(&detector, after).map(\.1) == [.leftUp])
    }
}
