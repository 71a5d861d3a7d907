import Testing
import UprightCore
import UprightSim

/// The standard and motion corpora resampled at rates where the detector averages samples
/// into steps (`OrientationDetector.update`: at most 5 ms a step; at 250 Hz every sample is
/// still a step of its own). Each scores as at its own rate: every photo right, no change
/// beyond the deliberate ones, every turn reported. Judging every sample instead, the same
/// corpora scored the same at each rate (docs/detector.md, "Steps").
@Suite struct CorpusAtHighRatesTests {
    static func resampled(_ set: [CorpusScenario], rateHz: Double) -> [CorpusScenario] {
        set.map { scenario in
            var copy = scenario
            copy.rateHz = rateHz
            return copy
        }
    }

    @Test(arguments: [250.0, 400.0, 1000.0, 2000.0])
    func theStandardCorpus(rateHz: Double) throws {
        let (summary, outcomes) = CorpusSummary.score(Self.resampled(Corpus.standard, rateHz: rateHz)) { OrientationDetector() }
        #expect([summary.correctLatches, summary.spuriousChanges, summary.missedTurns] == [summary.presses, 0, 0])
        #expect(summary.presses == 139)
        #expect(try #require(summary.medianTurnLatencySeconds) <= 0.2)
        for outcome in outcomes {
            for latency in outcome.latenciesSeconds.compactMap({ $0 }) { #expect(latency <= 0.3) }
        }
    }

    @Test(arguments: [(400.0, false), (1000.0, false), (2000.0, false), (400.0, true), (1000.0, true), (2000.0, true)])
    func theMotionCorpus(rateHz: Double, gyro: Bool) throws {
        let (summary, _) = CorpusSummary.score(Self.resampled(Corpus.motion(gyro: gyro), rateHz: rateHz)) { OrientationDetector() }
        #expect([summary.correctLatches, summary.spuriousChanges, summary.missedTurns] == [summary.presses, 0, 0])
        #expect(summary.presses == (gyro ? 48 : 40))
        #expect(try #require(summary.medianTurnLatencySeconds) <= 0.25)
    }
}
