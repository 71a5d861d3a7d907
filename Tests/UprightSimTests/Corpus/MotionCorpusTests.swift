import Testing
import UprightCore
import UprightHost
import UprightSim

/// The held-out motion corpus: a camera in use while moving. The figures are
/// literal: the corpus is seeded, so every judge's score is exact.
@Suite struct MotionCorpusTests {
    static let names = Corpus.motion(gyro: false).map(\.name) + Corpus.motion(gyro: true).map(\.name)
    /// The detector as it was before the motion judge: only the still-camera stages.
    static let stillOnly = DetectorParameters(motionTrustTime: .seconds(10))

    static func scenario(_ name: String) throws -> CorpusScenario {
        try #require((Corpus.motion(gyro: false) + Corpus.motion(gyro: true)).first { $0.name == name })
    }

    /// Every photo latches the pose the camera is in, every turn is reported once within a
    /// second of its stop, nothing else changes.
    @Test(arguments: names)
    func detectorMeetsScenario(name: String) throws {
        let scenario = try Self.scenario(name)
        var detector = OrientationDetector()
        let outcome = CorpusEvaluation.run(scenario, &detector)
        #expect(outcome.latches == scenario.presses.map(\.expected), "changes: \(outcome.changes)")
        #expect(outcome.changes.count == scenario.turns.count, "changes: \(outcome.changes)")
        #expect(outcome.spuriousChanges == 0, "changes: \(outcome.changes)")
        #expect(outcome.missedTurns == 0, "changes: \(outcome.changes)")
    }

    /// The judges side by side on this corpus: the still-camera stages alone (which now trust
    /// a steady direction in a stride's bounce and follow a steady turn) miss 6 photos of 40
    /// and 5 turns, Android's judge misses the corner and the shot aimed upward, the seed's
    /// rule flaps.
    @Test func judgesSideBySideWithoutTheGyro() {
        let set = Corpus.motion(gyro: false)
        let upright = CorpusSummary.score(set) { OrientationDetector() }.0
        let stillOnly = CorpusSummary.score(set) { OrientationDetector(parameters: Self.stillOnly) }.0
        let android = CorpusSummary.score(set) { AndroidStyleJudge() }.0
        let naive = CorpusSummary.score(set) { NaiveClassifier() }.0
        print(CorpusSummary.table([("upright", upright), ("still-only", stillOnly), ("android", android), ("naive", naive)]))
        #expect(upright.presses == 40)
        #expect([upright.correctLatches, upright.spuriousChanges, upright.missedTurns] == [40, 0, 0])
        #expect([stillOnly.correctLatches, stillOnly.spuriousChanges, stillOnly.missedTurns] == [34, 0, 5])
        #expect([android.correctLatches, android.spuriousChanges, android.missedTurns] == [36, 1, 2])
        #expect([naive.correctLatches, naive.spuriousChanges] == [38, 461])
    }

    /// With the gyro (zero-rate offsets of 3 to 5 degrees a second; the corpus's 40 photos and
    /// the 8 of the gyro's own scenes, photos 2 degrees past clear in a steady turn), the
    /// still-camera stages alone miss 12 photos; with the motion judge every photo is right.
    /// Android's accelerometer judge gets 2 of the gyro's own 8.
    @Test func judgesSideBySideWithTheGyro() {
        let set = Corpus.motion(gyro: true)
        let upright = CorpusSummary.score(set) { OrientationDetector() }.0
        let stillOnly = CorpusSummary.score(set) { OrientationDetector(parameters: Self.stillOnly) }.0
        let android = CorpusSummary.score(set) { AndroidStyleJudge() }.0
        #expect(upright.presses == 48)
        #expect([upright.correctLatches, upright.spuriousChanges, upright.missedTurns] == [48, 0, 0])
        #expect([stillOnly.correctLatches, stillOnly.spuriousChanges, stillOnly.missedTurns] == [36, 1, 13])
        #expect([android.correctLatches, android.spuriousChanges, android.missedTurns] == [38, 1, 2])
    }

    /// Through each chip's counts and decoder (ADXL345 at 3.9 mg a count, MPU-6050 at
    /// 0.49 mg), the motion corpus still latches every photo with no spurious change.
    @Test(arguments: CorpusChip.allCases)
    func everyPhotoRightThroughEachChip(chip: CorpusChip) {
        let upright = chip.score(Corpus.motion(gyro: false)) { OrientationDetector() }
        #expect([upright.correctLatches, upright.spuriousChanges, upright.missedTurns] == [40, 0, 0])
        if chip == .mpu6050 {
            let fused = chip.score(Corpus.motion(gyro: true)) { OrientationDetector() }
            #expect([fused.correctLatches, fused.spuriousChanges, fused.missedTurns] == [48, 0, 0])
        }
    }

