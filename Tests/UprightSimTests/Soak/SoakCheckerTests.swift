import Testing
import UprightCore
import UprightHost
import UprightSim

struct SoakCheckerTests {
    static func at(_ milliseconds: Int64) -> Instant { .zero + .milliseconds(milliseconds) }

    @Test func aPressAnsweredByACaptureKeepsTheCheckerQuiet() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(1000))
        checker.observe(TimedEvent(time: Self.at(1030), record: .state(from: "idle", to: "previewing")), journaled: true)
        checker.observe(TimedEvent(time: Self.at(1200), record: .state(from: "previewing", to: "capturing")), journaled: true)
        checker.observe(TimedEvent(time: Self.at(1320), record: .capture(shot: 1, orientation: .leftUp, stale: false, file: nil)), journaled: true)
        checker.observe(TimedEvent(time: Self.at(1320), record: .state(from: "capturing", to: "previewing")), journaled: true)
        checker.checkpoint(at: Self.at(8000))
        #expect(checker.violation == nil)
        #expect(checker.counts.captures == 1)
        #expect(checker.counts.journalLines == 1)
        #expect(checker.state == "previewing")
    }

    /// The faults-off phase starts at 10 s; the journal's worker on a slow card puts out a
    /// fault of 9.5 s and the answer to a press of 9 s after it: both count in the phase
    /// before (the faults-off phase saw no fault), and the press is answered.
    @Test func aRecordThatComesOutLateCountsInThePhaseOfItsTime() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(9000))
        checker.startPhase(at: Self.at(10_000))
        checker.observe(TimedEvent(time: Self.at(9500), record: .fault(kind: "sensor", detail: "late")), journaled: true)
        checker.observe(TimedEvent(time: Self.at(9600), record: .shutterRejected(reason: "queue full")), journaled: true)
        checker.observe(TimedEvent(time: Self.at(10_100), record: .recovered(kind: "sensor", detail: "again")), journaled: true)
        checker.checkpoint(at: Self.at(10_200))
        #expect(checker.passed)
        #expect(checker.earlierCounts.faultRecords == 1)
        #expect(checker.earlierCounts.rejectionsQueueFull == 1)
        #expect(checker.earlierCounts.presses == 1)
        #expect(checker.counts.faultRecords == 0)
        #expect(checker.counts.recoveredRecords == 1)
    }

    /// A drawn card is as slow with the faults off: its wait (the files' queue full, nothing
    /// lost) is normal there; a journal line lost is not (swarm seed 3261993038).
    @Test func aCardsWaitIsNormalWithTheFaultsOffAndALostLineIsNot() {
        var checker = SoakChecker()
        checker.observe(TimedEvent(time: Self.at(100), record: .bound(bound: "camera-files", lost: 0, waitedSeconds: 0.72)), journaled: true)
        var phase = SoakPhaseReport(name: "faults off", faultsOn: false, deviceSeconds: 1)
        phase.events = checker.counts
        #expect(phase.notNormal == [])
        checker.observe(TimedEvent(time: Self.at(200), record: .bound(bound: "journal-queue", lost: 3, waitedSeconds: 9)), journaled: true)
        phase.events = checker.counts
        #expect(phase.notNormal == ["1 fault records"])
        #expect(checker.counts.boundRecords == 2)
        #expect(checker.counts.cardWaitRecords == 1)
    }

    @Test func aPressWithNoRecordIsAViolationAtTheCheckpoint() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(1000))
        checker.checkpoint(at: Self.at(8000))
        #expect(
            checker.violation
                == SoakViolation(time: Self.at(8000), message: "1 of 1 presses since the last checkpoint have no capture or rejection record"))
        #expect(checker.violation?.description == "t=8.000 s: 1 of 1 presses since the last checkpoint have no capture or rejection record")
    }

    /// The checkpoint is looked at after the step that passed it; that step may already have
    /// fed the next episode's press (an event loop stall held the engine while the inputs went
    /// on). That press is the next checkpoint's, not this one's (the soak's seed 1 at 4 h).
    @Test func aPressAfterTheCheckpointTimeCountsAtTheNextOne() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(1000))
        checker.observe(TimedEvent(time: Self.at(1320), record: .shutterRejected(reason: "storage full")), journaled: true)
        checker.pressFed(at: Self.at(8700))
        checker.checkpoint(at: Self.at(8000))
        #expect(checker.violation == nil)
        checker.checkpoint(at: Self.at(15000))
        #expect(checker.violation?.time == Self.at(15000))
    }

    /// Swarm seed 114: a press at 730.302639255 s, in a stall of the event loop, answered
    /// (the camera hung: the photo failed) at 736.619472524 s, after its checkpoint at
    /// 736.468286341 s and before the deadline the stall gave it (738.782891234 s,
    /// `SoakEnginePausesTests`). With no deadline (the checker before) it is the press with no
    /// answer that seed's soak stopped on; an answer one nanosecond past the deadline is none,
    /// found at the deadline.
    @Test func aPressTheEngineTookLateIsAnsweredByItsDeadline() {
        func check(answeredAt answer: Int64, by deadline: Instant?) -> SoakChecker {
            var checker = SoakChecker()
            checker.pressFed(at: Instant(nanoseconds: 730_302_639_255))
            checker.observe(
                TimedEvent(time: Instant(nanoseconds: answer), record: .captureFailed(shot: 43, reason: "camera")), journaled: true)
            checker.checkpoint(at: Instant(nanoseconds: 736_468_286_341), answersBy: deadline)
            return checker
        }
        let deadline = Instant(nanoseconds: 738_782_891_234)
        #expect(check(answeredAt: 736_619_472_524, by: deadline).violation == nil)
        #expect(
            check(answeredAt: 736_619_472_524, by: nil).violation
                == SoakViolation(
                    time: Instant(nanoseconds: 736_468_286_341),
                    message: "1 of 1 presses since the last checkpoint have no capture or rejection record"))
        #expect(
            check(answeredAt: 738_782_891_235, by: deadline).violation
                == SoakViolation(time: deadline, message: "1 of 1 presses since the last checkpoint have no capture or rejection record"))
    }

    /// Before a stalled episode's deadline the next episode may begin and be answered: its
    /// answer is left for its own checkpoint. A press never answered is still found: the next
    /// episode's answer stands in for it at its checkpoint, and the next checkpoint lacks one.
    @Test func aNextEpisodesAnswerBeforeTheDeadlineIsItsOwn() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(1000))
        checker.pressFed(at: Self.at(7500))
        checker.observe(TimedEvent(time: Self.at(7600), record: .shutterRejected(reason: "storage full")), journaled: true)
        checker.observe(TimedEvent(time: Self.at(8000), record: .captureFailed(shot: 1, reason: "camera")), journaled: true)
        checker.checkpoint(at: Self.at(7000), answersBy: Self.at(9000))
        checker.checkpoint(at: Self.at(14_000))
        #expect(checker.violation == nil)

        var unanswered = SoakChecker()
        unanswered.pressFed(at: Self.at(1000))
        unanswered.pressFed(at: Self.at(7500))
        unanswered.observe(TimedEvent(time: Self.at(7600), record: .shutterRejected(reason: "storage full")), journaled: true)
        unanswered.checkpoint(at: Self.at(7000), answersBy: Self.at(9000))
        #expect(unanswered.violation == nil)
        unanswered.checkpoint(at: Self.at(14_000))
        #expect(
            unanswered.violation
                == SoakViolation(time: Self.at(14_000), message: "1 of 1 presses since the last checkpoint have no capture or rejection record"))
    }

    @Test func aRecordWithNoPressIsAViolationAtOnce() {
        var checker = SoakChecker()
        checker.observe(TimedEvent(time: Self.at(500), record: .shutterRejected(reason: "queue full")), journaled: true)
        #expect(checker.violation == SoakViolation(time: Self.at(500), message: "shutter-rejected record answers no press (1 answers to 0 presses)"))
    }

    @Test func aClipMustStopWithTheOrientationItStartedWith() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(0))
        checker.observe(
            TimedEvent(time: Self.at(1000), record: .recordStart(clip: 1, orientation: .leftUp, stale: false, file: nil)), journaled: true)
        checker.pressFed(at: Self.at(5000))
        checker.observe(
            TimedEvent(time: Self.at(5030), record: .recordStop(clip: 1, orientation: .normal, durationSeconds: 4.03, reason: "shutter", file: nil)),
            journaled: true)
        #expect(checker.violation == SoakViolation(time: Self.at(5030), message: "clip 1 latched left-up at its start but stopped with normal"))
    }

    @Test func aStateOutsideTheFourIsAViolation() {
        var checker = SoakChecker()
        checker.observe(TimedEvent(time: Self.at(10), record: .state(from: "idle", to: "sleeping")), journaled: true)
        #expect(checker.violation?.message == "state change idle -> sleeping names a state outside the four")
    }

    @Test func aStateChangeFromTheWrongStateIsAViolation() {
        var checker = SoakChecker()
        checker.observe(TimedEvent(time: Self.at(10), record: .state(from: "capturing", to: "previewing")), journaled: true)
        #expect(checker.violation?.message == "state change from capturing but the machine was in idle")
    }

    @Test func aCaptureWithoutItsJournalLineIsAViolation() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(0))
        checker.observe(TimedEvent(time: Self.at(200), record: .capture(shot: 1, orientation: .normal, stale: false, file: nil)), journaled: false)
        #expect(checker.violation?.message == "capture of shot 1 has no journal line")
    }

    @Test func aShotAnsweredTwiceIsAViolation() {
        var checker = SoakChecker()
        checker.pressFed(at: Self.at(0))
        checker.pressFed(at: Self.at(100))
        checker.observe(TimedEvent(time: Self.at(200), record: .capture(shot: 1, orientation: .normal, stale: false, file: nil)), journaled: true)
        checker.observe(TimedEvent(time: Self.at(300), record: .captureFailed(shot: 1, reason: "timeout")), journaled: true)
        #expect(checker.violation?.message == "shot 1 answered after shot 1 (twice, or out of order)")
    }
}

