import Glibc
import FoundationEssentials
import Testing
import UprightCore
@testable import UprightHost
import UprightTestSupport

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// A process edge the test drives: it records what the session asks, and the test says what
/// the programs did (and writes their files).
struct ScriptedProcesses: CameraProcesses {
    enum Call: Equatable {
        case start(CameraProgram, output: String)
        case requestPhoto
        case stop
        case kill
    }

    var calls: [Call] = []
    /// The moments the photos asked for are of, in order.
    var touches: [Instant] = []
    var events: [CameraProcessEvent] = []
    /// Programs started and not yet ended: the session must keep it at most 1.
    var alive = 0
    var mostAlive = 0

    mutating func start(_ program: CameraProgram, output: String, orientation: UprightOrientation?, at now: Instant) -> Bool {
        calls.append(.start(program, output: output))
        alive += 1
        mostAlive = max(mostAlive, alive)
        return true
    }

    mutating func requestPhoto(touchedAt: Instant, at now: Instant) {
        calls.append(.requestPhoto)
        touches.append(touchedAt)
    }
    mutating func stop(at now: Instant) { calls.append(.stop) }
    mutating func kill(at now: Instant) { calls.append(.kill) }

    mutating func nextEvent(now: Instant) -> CameraProcessEvent? {
        guard !events.isEmpty else { return nil }
        let event = events.removeFirst()
        if case .exited = event { alive -= 1 }
        return event
    }

    var nextDeadline: Instant? { nil }
}

/// The camera session's rules on a scripted process edge: literal orders, signals and
/// completions, and real files in a scratch directory.
@Suite struct CameraSessionTests {
    typealias Session = CameraSession<ScriptedProcesses>

