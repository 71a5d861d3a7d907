import Glibc
import Testing
import UprightCore
import UprightHost
@testable import UprightLinux

/// The camera session over real processes: the rpicam stand-ins (Tests/CameraStandIn) run as
/// children, signalled and watched through pidfds and inotify. Time is real here (children run
/// in it); waits are bounded, never asserted on.
@Suite struct RpicamProcessesTests {
    func exif(_ path: String) throws -> UInt16? {
        try JPEGOrientationPatcher.orientation(of: POSIXFile.readAll(path, limit: 1 << 20))
    }

    func captured(_ completions: [CameraCompletion]) -> [UInt32] {
        completions.compactMap { if case .captureFinished(let shot, _, _) = $0 { shot } else { nil } }
    }

    /// One still server for both photos, each file with its own shot's orientation; the first
    /// photo, ordered as the server starts, waits for it to be ready (1 s).
    @Test func oneServerTakesTwoPhotosEachWithItsOwnOrientation() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        var camera = try rig.camera()
        camera.perform(.startPreview, at: monotonicNow())
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: .zero), at: monotonicNow())
        let first = camera.run { $0.count >= 1 }
        guard case .captureFinished(1, _, let waited)? = first.first else {
            Issue.record("photo 1: \(first), \(camera.takeProblems())")
            return
        }
        #expect(waited >= .milliseconds(950))
        camera.perform(.capturePhoto(shot: 2, orientation: .normal, touchedAt: .zero), at: monotonicNow())
        let second = camera.run { $0.count >= 1 }
        #expect(captured(second) == [2])
        #expect(try exif(rig.output + "/IMG_0001.jpg") == 6)
        #expect(try exif(rig.output + "/IMG_0002.jpg") == 1)
        #expect(camera.isBusy)

        camera.perform(.stopPreview, at: monotonicNow())
        #expect(camera.runUntilIdle().isEmpty)
        #expect(rig.names() == ["IMG_0001.jpg", "IMG_0002.jpg"])
        #expect(rig.log.filter { $0.contains(" still start ") }.count == 1)
        #expect(rig.log.last?.hasSuffix(" still exit 0") == true)
        #expect(rig.violations.isEmpty)
        #expect(camera.takeProblems().isEmpty)
    }

    /// A clip stops the server, records with the clip's rotation in its track matrix (the
    /// stand-in's MP4 has identity), then the server starts again for the preview: one owner
    /// throughout.
    @Test func aClipTakesTheCameraFromTheServerAndGivesItBack() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        var camera = try rig.camera()
        camera.perform(.startPreview, at: monotonicNow())
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero), at: monotonicNow())
        #expect(captured(camera.run { $0.count >= 1 }) == [1])
        camera.perform(.startRecording(clip: 1, orientation: .leftUp), at: monotonicNow())
        #expect(camera.run { $0.count >= 1 } == [.recordingStarted(clip: 1)])
        camera.perform(.stopRecording(clip: 1), at: monotonicNow())
        #expect(camera.run { $0.count >= 1 } == [.recordingStopped(clip: 1)])
        let clip = try POSIXFile.readAll(rig.output + "/CLIP_0001.mp4", limit: 1 << 20)
        #expect(try MP4RotationPatcher.rotationDegrees(of: clip) == 90)

        // The preview's server is back: a photo works.
        camera.perform(.capturePhoto(shot: 2, orientation: .rightUp, touchedAt: .zero), at: monotonicNow())
        #expect(captured(camera.run { $0.count >= 1 }) == [2])
        #expect(try exif(rig.output + "/IMG_0002.jpg") == 8)
        camera.perform(.stopPreview, at: monotonicNow())
        _ = camera.runUntilIdle()
        #expect(rig.names() == ["CLIP_0001.mp4", "IMG_0001.jpg", "IMG_0002.jpg"])
        let starts = rig.log.filter { $0.contains(" start ") }.map { $0.split(separator: " ")[1] }
        #expect(starts == ["still", "vid", "still"])
        #expect(rig.violations.isEmpty)
    }

    /// A server killed half-way through a photo (the kernel closes the torn file): that photo
    /// fails and leaves nothing, the fault is reported once, the server comes back after the
    /// backoff and the next photo is whole.
    @Test func aServerThatCrashesMidPhotoFailsItAndComesBack() throws {
        let rig = StandInCamera(environment: ["CAMERA_STAND_IN_FAULT": "crash-on-capture", "CAMERA_STAND_IN_FAULT_AFTER": "1"])
        defer { rig.remove() }
        var camera = try rig.camera()
        camera.perform(.startPreview, at: monotonicNow())
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero), at: monotonicNow())
        #expect(captured(camera.run { $0.count >= 1 }) == [1])
        camera.perform(.capturePhoto(shot: 2, orientation: .normal, touchedAt: .zero), at: monotonicNow())
        #expect(camera.run { $0.count >= 2 } == [.captureFailed(shot: 2), .fault(.died)])
        #expect(camera.run { $0.count >= 1 } == [.recovered(.died)])
        camera.perform(.capturePhoto(shot: 3, orientation: .bottomUp, touchedAt: .zero), at: monotonicNow())
        #expect(captured(camera.run { $0.count >= 1 }) == [3])
        #expect(try exif(rig.output + "/IMG_0003.jpg") == 3)
        camera.perform(.stopPreview, at: monotonicNow())
        _ = camera.runUntilIdle()
        #expect(rig.names() == ["IMG_0001.jpg", "IMG_0003.jpg"])
        #expect(camera.takeProblems().contains("still server was ended by signal 11"))
        #expect(rig.violations.isEmpty)
    }

    /// Another process owns the camera (the stand-in refuses as libcamera does, exit 255): the
    /// camera is unavailable and the photo waiting fails at once rather than at its timeout.
    @Test func aCameraOwnedByAnotherProcessIsUnavailable() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        // The owner: this test's own process (alive, not a zombie).
        mkdir(rig.lock, 0o755)
        try AtomicFile.write(Array("still\n".utf8), to: rig.lock + "/mode")
        try AtomicFile.write(Array("\(getpid())\n".utf8), to: rig.lock + "/pid")
        var camera = try rig.camera()
        camera.perform(.startPreview, at: monotonicNow())
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero), at: monotonicNow())
        #expect(camera.run { $0.count >= 2 } == [.captureFailed(shot: 1), .fault(.unavailable)])
        #expect(rig.violations.count == 1)
        #expect(rig.violations.first?.hasSuffix("refused: camera owned by still pid \(getpid())") == true)
        #expect(camera.takeProblems().contains("still server exited with status 255"))
    }

    /// A server that ignores SIGUSR2 is killed at the stop bound: a hang, and the camera is
    /// free again (nothing is left running).
    @Test func aServerThatIgnoresItsStopIsKilled() throws {
        let rig = StandInCamera(environment: ["CAMERA_STAND_IN_FAULT": "hang-on-stop"])
        defer { rig.remove() }
        var camera = try rig.camera(settings: CameraSessionSettings(readyDelay: .milliseconds(1000), stopBound: .milliseconds(500)))
        camera.perform(.startPreview, at: monotonicNow())
        _ = camera.run(for: 1) { _ in false }
        camera.perform(.stopPreview, at: monotonicNow())
        #expect(camera.runUntilIdle() == [.fault(.hung)])
        #expect(!camera.processes.isRunning)
        #expect(rig.log.contains { $0.hasSuffix(" still ignored stop") })
    }

    /// One-shot mode: one program per photo, queued, never two at once.
    @Test func oneShotModeRunsOneCommandPerPhotoInTurn() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        var camera = try rig.camera(mode: .oneShot)
        camera.perform(.startPreview, at: monotonicNow())
        #expect(!camera.isBusy)
        camera.perform(.capturePhoto(shot: 1, orientation: .rightUp, touchedAt: .zero), at: monotonicNow())
        camera.perform(.capturePhoto(shot: 2, orientation: .leftUp, touchedAt: .zero), at: monotonicNow())
        #expect(captured(camera.runUntilIdle()) == [1, 2])
        #expect(try exif(rig.output + "/IMG_0001.jpg") == 8)
        #expect(try exif(rig.output + "/IMG_0002.jpg") == 6)
        #expect(rig.log.filter { $0.contains(" still start ") }.count == 2)
        #expect(rig.violations.isEmpty)
    }

    /// A directory full of shell syntax is still one argument: the photo lands in it and no
    /// `pwned` file appears anywhere.
    @Test func hostileOutputDirectoryCannotInject() throws {
        let name = "a b;touch pwned;$(touch pwned2)`touch pwned3`'\"*"
        let rig = StandInCamera(output: name)
        defer { rig.remove() }
        let directory = rig.scratch.path + "/" + name
        var camera = try rig.camera(output: directory)
        camera.perform(.startPreview, at: monotonicNow())
        camera.perform(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero), at: monotonicNow())
        #expect(captured(camera.run { $0.count >= 1 }) == [1])
        camera.perform(.stopPreview, at: monotonicNow())
        _ = camera.runUntilIdle()
        #expect(rig.names(in: directory) == ["IMG_0001.jpg"])
        #expect(!rig.names(in: rig.scratch.path).contains { $0.hasPrefix("pwned") })
        #expect(!POSIXFile.exists("pwned") && !POSIXFile.exists("pwned2") && !POSIXFile.exists("pwned3"))
    }

    @Test func boardsWithACommandBackendMakeOne() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let boards = parts.joined(separator: "/") + "/boards/"
        let naming = MediaNaming(clipExtension: "mp4")
        let pi = try #require(PiCamera.command(board: try Board.load(path: boards + "rpi5-mpu6050.json"), naming: naming, clock: { .zero }))
        #expect(pi.files.outputDirectory == "/var/lib/upright")
        #expect(pi.processes.still.arguments == ["rpicam-still", "-t", "0", "--signal", "--nopreview", "--zsl", "-o", "{file}"])
        #expect(pi.processes.video.arguments.first == "rpicam-vid")
        #expect(PiCamera.command(board: try Board.load(path: boards + "sim.json"), naming: naming, clock: { .zero }) == nil)
    }

    /// The still server's photo names, as inotify reports them.
    @Test func photoIndexReadsTheServersCounter() {
        #expect(RpicamProcesses.photoIndex(".upright-still-0007.jpg", prefix: ".upright-still-") == 7)
        #expect(RpicamProcesses.photoIndex(".upright-still-12345.jpg", prefix: ".upright-still-") == 12345)
        #expect(RpicamProcesses.photoIndex(".upright-clip-0001.mp4", prefix: ".upright-still-") == nil)
        #expect(RpicamProcesses.photoIndex("IMG_0001.jpg", prefix: ".upright-still-") == nil)
    }
}
