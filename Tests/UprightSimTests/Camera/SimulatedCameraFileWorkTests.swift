#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The Pi's files worker modelled over a card: one job at a time in order, each taking the
/// card's flushes, outcomes ready when the job ends, a full queue refusing at once; and what
/// the camera session and the soak make of it.
@Suite struct SimulatedCameraFileWorkTests {
    let files = CameraFiles(outputDirectory: "/nonexistent-upright-directory", naming: MediaNaming(clipExtension: "mov"))

    func photo(_ shot: UInt32) -> CameraFileJob { .finishPhoto(at: "/nonexistent-upright-directory/p\(shot).jpg", shot: shot, orientation: .normal) }

    /// 300 ms a flush, three flushes a photo: the first ends at 900 ms, the next at 1800 ms; a
    /// queue of one takes the second and refuses the third until the first has ended.
    @Test func jobsEndInOrderAtTheCardsTimesAndAFullQueueRefuses() {
        let card = SimCard(flushMilliseconds: 300, stallProbability: 0, stallMilliseconds: 0, queueCapacity: 1)
        var work = SimulatedCameraFileWork(card: card, generator: SeededGenerator(seed: 1))
        #expect(work.finishesLater)
        #expect(work.submit(photo(1), files: files, at: ms(0)) == .accepted)
        #expect(work.submit(photo(2), files: files, at: ms(0)) == .accepted)
        #expect(work.submit(photo(3), files: files, at: ms(100)) == .full)
        #expect(work.nextOutcomeTime == ms(900))
        #expect(work.nextOutcome(through: ms(899)) == nil)
        #expect(work.nextOutcome(through: ms(900))?.event == .photoNotWritten(shot: 1, storage: false))
        #expect(work.nextOutcomeTime == ms(1800))
        #expect(work.submit(photo(3), files: files, at: ms(900)) == .accepted)
        #expect(work.nextOutcome(through: ms(5000))?.event == .photoNotWritten(shot: 2, storage: false))
        #expect(work.nextOutcome(through: ms(5000))?.event == .photoNotWritten(shot: 3, storage: false))
        #expect(work.nextOutcome(through: ms(5000)) == nil)
        #expect(work.jobsInHand == 0)
    }

    /// An instant card ends a job as it is handed over: the session's answer comes at once,
    /// as the step's files port's did.
    @Test func anInstantCardEndsAJobAsItIsHandedOver() {
        var work = SimulatedCameraFileWork(card: .instant, generator: SeededGenerator(seed: 1))
        #expect(work.submit(photo(4), files: files, at: ms(250)) == .accepted)
        #expect(work.nextOutcome(through: ms(250))?.event == .photoNotWritten(shot: 4, storage: false))
        #expect(work.nextOutcomeTime == nil)
    }

