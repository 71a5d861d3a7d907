import FoundationEssentials
import Glibc
import Testing
import UprightCore
import UprightHost
import UprightLinux

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

private func template(_ arguments: String...) throws -> CommandTemplate {
    try CommandTemplate(arguments: arguments)
}

/// Children really run here: these tests wait for them (bounded), they never time them.
@Suite struct CommandCameraTests {
    func temporaryDirectory(_ name: String = "out") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upright-command-\(UUID().uuidString)").path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func remove(_ directory: String) {
        try? FileManager.default.removeItem(atPath: POSIXFile.directoryName(directory))
    }

    func contents(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// The next completion, polling the camera's pidfds (or its fallback tick) for up to 30 s.
    func nextCompletion(_ camera: inout CommandCamera, now: Instant) -> CameraCompletion? {
        for _ in 0..<1500 {
            if let completion = camera.nextCompletion(now: now) { return completion }
            var fds = camera.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 20)
        }
        return nil
    }

    @Test func stillThatExitsZeroFinishes() throws {
        var camera = CommandCamera(still: try template("/bin/true"), video: try template("/bin/true"), outputDirectory: "/nonexistent")
        camera.perform(.capturePhoto(shot: 1, orientation: .normal), at: ms(0))
        #expect(camera.pollDescriptors.count == 1 || camera.nextDeadline != nil)
        #expect(nextCompletion(&camera, now: ms(0)) == .captureFinished(shot: 1))
        #expect(camera.pollDescriptors.isEmpty)
        #expect(camera.nextDeadline == nil)
    }

    @Test func stillThatFailsOrCannotStartFails() throws {
        var camera = CommandCamera(still: try template("/bin/false"), video: try template("/bin/true"), outputDirectory: "/nonexistent")
        camera.perform(.capturePhoto(shot: 2, orientation: .normal), at: ms(0))
        #expect(nextCompletion(&camera, now: ms(0)) == .captureFailed(shot: 2))
        #expect(camera.takeProblems() == ["photo 2: still command exited with status 1"])

        camera.still = try template("/nonexistent/rpicam-still", "-o", "{file}")
        camera.perform(.capturePhoto(shot: 3, orientation: .normal), at: ms(0))
        #expect(camera.nextCompletion(now: ms(0)) == .captureFailed(shot: 3))
        #expect(camera.takeProblems() == ["photo 3: cannot start /nonexistent/rpicam-still: No such file or directory"])
    }

    @Test func placeholdersFillSingleArguments() throws {
        let directory = try temporaryDirectory()
        defer { remove(directory) }
        var camera = CommandCamera(
            still: try template("touch", "{file}.{orientation}.{exif}.{rotation}.s{shot}.c{clip}"),
            video: try template("/bin/true"), outputDirectory: directory)
        camera.perform(.capturePhoto(shot: 12, orientation: .leftUp), at: ms(0))
        #expect(nextCompletion(&camera, now: ms(0)) == .captureFinished(shot: 12))
        #expect(try contents(directory) == ["IMG_0012.jpg.left-up.6.90.s12.c0"])
    }

    /// A directory full of shell syntax still makes exactly one argument: no `pwned` file.
    @Test func hostileOutputDirectoryCannotInject() throws {
        let directory = try temporaryDirectory("a b;touch pwned;$(touch pwned2)`touch pwned3`'\"\n*")
        defer { remove(directory) }
        let parent = POSIXFile.directoryName(directory)
        var camera = CommandCamera(still: try template("touch", "{file}"), video: try template("/bin/true"), outputDirectory: directory)
        camera.perform(.capturePhoto(shot: 1, orientation: .bottomUp), at: ms(0))
        #expect(nextCompletion(&camera, now: ms(0)) == .captureFinished(shot: 1))
        #expect(try contents(directory) == ["IMG_0001.jpg"])
        #expect(try contents(parent) == [String(directory.split(separator: "/", omittingEmptySubsequences: false).last ?? "")])
        #expect(!POSIXFile.exists("pwned") && !POSIXFile.exists("pwned2") && !POSIXFile.exists("pwned3"))
    }

    @Test func clipStopsOnSIGINTThenThePatcherRuns() throws {
        var patched: [(String, UprightOrientation)] = []
        var camera = CommandCamera(still: try template("/bin/true"), video: try template("/bin/sleep", "30"), outputDirectory: "/media")
        camera.afterClip = { patched.append(($0, $1)) }
        camera.perform(.startRecording(clip: 3, orientation: .rightUp), at: ms(0))
        #expect(camera.nextCompletion(now: ms(0)) == .recordingStarted(clip: 3))
        #expect(camera.nextCompletion(now: ms(10)) == nil)
        camera.perform(.stopRecording(clip: 3), at: ms(5000))
        #expect(nextCompletion(&camera, now: ms(5000)) == .recordingStopped(clip: 3))
        #expect(patched.map(\.0) == ["/media/CLIP_0003.mp4"])
        #expect(patched.map(\.1) == [.rightUp])
        #expect(camera.nextDeadline == nil)
    }

    /// A video command that ignores SIGINT is killed after the grace period; its half-written
    /// clip is not handed to the patcher.
    @Test func clipThatIgnoresSIGINTIsKilledAfterTheGrace() throws {
        let directory = try temporaryDirectory()
        defer { remove(directory) }
        var patched = 0
        var camera = CommandCamera(
            still: try template("/bin/true"),
            video: try template("/bin/sh", "-c", "trap '' INT; touch \"$0\"; exec /bin/sleep 30", "{file}"),
            outputDirectory: directory)
        camera.stopGrace = .milliseconds(100)
        camera.afterClip = { _, _ in patched += 1 }
        camera.perform(.startRecording(clip: 1, orientation: .normal), at: ms(0))
        #expect(camera.nextCompletion(now: ms(0)) == .recordingStarted(clip: 1))
        // Stop only once the child ignores SIGINT (it says so by creating its file).
        for _ in 0..<3000 where !POSIXFile.exists(directory + "/CLIP_0001.mp4") { usleep(10_000) }
        camera.perform(.stopRecording(clip: 1), at: ms(1000))
        #expect(camera.nextDeadline == ms(1100))
        #expect(camera.nextCompletion(now: ms(1050)) == nil)
        #expect(nextCompletion(&camera, now: ms(1100)) == .recordingStopped(clip: 1))
        #expect(patched == 0)
        #expect(camera.takeProblems() == ["clip 1: video command killed by signal 9 when stopped"])
    }

    @Test func videoCommandThatDiesByItselfFailsTheClip() throws {
        var camera = CommandCamera(still: try template("/bin/true"), video: try template("/bin/false"), outputDirectory: "/media")
        camera.perform(.startRecording(clip: 1, orientation: .normal), at: ms(0))
        #expect(camera.nextCompletion(now: ms(0)) == .recordingStarted(clip: 1))
        #expect(nextCompletion(&camera, now: ms(0)) == .recordingFailed(clip: 1))
    }

    @Test func hungStillIsKilledAtItsTimeLimit() throws {
        var camera = CommandCamera(still: try template("/bin/sleep", "30"), video: try template("/bin/true"), outputDirectory: "/media")
        camera.stillTimeLimit = .seconds(30)
        camera.perform(.capturePhoto(shot: 1, orientation: .normal), at: ms(0))
        #expect(camera.nextDeadline == ms(30_000))
        #expect(camera.nextCompletion(now: ms(29_999)) == nil)
        #expect(nextCompletion(&camera, now: ms(30_000)) == .captureFailed(shot: 1))
        #expect(camera.takeProblems() == ["photo 1: still command killed by signal 9"])
    }

    /// Numbering continues from `numberOffset` (files already in the directory).
    @Test func filesAreNamedByTheNamingWithItsOffset() throws {
        let directory = try temporaryDirectory()
        defer { remove(directory) }
        var camera = CommandCamera(still: try template("touch", "{file}"), video: try template("/bin/true"), outputDirectory: directory,
                                   naming: MediaNaming(clipExtension: "mp4", numberOffset: 41))
        camera.perform(.capturePhoto(shot: 1, orientation: .normal), at: ms(0))
        for _ in 0..<500 where camera.isBusy { usleep(2_000); _ = camera.nextCompletion(now: ms(0)) }
        #expect(try contents(directory) == ["IMG_0042.jpg"])
    }

    @Test func boardsWithACommandBackendMakeOne() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let boards = parts.joined(separator: "/") + "/boards/"
        let pi = try #require(CommandCamera(board: try Board.load(path: boards + "rpi5-mpu6050.json")))
        #expect(pi.outputDirectory == "/var/lib/upright")
        #expect(pi.still.arguments.first == "rpicam-still")
        #expect(pi.video.arguments.first == "rpicam-vid")
        #expect(CommandCamera(board: try Board.load(path: boards + "sim.json")) == nil)
    }

    /// The event loop's side of the contract: poll the camera's descriptors, then `advance`.
    /// The runtime's clock is virtual here (the child runs in real time meanwhile).
    @Test func inTheRuntimeAPressWritesANamedFile() throws {
        let directory = try temporaryDirectory()
        defer { remove(directory) }
        let camera = CommandCamera(still: try template("touch", "{file}"), video: try template("/bin/true"), outputDirectory: directory)
        var runtime = CameraRuntime(camera: camera, sink: EventLog { camera.naming.fileName(for: $0) })
        runtime.buttonEdge(down: true, at: ms(1000))
        runtime.buttonEdge(down: false, at: ms(1200))
        // Confirmed at 1230: the still command starts (it may even have ended by the next poll).
        runtime.advance(to: ms(1230))
        var now = ms(1230)
        for _ in 0..<1500 where runtime.state.name == .capturing {
            var fds = runtime.camera.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 20)
            now += .milliseconds(1)
            runtime.advance(to: now)
        }
        let captures = runtime.sink.jsonLines().filter { $0.contains(#""event":"capture""#) }
        #expect(captures.count == 1)
        #expect(captures.first?.hasSuffix(#""orientation":"normal","exif":1,"shot":1,"file":"IMG_0001.jpg"}"#) == true)
        #expect(try contents(directory) == ["IMG_0001.jpg"])
    }
}