    /// Accelerometer only, Upright is at least as good as Android's judge on every scene (as
    /// many photos right, no more spurious changes), and the median latency after a turn in
    /// motion (power-on reports left out) is at most 0.25 s, without the gyro and with it.
    /// Before the still stages followed a camera that never rests, the median was 0.56 s
    /// without the gyro, and the running, filming and steady-turn scenes latched the side before.
    @Test(arguments: [false, true])
    func asQuickAsAPhoneOnEveryScene(gyro: Bool) {
        var latencies: [Double] = []
        for scenario in Corpus.motion(gyro: gyro) {
            var detector = OrientationDetector()
            let upright = CorpusEvaluation.run(scenario, &detector)
            var judge = AndroidStyleJudge()
            let android = CorpusEvaluation.run(scenario, &judge)
            #expect(upright.correctLatches >= android.correctLatches, "\(scenario.name): \(upright.changes)")
            #expect(upright.spuriousChanges <= android.spuriousChanges, "\(scenario.name): \(upright.changes)")
            for (turn, latency) in zip(scenario.turns, upright.latenciesSeconds) where turn.stopSeconds > 0 {
                latencies.append(latency ?? .infinity)
            }
        }
        latencies.sort()
        #expect(latencies.count == (gyro ? 22 : 14))
        #expect(latencies[latencies.count / 2] <= 0.25, "\(latencies)")
    }

    /// A camera turned steadily at 90 degrees a second: each photo as it passes a side latches
    /// that side, accelerometer only and with the gyro, each side reported before the photo.
    @Test(arguments: [false, true])
    func aSteadyTurnLatchesTheSideItIsOn(gyro: Bool) throws {
        let scenario = try Self.scenario("motion-steady-turn-90dps" + (gyro ? "-gyro" : ""))
        var detector = OrientationDetector()
        let outcome = CorpusEvaluation.run(scenario, &detector)
        #expect(outcome.latches == [.leftUp, .bottomUp, .rightUp, .normal])
        #expect(outcome.latenciesSeconds.dropFirst().allSatisfy { $0 == 0 }, "\(outcome.changes)")
    }

    /// With the gyro, a photo taken while the camera turns steadily latches the side it is on
    /// as soon as that side is clear (15 degrees past the boundary): photos 62 degrees into each
    /// quarter of a turn at 90 and at 180 degrees a second, each side reported before its photo
    /// (from about 61 degrees). Accelerometer only the same photos latch the side before: a side
    /// is reported once it has been the candidate for the trust time (at 90 degrees a second,
    /// 75 degrees in), as it was with the gyro before the gyro's prediction (stage 5b).
    @Test(arguments: ["motion-steady-turn-90dps-clear", "motion-steady-turn-180dps-clear"])
    func withTheGyroAPhotoWhileTurningLatchesTheSideOnceClear(name: String) throws {
        let fused = try Self.scenario(name + "-gyro")
        var detector = OrientationDetector()
        let outcome = CorpusEvaluation.run(fused, &detector)
        #expect(outcome.latches == [.leftUp, .bottomUp, .rightUp, .normal], "\(outcome.changes)")
        #expect(outcome.spuriousChanges == 0, "\(outcome.changes)")
        let accelerometer = Corpus.gyroMotionScenarios.first { $0.name == name }
        var alone = OrientationDetector()
        let without = CorpusEvaluation.run(try #require(accelerometer), &alone)
        #expect(without.latches == [.normal, .leftUp, .bottomUp, .normal], "\(without.changes)")
    }

    /// Zero-rate offsets at the datasheet's limit (PS 6.1: +-20 degrees a second on each axis,
    /// 35 in all) on every gyro of the standard corpus and the motion corpus: every photo is
    /// still latched right with no spurious change and no missed turn. Not the photos 2
    /// degrees past clear in a steady turn: an offset not yet learnt leans the estimate by up to
    /// 5 degrees (20 degrees a second over the 250 ms correction), and those photos may then
    /// latch the side before (the side is reported 40 ms later).
    @Test(arguments: [Vector3(x: -20, y: 20, z: -20), Vector3(x: 20, y: -20, z: 20)])
    func gyroOffsetsAtTheDatasheetLimitChangeNothing(bias: Vector3) {
        let set = (Corpus.standard + Corpus.motion(gyro: true)).filter { $0.hasGyro && !$0.name.contains("-clear") }.map {
            scenario -> CorpusScenario in
            var biased = scenario
            biased.gyroBiasDPS = bias
            return biased
        }
        #expect(set.count == 26)
        let upright = CorpusSummary.score(set) { OrientationDetector() }.0
        #expect([upright.correctLatches, upright.spuriousChanges, upright.missedTurns] == [upright.presses, 0, 0])
        #expect(upright.presses == 84)
    }
}
