import Testing
import UprightCore
@testable import UprightHost

/// The repository root, found from this file's path (Tests/UprightHostTests/Board/...).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
}()

@Suite struct BoardTests {
    @Test(arguments: ["rpi4-mpu6050", "rpi4-adxl345", "rpi5-mpu6050", "rpizero2w-adxl345", "sim"])
    func shippedBoardsLoad(name: String) throws {
        let board = try Board.load(path: "\(repositoryRoot)/boards/\(name).json")
        #expect(!board.name.isEmpty)
    }

    @Test func piFourMPU6050Values() throws {
        let board = try Board.load(path: "\(repositoryRoot)/boards/rpi4-mpu6050.json")
        #expect(board.i2c == Board.I2CSettings(bus: 1, speedHz: 400_000))
        #expect(board.sensor.kind == .mpu6050)
        #expect(board.sensor.address == 0x68)
        #expect(board.sensor.rateHz == 200)
        #expect(board.sensor.filterHz == 44)
        #expect(board.shutter.gpio == Board.GPIOLineSettings(chip: "pinctrl-bcm2711", line: 17))
        #expect(board.shutter.debounceMilliseconds == 30)
        #expect(board.shutter.holdMilliseconds == 1000)
        #expect(board.camera.session.mode == .server)
        #expect(board.camera.session.readyDelay == .milliseconds(1000))
        #expect(board.camera.zeroShutterLag == false)
        guard case .command(let still, _) = board.camera.backend else {
            Issue.record("expected the command backend")
            return
        }
        #expect(
            try still.expand(["file": "/var/lib/upright/.upright-still-%04d.jpg"]) == [
                "rpicam-still", "-t", "0", "--signal", "--nopreview", "-o", "/var/lib/upright/.upright-still-%04d.jpg",
            ])
    }

    /// A command board that names no programs gets rpicam's: the still server (with `--zsl`
    /// when asked), or the one-shot command, and rpicam-vid through libav.
    @Test(arguments: [
        (#""mode": "server""#, ["rpicam-still", "-t", "0", "--signal", "--nopreview", "-o", "F"]),
        (#""mode": "server", "zsl": true"#, ["rpicam-still", "-t", "0", "--signal", "--nopreview", "--zsl", "-o", "F"]),
        (#""mode": "one-shot""#, ["rpicam-still", "--immediate", "--nopreview", "-o", "F"]),
    ])
    func defaultCameraTemplatesAreValid(keys: String, expected: [String]) throws {
        let json = #"{"sensor": {}, "camera": {"backend": "command", "# + keys + #"}, "output": {"directory": "o"}}"#
        guard case .command(let still, let video) = try Board.parse(Array(json.utf8), file: "b.json").camera.backend else {
            Issue.record("expected the command backend")
            return
        }
        #expect(try still.expand(["file": "F"]) == expected)
        #expect(try video.expand(["file": "V"]) == ["rpicam-vid", "-t", "0", "--nopreview", "--codec", "libav", "-o", "V"])
        #expect(try ArgvTemplate(arguments: still.arguments) == still)
    }

    /// The V4L2 backend's keys, and its defaults: /dev/video0, 640 x 480 MJPEG at 30 fps, a
    /// ring of 8 frames, quality 90, no ready delay.
    @Test func v4l2CameraSettings() throws {
        let json =
            #"{"sensor": {}, "camera": {"backend": "v4l2", "device": "/dev/video2", "width": 320, "height": 180, "fps": 25, "format": "YUYV", "ring_frames": 12, "quality": 80, "ready_ms": 150}, "output": {"directory": "o"}}"#
        let camera = try Board.parse(Array(json.utf8), file: "b.json").camera
        guard case .v4l2(let device) = camera.backend else {
            Issue.record("expected the v4l2 backend")
            return
        }
        #expect(device.device == "/dev/video2")
        #expect((device.widthPixels, device.heightPixels, device.framesPerSecond, device.ringFrames, device.quality) == (320, 180, 25, 12, 80))
        #expect(device.format == .yuyv)
        #expect(device.frameInterval == .milliseconds(40))
        #expect(camera.session.readyDelay == .milliseconds(150))
        #expect(camera.session.mode == .server)

        let plain = #"{"sensor": {}, "camera": {"backend": "v4l2"}, "output": {"directory": "o"}}"#
        let defaults = try Board.parse(Array(plain.utf8), file: "b.json").camera
        guard case .v4l2(let standard) = defaults.backend else {
            Issue.record("expected the v4l2 backend")
            return
        }
        #expect(standard.device == "/dev/video0")
        let numbers = (standard.widthPixels, standard.heightPixels, standard.framesPerSecond, standard.ringFrames, standard.quality)
        #expect(numbers == (640, 480, 30, 8, 90))
        #expect(standard.format == .mjpeg)
        #expect(defaults.session.readyDelay == .zero)
    }

    @Test func zeroTwoMountMatrixIsRotated() throws {
        let board = try Board.load(path: "\(repositoryRoot)/boards/rpizero2w-adxl345.json")
        #expect(board.sensor.mountMatrix.apply(Vector3(x: 1, y: 0, z: 0)) == Vector3(x: 0, y: 1, z: 0))
    }

    static let minimal = #"{"sensor": {"kind": "mpu6050"}, "camera": {"backend": "simulated"}, "output": {"directory": "out"}}"#

    @Test func minimalBoardGetsDefaults() throws {
        let board = try Board.parse(Array(Self.minimal.utf8), file: "b.json")
        #expect(board.sensor.address == 0x68)
        #expect(board.sensor.rateHz == 100)
        #expect(board.sensor.rangeG == 2)
        #expect(board.sensor.readMode == .fifo)
        #expect(board.sensor.mountMatrix == .identity)
        #expect(board.shutter.gpio == nil)
        #expect(board.output.journal == "out/journal.ndjson")
        #expect(board.machine == Board.MachineSettings(idleTimeoutSeconds: 60, captureTimeoutSeconds: 5, maximumClipSeconds: 600, pressQueueDepth: 4))
        guard case .simulated(let camera) = board.camera.backend else {
            Issue.record("expected the simulated backend")
            return
        }
        let clip = camera.clip
        #expect((clip.widthPixels, clip.heightPixels, clip.framesPerSecond, clip.quality) == (320, 240, 30, 75))
    }

    /// `offset_g` is on the chip's axes; the drivers subtract it in the device frame (M * offset).
    @Test func offsetIsOnTheChipAxes() throws {
        let json =
            #"{"sensor": {"mount_matrix": "0, -1, 0; 1, 0, 0; 0, 0, -1", "offset_g": [0.25, -0.125, 0.0625]}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#
        let sensor = try Board.parse(Array(json.utf8), file: "b.json").sensor
        #expect(sensor.offsetG == Vector3(x: 0.25, y: -0.125, z: 0.0625))
        #expect(sensor.deviceOffsetG == Vector3(x: 0.125, y: 0.25, z: -0.0625))
        let plain = try Board.parse(Array(Self.minimal.utf8), file: "b.json").sensor
        #expect(plain.offsetG == .zero)
    }

    @Test func recordingLight() throws {
        let json =
            #"{"sensor": {}, "shutter": {"chip": "gpiochip0", "line": 17}, "led": {"chip": "pinctrl-rp1", "line": 27, "active_low": true}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#
        let board = try Board.parse(Array(json.utf8), file: "b.json")
        #expect(board.led == Board.LEDSettings(gpio: Board.GPIOLineSettings(chip: "pinctrl-rp1", line: 27), activeLow: true))
        #expect(try Board.parse(Array(Self.minimal.utf8), file: "b.json").led == nil)
    }

    @Test func simulatedClipSettings() throws {
        let json =
            #"{"sensor": {}, "camera": {"backend": "simulated", "clip_width": 640, "clip_height": 480, "clip_fps": 25, "clip_quality": 60}, "output": {"directory": "o"}}"#
        guard case .simulated(let camera) = try Board.parse(Array(json.utf8), file: "b.json").camera.backend else {
            Issue.record("expected the simulated backend")
            return
        }
        let clip = camera.clip
        #expect((clip.widthPixels, clip.heightPixels, clip.framesPerSecond, clip.quality) == (640, 480, 25, 60))
    }

    /// A board file saved by a Windows editor: byte-order mark (EF BB BF) and CRLF lines.
    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let text =
            "{\r\n  \"sensor\": {\"kind\": \"adxl345\", \"address\": 83},\r\n  \"camera\": {\"backend\": \"simulated\"},\r\n  \"output\": {\"directory\": \"out\"}\r\n}\r\n"
        let board = try Board.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "b.json")
        #expect(board.sensor.kind == .adxl345)
        #expect(board.sensor.address == 0x53)
        do {
            _ = try Board.parse([0xEF, 0xBB, 0xBF] + Array("{\r\n  \"sensor\": 7,\r\n}".utf8), file: "b.json")
            Issue.record("accepted a trailing comma")
        } catch {
            #expect(error.description == "b.json:3:1: expected a key in quotes")
        }
    }

    /// Every validation path, with the exact one-line message a user sees.
    @Test(arguments: [
        (
            #"{"sensor": {"kind": "mpu6050", "rate_hz": 7000}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.rate_hz: 7000 is not a rate the MPU-6050 supports (4..1000 Hz)"
        ),
        (
            #"{"sensor": {"kind": "adxl345", "rate_hz": 150}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.rate_hz: 150 is not a rate the ADXL345 supports (6.25, 12.5, 25, 50, 100, 200, 400, 800, 1600, 3200 Hz)"
        ),
        (
            #"{"sensor": {"kind": "auto", "rate_hz": 2000}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.rate_hz: 2000 is not a rate both chips support (6.25..1000 Hz)"
        ),
        (
            #"{"sensor": {"kind": "bmi160"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            #"b.json: sensor.kind: "bmi160" is not one of "mpu6050", "adxl345", "auto""#
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "range_g": 3}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.range_g: 3 is not a range the chips support (2, 4, 8 or 16 g)"
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "filter_hz": 100}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.filter_hz: 100 is not an MPU-6050 filter bandwidth (260, 184, 94, 44, 21, 10 or 5 Hz)"
        ),
        (
            #"{"sensor": {"kind": "adxl345", "filter_hz": 44}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.filter_hz: the ADXL345 has no separate filter (its bandwidth is half the output rate)"
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "address": "0x53"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.address: 0x53 is not an address the MPU-6050 answers on (0x68, 0x69)"
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "address": "0xZZ"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            #"b.json: sensor.address: "0xZZ" is not a 7-bit I2C address"#
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "address": true}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            #"b.json: sensor.address: expected a 7-bit address such as "0x68""#
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "mount_matrix": "1,0,0;0,1,0"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.mount_matrix: expected 9 numbers (3 rows of 3), found 6"
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "mount_matrix": "0,0,0;0,1,0;0,0,1"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.mount_matrix: the matrix is singular (determinant near 0): it must be a rotation or reflection"
        ),
        (
            #"{"sensor": {"kind": "mpu6050", "rate": 100}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.rate: unknown key"
        ),
        (
            #"{"sensor": {"offset_g": [0, 0.1]}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.offset_g: expected 3 numbers [x, y, z] in g on the chip's axes, found 2"
        ),
        (
            #"{"sensor": {"offset_g": "0, 0, 0.2"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.offset_g: expected an array, found a string"
        ),
        (
            #"{"sensor": {"offset_g": [0, "0.1", 0]}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.offset_g[1]: expected a number, found a string"
        ),
        (
            #"{"sensor": {"offset_g": [0, 0, -0.75]}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor.offset_g[2]: -0.75 g is not a plausible zero-g offset (at most 0.5 g per axis: check sensor.range_g, or run upright calibrate again)"
        ),
        (
            #"{"camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: sensor: missing (required)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "mode": "daemon"}, "output": {"directory": "o"}}"#,
            #"b.json: camera.mode: "daemon" is not one of "server", "one-shot""#
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "mode": "one-shot", "zsl": true}, "output": {"directory": "o"}}"#,
            #"b.json: camera.zsl: zero shutter lag needs the still server (camera.mode "server"): a one-shot command opens the camera for every photo"#
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "ready_ms": 40000}, "output": {"directory": "o"}}"#,
            "b.json: camera.ready_ms: 40000 is out of range (0..30000)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "still": ["x", "{fil}"], "video": ["y"]}, "output": {"directory": "o"}}"#,
            "b.json: camera.still[1]: unknown placeholder {fil} (known: {file}, {exif}, {rotation}, {orientation}, {shot}, {clip})"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "still": ["", "{file}"], "video": ["y"]}, "output": {"directory": "o"}}"#,
            "b.json: camera.still[0]: the program (first element) is empty"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "still": ["x", 3], "video": ["y"]}, "output": {"directory": "o"}}"#,
            "b.json: camera.still[1]: expected a string, found a number"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated", "width": 8}, "output": {"directory": "o"}}"#,
            "b.json: camera.width: 8 is out of range (16..4096)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated", "clip_fps": 240}, "output": {"directory": "o"}}"#,
            "b.json: camera.clip_fps: 240 is out of range (1..120)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated", "clip_width": 8000}, "output": {"directory": "o"}}"#,
            "b.json: camera.clip_width: 8000 is out of range (16..4096)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "still": ["x"], "video": ["y"], "clip_fps": 25}, "output": {"directory": "o"}}"#,
            "b.json: camera.clip_fps: only the simulated camera backend has it"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "still": ["x"], "video": ["y"], "ring_frames": 4}, "output": {"directory": "o"}}"#,
            "b.json: camera.ring_frames: only the v4l2 camera backend has it"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "command", "still": ["x"], "video": ["y"], "width": 640}, "output": {"directory": "o"}}"#,
            "b.json: camera.width: only the simulated and v4l2 camera backends have it"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated", "fps": 30}, "output": {"directory": "o"}}"#,
            "b.json: camera.fps: only the v4l2 camera backend has it"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "frame_ms": 33}, "output": {"directory": "o"}}"#,
            "b.json: camera.frame_ms: only the simulated camera backend has it"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "device": "video0"}, "output": {"directory": "o"}}"#,
            #"b.json: camera.device: "video0" is not a device node (a path under /dev/, e.g. /dev/video0)"#
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "format": "H264"}, "output": {"directory": "o"}}"#,
            #"b.json: camera.format: "H264" is not one of "MJPEG", "YUYV""#
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "format": "YUYV", "width": 321}, "output": {"directory": "o"}}"#,
            "b.json: camera.width: 321 is odd; YUYV frames hold pixels in pairs (an even width)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "ring_frames": 30}, "output": {"directory": "o"}}"#,
            "b.json: camera.ring_frames: 30 is out of range (2..24)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "fps": 0}, "output": {"directory": "o"}}"#,
            "b.json: camera.fps: 0 is out of range (1..240)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "mode": "one-shot"}, "output": {"directory": "o"}}"#,
            #"b.json: camera.mode: the v4l2 camera streams for every photo: it has no one-shot mode (use "server" or leave it out)"#
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "zsl": true}, "output": {"directory": "o"}}"#,
            "b.json: camera.zsl: the v4l2 camera's frame ring is zero shutter lag already (leave it out)"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "v4l2", "still": ["x"]}, "output": {"directory": "o"}}"#,
            "b.json: camera.still: unknown key"
        ),
        (
            #"{"sensor": {}, "shutter": {"chip": "gpiochip0"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: shutter.line: missing (required when chip is given)"
        ),
        (
            #"{"sensor": {}, "shutter": {"debounce_ms": 500, "hold_ms": 400}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: shutter.hold_ms: must be longer than shutter.debounce_ms (500)"
        ),
        (
            #"{"sensor": {}, "machine": {"idle_timeout_s": 0}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: machine.idle_timeout_s: 0 is out of range (1..86400)"
        ),
        (
            #"{"sensor": {}, "i2c": {"bus": -1}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: i2c.bus: -1 is out of range (0..255)"
        ),
        (
            #"{"sensor": {}, "data_ready": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: data_ready.line: missing (required)"
        ),
        (
            #"{"sensor": {}, "led": {"chip": "gpiochip0"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: led.line: missing (required when chip is given)"
        ),
        (
            #"{"sensor": {}, "led": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: led.line: missing (required)"
        ),
        (
            #"{"sensor": {}, "led": {"line": 5, "active_low": "yes"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: led.active_low: expected true or false, found a string"
        ),
        (
            #"{"sensor": {}, "led": {"line": 5, "colour": "red"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: led.colour: unknown key"
        ),
        (
            #"{"sensor": {}, "shutter": {"line": 17}, "led": {"line": 17}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: led.line: is the shutter's line (gpiochip0 line 17); the light needs a line of its own"
        ),
        (
            #"{"sensor": {}, "detector": {"hysteresis_degrees": "x"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: detector.hysteresis_degrees: expected a number, found a string"
        ),
        (
            #"{"sensor": {}, "detector": {"hysteresis": 5}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: detector.hysteresis: unknown key (expected one of filter_time_constant_ms, gyro_correction_time_constant_ms, rate_time_constant_ms, hysteresis_degrees, flat_enter_degrees, flat_exit_degrees, magnitude_tolerance_g, still_rate_dps, settle_ms, still_ms, flick_ms, maximum_gap_ms, motion_filter_time_constant_ms, motion_tolerance_g, motion_steady_rate_dps, motion_trust_ms, motion_hysteresis_degrees, gyro_offset_time_constant_ms)"
        ),
        (
            #"{"sensor": {}, "detector": {"settle_ms": 100, "flat_enter_degrees": 95}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
            "b.json: detector.flat_enter_degrees: must be 45 to 89 degrees"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": ""}}"#,
            "b.json: output.directory: must not be empty"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}, "extra": 1}"#,
            "b.json: extra: unknown key"
        ),
        (
            #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}"#,
            "b.json:1:80: unexpected end of file in an object"
        ),
        ("", "b.json:1:1: empty document"),
        ("[]", "b.json: expected an object, found an array"),
    ])
    func invalidBoardsNameTheKey(json: String, message: String) {
        do {
            _ = try Board.parse(Array(json.utf8), file: "b.json")
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func missingFileNamesIt() {
        #expect(throws: BoardError(file: "/nonexistent/board.json", message: "No such file or directory")) {
            try Board.load(path: "/nonexistent/board.json")
        }
    }
}