/// The stream checker's invariants can fail on the ways a stream breaks: a record duplicated,
/// an answer dropped, records out of order.
@Suite struct SoakCheckerMutationTests {
    static func at(_ milliseconds: Int64) -> Instant { .zero + .milliseconds(milliseconds) }

    /// One press, one photo: the stream a short press gives.
    static let stream: [TimedEvent] = [
        TimedEvent(time: at(1030), record: .state(from: "idle", to: "previewing")),
        TimedEvent(time: at(1200), record: .state(from: "previewing", to: "capturing")),
        TimedEvent(time: at(1320), record: .capture(shot: 1, orientation: .leftUp, stale: false, file: "IMG_0001.jpg")),
        TimedEvent(time: at(1320), record: .state(from: "capturing", to: "previewing")),
    ]

    static func check(_ stream: [TimedEvent]) -> SoakChecker {
        var checker = SoakChecker()
        checker.pressFed(at: at(1000))
        for event in stream { checker.observe(event, journaled: true) }
        checker.checkpoint(at: at(8000))
        return checker
    }

    @Test func theStreamAsItIsPasses() {
        #expect(Self.check(Self.stream).violation == nil)
    }

    @Test func aDuplicatedCaptureFails() {
        var stream = Self.stream
        stream.insert(stream[2], at: 3)
        #expect(Self.check(stream).violation?.message == "shot 1 answered after shot 1 (twice, or out of order)")
    }

    @Test func aDroppedAnswerFails() {
        var stream = Self.stream
        stream.remove(at: 2)
        #expect(Self.check(stream).violation?.message == "1 of 1 presses since the last checkpoint have no capture or rejection record")
    }

    @Test func recordsOutOfOrderFail() {
        var stream = Self.stream
        stream.swapAt(1, 2)
        #expect(Self.check(stream).violation?.message == "state record at 1.2 s after one at 1.32 s: records out of order")
    }
}
