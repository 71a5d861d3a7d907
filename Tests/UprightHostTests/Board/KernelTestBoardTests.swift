import Testing
import UprightCore
@testable import UprightHost

/// Tests/Kernel/board.json is the board `upright run` gets inside the kernel test's QEMU guest
/// (guest-init.sh); it must load with the real loader, with the values the guest relies on.
@Suite struct KernelTestBoardTests {
    @Test func loadsWithTheValuesTheGuestRelies() throws {
        let board = try Board.load(path: "\(repositoryRoot)/Tests/Kernel/board.json")
        // i2c-stub-rdwr is bus 0, its ADXL345 at 0x53 (guest-init.sh loads it first).
        #expect(board.i2c.bus == 0)
        #expect(board.sensor.kind == .adxl345)
        #expect(board.sensor.address == 0x53)
        #expect(board.sensor.rateHz == 100)
        #expect(board.sensor.rangeG == 2)
        #expect(board.sensor.mountMatrix == .identity)
        // gpio-sim's chip is found by its label, line 0 is the shutter.
        #expect(board.shutter.gpio == Board.GPIOLineSettings(chip: "upright-kernel-test", line: 0))
        #expect(board.shutter.debounceMilliseconds == 30)
        #expect(board.shutter.holdMilliseconds == 1000)
        // Line 1 of the same chip is the recording light, active high.
        #expect(board.led == Board.LEDSettings(gpio: Board.GPIOLineSettings(chip: "upright-kernel-test", line: 1), activeLow: false))
        #expect(board.output == Board.OutputSettings(directory: "/tmp/kt/out", journal: "/tmp/kt/journal.ndjson"))
        // The rpicam stand-ins (Tests/CameraStandIn) as a still server, ready 600 ms after start.
        #expect(board.camera.session.mode == .server)
        #expect(board.camera.session.readyDelay == .milliseconds(600))
        guard case .command(let still, let video) = board.camera.backend else {
            Issue.record("expected the command backend")
            return
        }
        #expect(
            try still.expand(["file": "/tmp/kt/out/.upright-still-%04d.jpg"]) == [
                "/opt/kt/camera/rpicam-still", "-t", "0", "--signal", "--nopreview", "-o", "/tmp/kt/out/.upright-still-%04d.jpg",
            ])
        #expect(
            try video.expand(["file": "/tmp/kt/out/.upright-clip-0001.mp4"]) == [
                "/opt/kt/camera/rpicam-vid", "-t", "0", "--nopreview", "-o", "/tmp/kt/out/.upright-clip-0001.mp4",
            ])
    }

    /// The V4L2 run's board: the same sensor and shutter, vivid's webcam node streaming YUYV at
    /// 320 x 180 and 30 fps (vivid offers no Motion JPEG), its own output.
    @Test func theV4L2BoardLoadsWithTheValuesTheGuestRelies() throws {
        let board = try Board.load(path: "\(repositoryRoot)/Tests/Kernel/board-v4l2.json")
        #expect(board.i2c.bus == 0 && board.sensor.kind == .adxl345 && board.sensor.address == 0x53)
        #expect(board.shutter.gpio == Board.GPIOLineSettings(chip: "upright-kernel-test", line: 0))
        #expect(board.output == Board.OutputSettings(directory: "/tmp/kt/out5", journal: "/tmp/kt/journal5.ndjson"))
        #expect(board.camera.session.readyDelay == .zero)
        guard case .v4l2(let camera) = board.camera.backend else {
            Issue.record("expected the v4l2 backend")
            return
        }
        #expect(camera.device == "/dev/video0" && camera.format == .yuyv)
        #expect((camera.widthPixels, camera.heightPixels, camera.framesPerSecond, camera.ringFrames, camera.quality) == (320, 180, 30, 8, 80))
    }
}
