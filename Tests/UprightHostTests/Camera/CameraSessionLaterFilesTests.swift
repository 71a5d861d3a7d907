import Glibc
import Testing
import UprightCore
@testable import UprightHost
import UprightTestSupport

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// A files port that finishes files only when the test says, as a slow card does: it keeps the
/// jobs, and `finishAll` does them in order with the files they were given.
final class HeldFileWork: CameraFileWork {
    private(set) var jobs: [CameraFileJob] = []
    private var held: [(job: CameraFileJob, files: CameraFiles)] = []
    private var outcomes: [CameraFileOutcome] = []

    func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission {
        jobs.append(job)
        held.append((job, files))
        return .accepted
    }

    func nextOutcome(through now: Instant) -> CameraFileOutcome? { outcomes.isEmpty ? nil : outcomes.removeFirst() }

    /// Not polled here.
    var readyDescriptor: Int32? { 99 }

    var finishesLater: Bool { true }

    func finishAll() {
        for (job, files) in held {
            if let outcome = files.carryOut(job) { outcomes.append(outcome) }
        }
        held.removeAll()
    }
}

/// The camera session over a files port that finishes later (a Pi's thread on a slow card):
/// the answers wait for the files, the camera does not; a photo handed over is said taken.
@Suite struct CameraSessionLaterFilesTests {
    typealias Session = CameraSession<ScriptedProcesses>

    let directory = TemporaryDirectory()
    let work = HeldFileWork()
    var files: CameraFiles { CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4")) }

    func session() -> Session {
        Session(processes: ScriptedProcesses(), settings: CameraSessionSettings(readyDelay: .milliseconds(800)), files: files, fileWork: work)
    }

    func completions(_ session: inout Session, at now: Instant) -> [CameraCompletion] {
        var out: [CameraCompletion] = []
        while let report = session.nextCompletion(through: now, now: now), out.count < 20 { out.append(report.completion) }
        return out
    }

    /// The server started and ready, photo 1 ordered at 1000 ms and its file closed at 1100:
    /// what the session answers by 1200.
    func photoClosed(_ camera: inout Session, orientation: UprightOrientation) throws -> [CameraCompletion] {
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: orientation, touchedAt: ms(980)), at: ms(1000))
        try MediaFixtures.plainJPEG.write(to: files.serverPhoto(index: 0))
        camera.processes.events = [.photoClosed(index: 0, exposedAt: ms(1100))]
        return completions(&camera, at: ms(1200))
    }

    /// A photo is answered once its file is finished, at the look that finds it so, with the
    /// exposure's time; the server takes the next photo meanwhile.
    @Test func aPhotoIsAnsweredWhenItsFileIsFinishedAndTheServerGoesOnMeanwhile() throws {
        defer { directory.remove() }
        var camera = session()
        // Taken: the capture timeout is the camera's, and the card has it now.
        #expect(try photoClosed(&camera, orientation: .leftUp) == [.captureTaken(shot: 1)])
        #expect(work.jobs == [.finishPhoto(at: directory.path + "/.upright-still-0000.jpg", shot: 1, orientation: .leftUp)])
        #expect(camera.isFinishingFiles)
        #expect(camera.isBusy)
        camera.perform(.capturePhoto(shot: 2, orientation: .normal, touchedAt: ms(1280)), at: ms(1300))
        #expect(camera.processes.calls.filter { $0 == .requestPhoto }.count == 2)
        work.finishAll()
        #expect(completions(&camera, at: ms(3000)) == [.captureFinished(shot: 1, exposedAt: ms(1100), waited: .zero)])
        #expect(!camera.isFinishingFiles)
        #expect(try JPEGOrientationPatcher.orientation(of: try TestFile.bytes(directory.path + "/IMG_0001.jpg")) == 6)
        #expect(camera.written == [directory.path + "/IMG_0001.jpg"])
    }

    /// A clip's stop gives the camera back to the still server at once; the clip is answered
    /// once its file is finished and named.
    @Test func aClipIsAnsweredWhenItsFileIsFinishedAndTheServerStartsMeanwhile() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.startRecording(clip: 3, orientation: .leftUp), at: ms(1000))
        camera.processes.events = [.exited(.stillServer, .clean)]
        _ = completions(&camera, at: ms(1100))
        #expect(completions(&camera, at: ms(1900)) == [.recordingStarted(clip: 3)])
        camera.perform(.stopRecording(clip: 3), at: ms(5000))
        try MediaFixtures.mp4().write(to: files.pendingClip(clip: 3))
        camera.processes.events = [.exited(.video(clip: 3), .clean)]
        #expect(completions(&camera, at: ms(5150)).isEmpty)
        #expect(work.jobs == [.finishClip(clip: 3, orientation: .leftUp)])
        #expect(camera.processes.calls.last == .start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg"))
        work.finishAll()
        #expect(completions(&camera, at: ms(9000)) == [.recordingStopped(clip: 3)])
        #expect(try MP4RotationPatcher.rotationDegrees(of: try TestFile.bytes(directory.path + "/CLIP_0003.mp4")) == 90)
    }

    /// A photo given up while its file is being finished: once written, its file is removed,
    /// by the port too, and it is never answered.
    @Test func aPhotoAbandonedWhileItsFileIsFinishedIsRemovedOnceWritten() throws {
        defer { directory.remove() }
        var camera = session()
        #expect(try photoClosed(&camera, orientation: .normal) == [.captureTaken(shot: 1)])
        camera.perform(.abandonPhoto(shot: 1), at: ms(1500))
        work.finishAll()
        #expect(completions(&camera, at: ms(2000)).isEmpty)
        #expect(work.jobs.last == .discard(directory.path + "/IMG_0001.jpg"))
        #expect(POSIXFile.exists(directory.path + "/IMG_0001.jpg"))
        work.finishAll()
        #expect(!POSIXFile.exists(directory.path + "/IMG_0001.jpg"))
        #expect(!camera.isFinishingFiles)
    }
}
