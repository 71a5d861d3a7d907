import FoundationEssentials
import Testing
import UprightCore
import UprightHost
import UprightSim

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

private struct NullSink: RecordSink {
    mutating func record(_ record: MachineRecord, at time: Instant) {}
}

@Suite struct SimCameraTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upright-simcamera-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func contents(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func photoIsWrittenWhenItsLatencyHasPassed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var camera = SimCamera(outputDirectory: directory) { shot, orientation, time in
            [0xFF, 0xD8, UInt8(shot), orientation.exifValue, UInt8(time.nanoseconds / 1_000_000 % 256)]
        }
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp), at: ms(1000))
        #expect(camera.nextDeadline == ms(1120))
        #expect(camera.nextCompletion(now: ms(1119)) == nil)
        #expect(try contents(directory) == [])
        #expect(camera.nextCompletion(now: ms(1120)) == .captureFinished(shot: 1))
        #expect(camera.nextCompletion(now: ms(1120)) == nil)
        #expect(try contents(directory) == ["IMG_0001.jpg"])
        // 1120 ms % 256 = 96.
        #expect(try POSIXFile.readAll(directory + "/IMG_0001.jpg", limit: 100) == [0xFF, 0xD8, 1, 6, 96])
        #expect(camera.written == [directory + "/IMG_0001.jpg"])
    }

    @Test func withoutAPhotoWriterNothingIsWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var camera = SimCamera(outputDirectory: directory, captureLatency: .milliseconds(10))
        camera.perform(.capturePhoto(shot: 7, orientation: .normal), at: ms(0))
        #expect(camera.nextCompletion(now: ms(10)) == .captureFinished(shot: 7))
        #expect(try contents(directory) == [])
    }

    @Test func failingAndHungCameras() {
        var failing = SimCamera(outputDirectory: "/nonexistent")
        failing.photoFault = .fails
        failing.recordingFault = .fails
        failing.perform(.capturePhoto(shot: 2, orientation: .normal), at: ms(0))
        failing.perform(.startRecording(clip: 1, orientation: .normal), at: ms(0))
        #expect(failing.nextCompletion(now: ms(200)) == .recordingFailed(clip: 1))
        #expect(failing.nextCompletion(now: ms(200)) == .captureFailed(shot: 2))

        var hung = SimCamera(outputDirectory: "/nonexistent")
        hung.photoFault = .neverAnswers
        hung.perform(.capturePhoto(shot: 1, orientation: .normal), at: ms(0))
        #expect(hung.nextDeadline == nil)
        #expect(hung.nextCompletion(now: ms(100_000)) == nil)
    }

    @Test func hungCameraRunsIntoTheMachinesCaptureTimeout() {
        var camera = SimCamera(outputDirectory: "/nonexistent")
        camera.photoFault = .neverAnswers
        var runtime = CameraRuntime(camera: camera, sink: EventLog(), configuration: MachineConfiguration(captureTimeout: .seconds(2)))
        runtime.buttonEdge(down: true, at: ms(0))
        runtime.buttonEdge(down: false, at: ms(100))
        runtime.advance(to: ms(5000))
        #expect(runtime.sink.jsonLines().contains(#"{"t":2.130000,"event":"capture-failed","shot":1,"reason":"timeout"}"#))
    }

    @Test func unwritablePhotoFailsTheCapture() {
        var camera = SimCamera(outputDirectory: "/nonexistent/upright") { _, _, _ in [1, 2, 3] }
        camera.perform(.capturePhoto(shot: 3, orientation: .normal), at: ms(0))
        #expect(camera.nextCompletion(now: ms(120)) == .captureFailed(shot: 3))
        #expect(camera.writeErrors.map(\.path) == ["/nonexistent/upright"])
    }

    @Test func clipSidecarCarriesTheLatchAndTheFrameCount() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var camera = SimCamera(outputDirectory: directory)
        camera.perform(.startRecording(clip: 1, orientation: .leftUp), at: ms(0))
        #expect(camera.nextDeadline == ms(50))
        #expect(camera.nextCompletion(now: ms(50)) == .recordingStarted(clip: 1))
        camera.perform(.stopRecording(clip: 1), at: ms(2083))
        #expect(camera.nextCompletion(now: ms(2083)) == .recordingStopped(clip: 1))
        #expect(try contents(directory) == ["CLIP_0001.json"])
        let text = String(decoding: try POSIXFile.readAll(directory + "/CLIP_0001.json", limit: 1000), as: UTF8.self)
        // 2.033 s at 30 fps: 60 whole frames.
        #expect(text == #"{"kind":"simulated-clip","orientation":"left-up","rotation":90,"exif":6,"durationSeconds":2.033,"frameCount":60,"framesPerSecond":30}"# + "\n")
    }

    @Test func stopBeforeTheStartIsConfirmedWritesNoClip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var camera = SimCamera(outputDirectory: directory)
        camera.perform(.startRecording(clip: 4, orientation: .rightUp), at: ms(0))
        camera.perform(.stopRecording(clip: 4), at: ms(20))
        #expect(camera.nextCompletion(now: ms(20)) == .recordingStopped(clip: 4))
        #expect(camera.nextCompletion(now: ms(1000)) == nil)
        #expect(try contents(directory) == [])
    }

    @Test func filesAreNamedByTheOneScheme() {
        #expect(SimCamera.naming.photoName(shot: 12) == "IMG_0012.jpg")
        #expect(SimCamera.naming.clipName(clip: 3) == "CLIP_0003.json")
    }

    @Test func pressThroughTheRuntimeWritesANamedPhoto() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let camera = SimCamera(outputDirectory: directory) { _, _, _ in [0xFF, 0xD8, 0xFF, 0xD9] }
        let log = EventLog { SimCamera.naming.fileName(for: $0) }
        var runtime = CameraRuntime(camera: camera, sink: log)
        // Held still for 600 ms: long enough for the detector to settle on right-up.
        runtime.ingest(stride(from: 0, to: 600, by: 10).map { Sample(time: ms($0), accelerationG: Vector3(x: 1, y: 0, z: 0)) })
        runtime.buttonEdge(down: true, at: ms(1000))
        runtime.buttonEdge(down: false, at: ms(1200))
        runtime.advance(to: ms(2000))
        #expect(runtime.sink.jsonLines().contains(#"{"t":1.350000,"event":"capture","orientation":"right-up","exif":8,"shot":1,"file":"IMG_0001.jpg"}"#))
        #expect(try contents(directory) == ["IMG_0001.jpg"])
    }
}
