import Testing
import UprightCore
import UprightHost
import UprightSim
import UprightTestSupport

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The modelled camera program's timings (docs/camera.md: open 300 ms, settled 450 ms later,
/// frames every 33 ms, a capture 400 ms or 70 ms with zero shutter lag, the file closed 300 ms
/// after the exposure, back to the preview 300 ms after it), its one-owner rule and faults.
@Suite struct SimCameraProcessesTests {
    let directory = TemporaryDirectory()

    func processes(zeroShutterLag: Bool = false, frameRing: Bool = false, faults: [SimCameraFault] = []) -> SimCameraProcesses {
        var settings = Board.SimulatedCameraSettings()
        settings.frameRing = frameRing
        return SimCameraProcesses(settings: settings, zeroShutterLag: zeroShutterLag, faults: faults) { _ in
            MotionPose(angleDegrees: 90, tiltDegrees: 0)
        }
    }

    var pattern: String { directory.path + "/.upright-still-%04d.jpg" }

    func events(_ processes: inout SimCameraProcesses, at now: Instant) -> [CameraProcessEvent] {
        var out: [CameraProcessEvent] = []
        while let event = processes.nextEvent(now: now), out.count < 10 { out.append(event) }
        return out
    }

    /// Signalled at 1000 ms, taken at the next frame (open at 300 ms, frames from there every
    /// 33 ms: 300 + 22 * 33 = 1026 ms), exposed 400 ms later (1426), closed 300 ms after that
    /// (1726).
    @Test func aPhotoIsTakenAtTheNextFrameAndClosedAfterItsWrite() throws {
        defer { directory.remove() }
        var camera = processes()
        let started = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(0))
        #expect(started)
        camera.requestPhoto(touchedAt: ms(1000), at: ms(1000))
        #expect(camera.nextDeadline == ms(1726))
        #expect(events(&camera, at: ms(1725)).isEmpty)
        #expect(events(&camera, at: ms(1726)) == [.photoClosed(index: 0, exposedAt: ms(1426))])
        let photo = try TestFile.bytes(directory.path + "/.upright-still-0000.jpg")
        #expect(photo.prefix(2) == [0xFF, 0xD8])
        #expect(photo.suffix(2) == [0xFF, 0xD9])
        // The next photo waits for the preview to come back (1426 + 300 = 1726: frame 1752).
        camera.requestPhoto(touchedAt: ms(1726), at: ms(1726))
        #expect(camera.nextDeadline == ms(1752 + 400 + 300))
        camera.stop(at: ms(3000))
        // The pending photo is closed first (2452), then the exit: the next frame after 3000
        // (3006) plus 100 ms.
        #expect(events(&camera, at: ms(3105)) == [.photoClosed(index: 1, exposedAt: ms(2152))])
        #expect(events(&camera, at: ms(3106)) == [.exited(.stillServer, .clean)])
    }

    /// Zero shutter lag: the capture is the next frame of the still stream (1026 ms), 70 ms.
    @Test func zeroShutterLagExposesAtTheNextFrame() throws {
        defer { directory.remove() }
        var camera = processes(zeroShutterLag: true)
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(0))
        camera.requestPhoto(touchedAt: ms(1000), at: ms(1000))
        #expect(events(&camera, at: ms(2000)) == [.photoClosed(index: 0, exposedAt: ms(1096))])
    }

    /// The frame ring (frames from the open at 300 ms, every 33 ms; four kept): the photo is the
    /// frame nearest its touch, not its signal. Touched at 950 ms and signalled at 1000: frame
    /// 20 (960 ms), nearer the touch than frame 19 (927) and older than the signal's frame 21
    /// (993), closed 300 ms after the signal. Touched at 1500 and signalled at 1700, the touch
    /// is older than the ring (frames 39 to 42, 1587 to 1686 ms): the oldest kept. Touched at 1740 and signalled at 1745: frame 44
    /// (1752 ms) is not there yet and is awaited, closed 300 ms after it.
    @Test func theFrameRingTakesTheFrameNearestTheTouch() {
        var camera = processes(frameRing: true)
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(0))
        camera.requestPhoto(touchedAt: ms(950), at: ms(1000))
        #expect(events(&camera, at: ms(1300)) == [.photoClosed(index: 0, exposedAt: ms(960))])
        camera.requestPhoto(touchedAt: ms(1500), at: ms(1700))
        #expect(events(&camera, at: ms(2000)) == [.photoClosed(index: 1, exposedAt: ms(1587))])
        camera.requestPhoto(touchedAt: ms(1740), at: ms(1745))
        #expect(events(&camera, at: ms(2051)).isEmpty)
        #expect(events(&camera, at: ms(2052)) == [.photoClosed(index: 2, exposedAt: ms(1752))])
    }

    /// A signal before the camera is open finds no handler: the program ends by it.
    @Test func aSignalBeforeTheOpenEndsTheProgram() {
        var camera = processes()
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(0))
        camera.requestPhoto(touchedAt: ms(200), at: ms(200))
        #expect(events(&camera, at: ms(200)) == [.exited(.stillServer, .signalled(10))])
    }

    /// One owner: a second start while a program is alive is refused after its open time, with
    /// rpicam's exit 255, and counted.
    @Test func aSecondOwnerIsRefusedAndCounted() {
        var camera = processes()
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(0))
        _ = camera.start(.video(clip: 1), output: directory.path + "/v.mov", orientation: .normal, at: ms(100))
        #expect(events(&camera, at: ms(400)) == [.exited(.video(clip: 1), .failed(status: 255))])
        #expect(camera.violations == 1)
    }

    @Test func faultsCrashHangAndBusy() throws {
        defer { directory.remove() }
        var camera = processes(faults: [.crash(at: ms(2000)), .hang(at: ms(3000)), .busy(at: ms(5000), until: ms(6000))])
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(0))
        #expect(camera.nextDeadline == ms(2000))
        #expect(events(&camera, at: ms(2000)) == [.exited(.stillServer, .signalled(11))])
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(2100))
        camera.requestPhoto(touchedAt: ms(3100), at: ms(3100))
        // Hung: no photo, and SIGUSR2 is ignored; only SIGKILL ends it.
        camera.stop(at: ms(4000))
        #expect(events(&camera, at: ms(4900)).isEmpty)
        camera.kill(at: ms(4900))
        #expect(events(&camera, at: ms(4900)) == [.exited(.stillServer, .signalled(9))])
        _ = camera.start(.stillServer, output: pattern, orientation: .normal, at: ms(5100))
        #expect(events(&camera, at: ms(5400)) == [.exited(.stillServer, .failed(status: 255))])
        #expect(camera.violations == 0)
    }
}

