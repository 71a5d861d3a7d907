import Testing
import UprightCore
import UprightSim

struct SoakRecoveryTrackerTests {
    static func at(_ milliseconds: Int64) -> Instant { .zero + .milliseconds(milliseconds) }

    @Test func aFaultRecoversWhenFreshSamplesShowTheTruePose() {
        var tracker = SoakRecoveryTracker()
        #expect(tracker.inject(SoakFault(time: Self.at(10_000), kind: .unplug, clears: Self.at(11_000))) == nil)
        // Samples from before the replug do not count, nor a wrong report.
        #expect(tracker.check(now: Self.at(11_100), newestSample: Self.at(10_990), reported: .leftUp, expected: .leftUp) == nil)
        #expect(tracker.check(now: Self.at(11_200), newestSample: Self.at(11_150), reported: .normal, expected: .leftUp) == nil)
        #expect(tracker.totalRecovered == 0)
        #expect(tracker.check(now: Self.at(11_400), newestSample: Self.at(11_380), reported: .leftUp, expected: .leftUp) == nil)
        #expect(tracker.recovered[SoakFaultKind.unplug.rawValue] == 1)
        #expect(tracker.maximumRecovery == .milliseconds(400))
        #expect(tracker.maximumRecoveryKind == .unplug)
        #expect(tracker.maximumRecoveryByKind[SoakFaultKind.unplug.rawValue] == .milliseconds(400))
        #expect(tracker.maximumRecoveryByKind[SoakFaultKind.chipReset.rawValue] == .zero)
    }

    @Test func aFaultNotRecoveredWithinTenSecondsIsAViolation() {
        var tracker = SoakRecoveryTracker()
        _ = tracker.inject(SoakFault(time: Self.at(10_000), kind: .chipReset, clears: Self.at(10_000)))
        #expect(tracker.check(now: Self.at(20_000), newestSample: nil, reported: .normal, expected: .rightUp) == nil)
        let violation = tracker.check(now: Self.at(20_020), newestSample: nil, reported: .normal, expected: .rightUp)
        #expect(
            violation
                == SoakViolation(
                    time: Self.at(20_020),
                    message:
                        "chip reset injected at t=10.000 s (cleared at 10.000 s): detector not recovered within 10.000 s; it reports normal, the camera is right-up, no sample since"
                ))
    }

    @Test func busErrorsRecoverAtTheNextRead() {
        var tracker = SoakRecoveryTracker()
        tracker.busError(at: Self.at(100))
        tracker.busError(at: Self.at(120))
        tracker.samplesRead(at: Self.at(140))
        #expect(tracker.injected[SoakFaultKind.busError.rawValue] == 2)
        #expect(tracker.recovered[SoakFaultKind.busError.rawValue] == 2)
        #expect(tracker.maximumRecovery == .milliseconds(40))
    }
}