    /// The simulator's camera says a photo handed to its files is taken before it is finished,
    /// as a Pi's does (`captureTaken`, then `captureFinished` once the card is done).
    @Test func thePhotoIsSaidTakenOnTheSimulatorPathAsOnAPi() throws {
        let directory = temporaryDirectory()
        var board = try SimulationTests.board()
        if case .simulated(var small) = board.camera.backend {
            (small.widthPixels, small.heightPixels) = (16, 12)
            board.camera.backend = .simulated(small)
        }
        let card = SimCard(flushMilliseconds: 300, stallProbability: 0, stallMilliseconds: 0)
        var camera = SimCamera.simulated(camera: board.camera, outputDirectory: directory, card: card) { _ in
            MotionPose(angleDegrees: 0, tiltDegrees: 0)
        }
        var completions: [(CameraCompletion, Instant)] = []
        func run(until limit: Instant) {
            // Bounded: each turn takes a completion or moves to a later deadline.
            for _ in 0..<1_000 {
                let now = camera.nextDeadline.map { min($0, limit) } ?? limit
                while let report = camera.nextCompletion(through: now, now: now) { completions.append((report.completion, report.time)) }
                if now >= limit { return }
            }
        }
        camera.perform(.startPreview, at: ms(0))
        run(until: ms(3000))
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: ms(3000)), at: ms(3000))
        run(until: ms(8000))
        let photo = completions.filter {
            switch $0.0 {
            case .captureTaken(1), .captureFinished(1, _, _): true
            default: false
            }
        }
        #expect(photo.count == 2)
        guard photo.count == 2, case .captureTaken = photo[0].0, case .captureFinished = photo[1].0 else {
            Issue.record("taken, then finished: \(photo)")
            return
        }
        // The card's 900 ms lie between the two.
        #expect(photo[1].1 - photo[0].1 == .milliseconds(900))
        #expect(POSIXFile.exists(directory + "/IMG_0001.jpg"))
    }

    /// A file's outcome is answered at the time its job ended, not at the look that took it:
    /// the photo said taken at 3.706 s, a look at 8.706 s (the runtime still at 3.706 s, as an
    /// engine whose samples lag) finds the card done at 4.606 s (900 ms on), and the photo is
    /// finished then (on the code before, at the look: 8.706 s).
    @Test func anOutcomeIsAnsweredAtTheTimeItsJobEnded() throws {
        var board = try SimulationTests.board()
        if case .simulated(var small) = board.camera.backend {
            (small.widthPixels, small.heightPixels) = (16, 12)
            board.camera.backend = .simulated(small)
        }
        let card = SimCard(flushMilliseconds: 300, stallProbability: 0, stallMilliseconds: 0)
        var camera = SimCamera.simulated(camera: board.camera, outputDirectory: temporaryDirectory(), card: card) { _ in
            MotionPose(angleDegrees: 0, tiltDegrees: 0)
        }
        var taken: Instant?
        /// Looks at each of the camera's deadlines up to `limit`, as an engine would.
        func run(until limit: Instant) {
            // Bounded: each turn takes a completion or moves to a later deadline.
            for _ in 0..<1_000 where taken == nil {
                let now = camera.nextDeadline.map { min($0, limit) } ?? limit
                while let report = camera.nextCompletion(through: now, now: now) {
                    if case .captureTaken(1) = report.completion { taken = report.time }
                }
                if now >= limit { return }
            }
        }
        camera.perform(.startPreview, at: ms(0))
        run(until: ms(3000))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(3000)), at: ms(3000))
        run(until: ms(8000))
        let time = try #require(taken)
        #expect(time == ms(3706))
        #expect(camera.nextCompletion(through: time, now: time + .seconds(5)) == nil)
        #expect(camera.nextDeadline == time + .milliseconds(900))
        let finished = camera.nextCompletion(through: time + .milliseconds(900), now: time + .seconds(5))
        #expect(finished?.time == time + .milliseconds(900))
        if case .captureFinished(1, _, _) = finished?.completion {} else { Issue.record("not finished: \(String(describing: finished))") }
    }

    /// Swarm seed 150's soak: a card of 2 s a flush whose files worker lets no job wait; a clip
    /// or a discard behind a photo fills it, the session holds what it refuses, and the engine
    /// journals `camera-files` with the wait (first at 865.775 s); every invariant still holds
    /// (every press answered, every capture's file there).
    @Test func aSoakOnASlowCardWithAFullQueueJournalsCameraFiles() throws {
        let directory = temporaryDirectory()
        let mix = SoakMix.drawn(seed: 150)
        #expect(mix.card == SimCard(flushMilliseconds: 2000, stallProbability: 0, stallMilliseconds: 30_000, queueCapacity: 0))
        let report = try Soak(board: try SoakRunTests.board(), seed: 150, hours: 0.3, directory: directory, mix: mix).run()
        #expect(report.violation == nil)
        #expect(report.passed)
        let journal = try Journal.lines(at: report.journalPath)
        let bounds = journal.filter { $0.contains(#""bound":"camera-files""#) }
        #expect(!bounds.isEmpty)
        #expect(bounds.allSatisfy { $0.contains(#""lost":0,"waited":"#) })
        #expect(bounds.first?.contains("the camera held them for the card for ") == true)
    }
}