/// A V4L2 board in the simulator: the simulated camera stands in as the frame ring at the
/// board's rate (25 fps: 40 ms frames), with the simulated camera's other defaults.
@Suite struct SimCameraForAV4L2BoardTests {
    @Test func aV4L2BoardGetsTheFrameRingAtItsRate() throws {
        var device = Board.V4L2CameraSettings()
        device.framesPerSecond = 25
        let camera = SimCamera.simulated(
            camera: Board.CameraSettings(backend: .v4l2(device)), outputDirectory: "/tmp"
        ) { _ in MotionPose(angleDegrees: 0, tiltDegrees: 0) }
        #expect(camera.processes.settings.frameRing)
        #expect(camera.processes.settings.timings.frameMilliseconds == 40)
        #expect(camera.processes.settings.timings.writeMilliseconds == 300)
        let command = SimCamera.simulated(
            camera: Board.CameraSettings(backend: .command(still: try ArgvTemplate(arguments: ["s"]), video: try ArgvTemplate(arguments: ["v"]))),
            outputDirectory: "/tmp"
        ) { _ in MotionPose(angleDegrees: 0, tiltDegrees: 0) }
        #expect(!command.processes.settings.frameRing)
        #expect(command.processes.settings.timings.frameMilliseconds == 33)
    }
}