    let directory = TemporaryDirectory()
    var files: CameraFiles { CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4")) }

    func session(_ settings: CameraSessionSettings = CameraSessionSettings(readyDelay: .milliseconds(800))) -> Session {
        Session(processes: ScriptedProcesses(), settings: settings, files: files)
    }

    func completions(_ session: inout Session, at now: Instant) -> [CameraCompletion] {
        var out: [CameraCompletion] = []
        while let report = session.nextCompletion(through: now, now: now), out.count < 20 { out.append(report.completion) }
        return out
    }

    /// The file the still server's photo `index` is: a small whole JPEG.
    func writePhoto(index: Int) throws {
        try MediaFixtures.plainJPEG.write(to: files.serverPhoto(index: index))
    }

    @Test func previewStartsTheServerAndAPhotoWaitsForItToBeReady() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(1000))
        #expect(camera.processes.calls == [.start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg")])
        // Pressed while it starts: no signal before it is ready (a signal would end rpicam).
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: ms(1280)), at: ms(1300))
        #expect(camera.nextDeadline == ms(1800))
        #expect(completions(&camera, at: ms(1799)).isEmpty)
        #expect(camera.processes.calls.last == .start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg"))
        #expect(completions(&camera, at: ms(1800)).isEmpty)
        #expect(camera.processes.calls.last == .requestPhoto)
        // Its file, closed at 2500 ms: finished with the latched orientation, named IMG_0001.
        try writePhoto(index: 0)
        camera.processes.events = [.photoClosed(index: 0, exposedAt: nil)]
        #expect(completions(&camera, at: ms(2500)) == [.captureFinished(shot: 1, exposedAt: ms(2500), waited: .milliseconds(500))])
        let photo = try TestFile.bytes(directory.path + "/IMG_0001.jpg")
        #expect(try JPEGOrientationPatcher.orientation(of: photo) == 6)
        #expect(!POSIXFile.exists(files.serverPhoto(index: 0)))
        // A second photo on the warm server: signalled at once, no wait, the next file.
        camera.perform(.capturePhoto(shot: 2, orientation: .normal, touchedAt: ms(3980)), at: ms(4000))
        #expect(camera.processes.calls.last == .requestPhoto)
        try writePhoto(index: 1)
        camera.processes.events = [.photoClosed(index: 1, exposedAt: ms(4400))]
        #expect(completions(&camera, at: ms(4700)) == [.captureFinished(shot: 2, exposedAt: ms(4400), waited: .zero)])
        #expect(try JPEGOrientationPatcher.orientation(of: try TestFile.bytes(directory.path + "/IMG_0002.jpg")) == 1)
        // Each photo was asked for with its own touch's moment.
        #expect(camera.processes.touches == [ms(1280), ms(3980)])
        // Back to idle: the server is stopped, and once it has exited nothing runs.
        camera.perform(.stopPreview, at: ms(9000))
        #expect(camera.processes.calls.last == .stop)
        camera.processes.events = [.exited(.stillServer, .clean)]
        #expect(completions(&camera, at: ms(9100)).isEmpty)
        #expect(!camera.isBusy)
        #expect(camera.processes.mostAlive == 1)
    }

    /// A server its first photo signal ends had not installed its handler yet (slower than
    /// `ready_ms`): started again at once, signalled twice as late (1600 ms), the photo kept
    /// first in line and taken, no fault.
    @Test func aServerNotReadyAtItsFirstSignalIsGivenLongerAndThePhotoIsTaken() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        camera.perform(.capturePhoto(shot: 1, orientation: .rightUp, touchedAt: ms(80)), at: ms(100))
        #expect(completions(&camera, at: ms(800)).isEmpty)
        #expect(camera.processes.calls.last == .requestPhoto)
        camera.processes.events = [.exited(.stillServer, .signalled(10))]
        #expect(completions(&camera, at: ms(850)).isEmpty)
        #expect(camera.processes.calls.suffix(2) == [.requestPhoto, .start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg")])
        #expect(camera.nextDeadline == ms(850 + 1600))
        #expect(completions(&camera, at: ms(2449)).isEmpty)
        #expect(camera.processes.calls.last != .requestPhoto)
        #expect(completions(&camera, at: ms(2450)).isEmpty)
        #expect(camera.processes.calls.last == .requestPhoto)
        try writePhoto(index: 0)
        camera.processes.events = [.photoClosed(index: 0, exposedAt: ms(2900))]
        #expect(completions(&camera, at: ms(3200)) == [.captureFinished(shot: 1, exposedAt: ms(2900), waited: .milliseconds(2350))])
        #expect(try JPEGOrientationPatcher.orientation(of: try TestFile.bytes(directory.path + "/IMG_0001.jpg")) == 8)
        #expect(camera.processes.mostAlive == 1)
    }

    /// No room for a photo (the output's file system gone: statvfs fails, as for a card pulled
    /// or failing): the order fails after a `storage` fault, reported once; the file system is
    /// looked at again every second, `recovered` once it is back, and photos are taken again.
    /// A reserve above any free space is full too.
    @Test func noRoomFailsTheOrderWithAStorageFaultUntilSpaceReturns() throws {
        defer { directory.remove() }
        let gone = directory.path + "/card"
        var camera = Session(
            processes: ScriptedProcesses(), settings: CameraSessionSettings(readyDelay: .milliseconds(800)),
            files: CameraFiles(outputDirectory: gone, naming: MediaNaming(clipExtension: "mp4")))
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: ms(980)), at: ms(1000))
        #expect(completions(&camera, at: ms(1000)) == [.fault(.storage), .captureFailed(shot: 1)])
        camera.perform(.startRecording(clip: 1, orientation: .normal), at: ms(1200))
        #expect(completions(&camera, at: ms(1200)) == [.recordingFailed(clip: 1)])
        #expect(camera.processes.calls.isEmpty)
        #expect(camera.nextDeadline == ms(2200))
        #expect(completions(&camera, at: ms(2200)).isEmpty) // still gone: looked at again at 3200
        #expect(mkdir(gone, 0o755) == 0)
        #expect(completions(&camera, at: ms(3199)).isEmpty)
        #expect(completions(&camera, at: ms(3200)) == [.recovered(.storage)])
        camera.perform(.capturePhoto(shot: 2, orientation: .leftUp, touchedAt: ms(3980)), at: ms(4000))
        #expect(camera.processes.calls == [.start(.stillServer, output: gone + "/.upright-still-%04d.jpg")])

        let full = CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4"), reserveBytes: UInt64.max)
        #expect(full.storage.problem()?.hasSuffix("(output.reserve_mb)") == true)
        #expect(files.storage.problem() == nil)
    }

    /// A write the storage refused (ENOSPC, EIO, EROFS) is the storage's failure; a bad file is not.
    @Test func storageFailuresAreTheErrnosOfAFullOrFailingCard() {
        #expect(StorageCheck.isStorageFailure(28)) // ENOSPC
        #expect(StorageCheck.isStorageFailure(5)) // EIO
        #expect(StorageCheck.isStorageFailure(30)) // EROFS
        #expect(StorageCheck.isStorageFailure(122)) // EDQUOT
        #expect(!StorageCheck.isStorageFailure(2)) // ENOENT
        #expect(!StorageCheck.isStorageFailure(nil))
    }

    /// A clip takes the camera from the server and gives it back: stop the server, wait for
    /// its exit, start the recorder, recording once it is ready, SIGINT, the rotation written
    /// into the finished file and its name given, then the server again (still previewing).
    @Test func aClipStopsTheServerRecordsAndStartsItAgain() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.startRecording(clip: 3, orientation: .leftUp), at: ms(1000))
        #expect(camera.processes.calls.last == .stop)
        #expect(camera.processes.calls.filter { if case .start = $0 { true } else { false } }.count == 1)
        camera.processes.events = [.exited(.stillServer, .clean)]
        #expect(completions(&camera, at: ms(1100)).isEmpty)
        #expect(camera.processes.calls.last == .start(.video(clip: 3), output: directory.path + "/.upright-clip-0003.mp4"))
        #expect(completions(&camera, at: ms(1900)) == [.recordingStarted(clip: 3)])
        camera.perform(.stopRecording(clip: 3), at: ms(5000))
        #expect(camera.processes.calls.last == .stop)
        try MediaFixtures.mp4().write(to: files.pendingClip(clip: 3))
        camera.processes.events = [.exited(.video(clip: 3), .clean)]
        #expect(completions(&camera, at: ms(5150)) == [.recordingStopped(clip: 3)])
        // Rotation 90 for left-up: matrix (0, 1, -1, 0).
        let movie = try TestFile.bytes(directory.path + "/CLIP_0003.mp4")
        #expect(try MP4RotationPatcher.rotationDegrees(of: movie) == 90)
        #expect(camera.processes.calls.last == .start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg"))
        #expect(camera.processes.mostAlive == 1)
    }

    /// A clip stopped while the still server was still handing the camera over: no recorder is
    /// started, and the clip fails (the machine journaled its record-stop, naming a file that
    /// will never be).
    @Test func aClipStoppedBeforeItsRecorderStartedFails() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.startRecording(clip: 3, orientation: .leftUp), at: ms(1000))
        camera.perform(.stopRecording(clip: 3), at: ms(1050))
        camera.processes.events = [.exited(.stillServer, .clean)]
        #expect(completions(&camera, at: ms(1100)) == [.recordingFailed(clip: 3)])
        #expect(!camera.processes.calls.contains { if case .start(.video, _) = $0 { true } else { false } })
        #expect(!POSIXFile.exists(directory.path + "/CLIP_0003.mp4"))
    }

    /// A stop asked while the recorder is still starting waits for it to be ready (SIGINT
    /// before its handler would end it and leave a broken file).
    @Test func aStopWhileTheRecorderStartsWaitsForIt() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startRecording(clip: 1, orientation: .normal), at: ms(0))
        camera.perform(.stopRecording(clip: 1), at: ms(300))
        #expect(camera.processes.calls == [.start(.video(clip: 1), output: directory.path + "/.upright-clip-0001.mp4")])
        #expect(completions(&camera, at: ms(800)) == [.recordingStarted(clip: 1)])
        #expect(camera.processes.calls.last == .stop)
    }

    /// A program that dies is a fault, reported once; it is started again after the backoff
    /// (0.5 s, then 1 s) and the fault recovered once it is ready. The photo it was taking fails.
    @Test func aDyingServerIsRestartedWithBackoffAndItsPhotoFails() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(980)), at: ms(1000))
        camera.processes.events = [.exited(.stillServer, .signalled(11))]
        #expect(completions(&camera, at: ms(1200)) == [.captureFailed(shot: 1), .fault(.died)])
        #expect(camera.nextDeadline == ms(1700))
        #expect(completions(&camera, at: ms(1700)).isEmpty)
        #expect(camera.processes.calls.last == .start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg"))
        // Dies again while starting: 1 s this time, no second fault record.
        camera.processes.events = [.exited(.stillServer, .signalled(11))]
        #expect(completions(&camera, at: ms(1800)).isEmpty)
        #expect(camera.nextDeadline == ms(2800))
        _ = completions(&camera, at: ms(2800))
        #expect(completions(&camera, at: ms(3600)) == [.recovered(.died)])
        #expect(
            camera.takeProblems() == [
                "photo 1: the still server ended while taking it (was ended by signal 11)", "still server was ended by signal 11",
                "still server was ended by signal 11",
            ])
    }

    /// A photo not written within its bound (3 s): the program is killed, the photo fails at
    /// once, a `camera-hung` fault.
    @Test func aHungServerIsKilledAndItsPhotoFails() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(980)), at: ms(1000))
        #expect(camera.nextDeadline == ms(4000))
        #expect(completions(&camera, at: ms(4000)) == [.captureFailed(shot: 1)])
        #expect(camera.processes.calls.last == .kill)
        camera.processes.events = [.exited(.stillServer, .signalled(9))]
        #expect(completions(&camera, at: ms(4010)) == [.fault(.hung)])
    }

    /// rpicam's exit 255 before it was ready: the camera cannot be acquired. The photo waiting
    /// fails at once rather than at the capture timeout.
    @Test func aCameraThatCannotBeAcquiredFailsThePhotosWaiting() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(80)), at: ms(100))
        camera.processes.events = [.exited(.stillServer, .failed(status: 255))]
        #expect(completions(&camera, at: ms(300)) == [.captureFailed(shot: 1), .fault(.unavailable)])
    }

    /// A photo abandoned (its capture timed out) while its program is at it: its file is thrown
    /// away when it comes, and nothing is reported.
    @Test func anAbandonedPhotoLeavesNoFile() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(980)), at: ms(1000))
        camera.perform(.abandonPhoto(shot: 1), at: ms(1500))
        try writePhoto(index: 0)
        camera.processes.events = [.photoClosed(index: 0, exposedAt: nil)]
        #expect(completions(&camera, at: ms(1600)).isEmpty)
        #expect(!POSIXFile.exists(files.serverPhoto(index: 0)))
        #expect(!POSIXFile.exists(directory.path + "/IMG_0001.jpg"))
    }

    /// A program that closes a photo it did not finish (it died while writing): not a whole
    /// JPEG, so the photo fails and no file takes its name.
    @Test func aTornPhotoFails() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(980)), at: ms(1000))
        try Array(MediaFixtures.plainJPEG.prefix(40)).write(to: files.serverPhoto(index: 0))
        camera.processes.events = [.photoClosed(index: 0, exposedAt: nil)]
        #expect(completions(&camera, at: ms(1600)) == [.captureFailed(shot: 1)])
        #expect(!POSIXFile.exists(directory.path + "/IMG_0001.jpg"))
    }

    /// The same torn photo on a card with no room (the camera program could not write all of
    /// it): the storage's failure, a `storage` fault before the failed photo.
    @Test func aTornPhotoOnAFullCardIsAStorageFault() throws {
        defer { directory.remove() }
        var camera = Session(
            processes: ScriptedProcesses(), settings: CameraSessionSettings(readyDelay: .milliseconds(800)),
            files: CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4")))
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(980)), at: ms(1000))
        try Array(MediaFixtures.plainJPEG.prefix(40)).write(to: files.serverPhoto(index: 0))
        camera.files.storage.reserveBytes = UInt64.max // the card filled meanwhile
        camera.processes.events = [.photoClosed(index: 0, exposedAt: nil)]
        #expect(completions(&camera, at: ms(1600)) == [.fault(.storage), .captureFailed(shot: 1)])
        #expect(!POSIXFile.exists(files.serverPhoto(index: 0)))
    }

    /// rpicam exits with a failure when it cannot open its file; on a card with no room that
    /// is a `storage` fault, not `camera-unavailable`: the photos waiting fail, the server is
    /// started again after its backoff, and the fault is `recovered` once there is room.
    @Test func aProgramThatFailsOnAFullCardIsAStorageFault() throws {
        defer { directory.remove() }
        var camera = session()
        camera.perform(.startPreview, at: ms(0))
        _ = completions(&camera, at: ms(800))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: ms(980)), at: ms(1000))
        camera.perform(.capturePhoto(shot: 2, orientation: .normal, touchedAt: ms(990)), at: ms(1010))
        camera.files.storage.reserveBytes = UInt64.max
        camera.processes.events = [.exited(.stillServer, .failed(status: 255))]
        #expect(completions(&camera, at: ms(1100)) == [.fault(.storage), .captureFailed(shot: 1), .captureFailed(shot: 2)])
        camera.files.storage.reserveBytes = 0
        #expect(completions(&camera, at: ms(2100)) == [.recovered(.storage)])
        #expect(camera.processes.calls.filter { if case .start = $0 { true } else { false } }.count == 2)
    }

    /// One-shot mode: each photo is its own program, one after the other, never two at once.
    @Test func oneShotModeRunsOneCommandPerPhotoInTurn() throws {
        defer { directory.remove() }
        var camera = session(CameraSessionSettings(mode: .oneShot))
        camera.perform(.startPreview, at: ms(0))
        #expect(camera.processes.calls.isEmpty)
        camera.perform(.capturePhoto(shot: 1, orientation: .bottomUp, touchedAt: ms(80)), at: ms(100))
        camera.perform(.capturePhoto(shot: 2, orientation: .normal, touchedAt: ms(130)), at: ms(150))
        #expect(camera.processes.calls == [.start(.oneShot(shot: 1), output: directory.path + "/.upright-shot-0001.jpg")])
        try MediaFixtures.plainJPEG.write(to: files.oneShotPhoto(shot: 1))
        camera.processes.events = [.exited(.oneShot(shot: 1), .clean)]
        #expect(completions(&camera, at: ms(1500)) == [.captureFinished(shot: 1, exposedAt: ms(1500), waited: .zero)])
        #expect(camera.processes.calls.last == .start(.oneShot(shot: 2), output: directory.path + "/.upright-shot-0002.jpg"))
        #expect(try JPEGOrientationPatcher.orientation(of: try TestFile.bytes(directory.path + "/IMG_0001.jpg")) == 3)
        #expect(camera.processes.mostAlive == 1)
    }
}

extension Array where Element == UInt8 {
    /// Writes the bytes to `path` (a test fixture).
    func write(to path: String) throws {
        try AtomicFile.write(self, to: path)
    }
}