@Suite struct ArgvTemplateTests {
    @Test func hostileValuesStayInsideOneArgument() throws {
        let template = try ArgvTemplate(arguments: ["rpicam-still", "-o", "{file}", "--exif", "IFD0.Orientation={exif}"])
        let argv = try template.expand(["file": "x.jpg; rm -rf / $(reboot) `id` --flag", "exif": "6 --other"])
        #expect(argv == ["rpicam-still", "-o", "x.jpg; rm -rf / $(reboot) `id` --flag", "--exif", "IFD0.Orientation=6 --other"])
    }

    @Test func placeholdersCanRepeatAndMix() throws {
        let template = try ArgvTemplate(arguments: ["cam", "{shot}-{orientation}-{shot}.jpg", "{rotation}"])
        #expect(try template.expand(["shot": "7", "orientation": "left-up", "rotation": "90"]) == ["cam", "7-left-up-7.jpg", "90"])
    }

    @Test func missingValueAndNULAreRefused() throws {
        let template = try ArgvTemplate(arguments: ["cam", "{file}"])
        #expect(throws: TemplateError(index: 1, message: "no value for {file}")) { try template.expand([:]) }
        #expect(throws: TemplateError(index: 1, message: "value for {file} contains a NUL byte")) { try template.expand(["file": "a\0b"]) }
        #expect(throws: TemplateError(index: 1, message: #"unclosed '{' in "{file""#)) { try ArgvTemplate(arguments: ["cam", "{file"]) }
    }
}
