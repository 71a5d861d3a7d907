import UprightCore

extension Board {
    /// The largest board file accepted; real ones are about 1 KB.
    public static let maximumFileBytes = 256 << 10

    /// Reads and validates a board file. Errors read `FILE: key.path: message`.
    public static func load(path: String) throws(BoardError) -> Board {
        let bytes: [UInt8]
        do {
            bytes = try POSIXFile.readAll(path, limit: maximumFileBytes)
        } catch {
            throw BoardError(file: path, message: error.message)
        }
        return try parse(bytes, file: path)
    }

    /// Validates board JSON; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(BoardError) -> Board {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw BoardError(file: file, line: error.line, column: error.column, message: error.message)
        }
        do {
            return try Board(document)
        } catch {
            throw BoardError(file: file, message: error.description)
        }
    }

    /// The board, section by section in the file's order; each section's reader refuses its
    /// unknown keys, and the checks across sections (bus capacity, the light's line) come
    /// once the sections they compare are read.
    init(_ document: JSONValue) throws(ConfigError) {
        let root = try JSONObjectReader(document)
        name = try root.string("name") ?? "unnamed board"
        i2c = try Board.i2cSettings(try root.object("i2c"))
        sensor = try SensorSettings(try root.requiredObject("sensor"))
        detector = try Board.detectorParameters(try root.object("detector"))
        shutter = try Board.shutterSettings(try root.object("shutter"))
        dataReady = try Board.dataReadyLine(try root.object("data_ready"), sensor: sensor)
        // Through the kernel's IIO device the kernel reads the bus, at its own cost.
        if sensor.backend != .iio { try Board.checkBusCapacity(sensor: sensor, i2c: i2c) }
        led = try Board.ledSettings(try root.object("led"), shutter: shutter)
        machine = try Board.machineSettings(try root.object("machine"))
        camera = try CameraSettings(try root.requiredObject("camera"))
        output = try Board.outputSettings(try root.requiredObject("output"))
        try root.finish()
    }

    private static func i2cSettings(_ reader: JSONObjectReader?) throws(ConfigError) -> I2CSettings {
        let i2c = I2CSettings(
            bus: try reader?.integer("bus", in: 0...255) ?? 1,
            speedHz: try reader?.integer("speed_hz", in: 10_000...1_000_000) ?? 100_000)
        try reader?.finish()
        return i2c
    }

    /// Only the detector's own keys, in range: a typo must not silently keep a default.
    private static func detectorParameters(_ reader: JSONObjectReader?) throws(ConfigError) -> DetectorParameters {
        var members: [JSONMember] = []
        for key in reader?.keys ?? [] {
            guard let value = try reader?.number(key) else {
                throw ConfigError(path: "detector.\(key)", message: "expected a number")
            }
            members.append(JSONMember(key: key, value: .number(value)))
        }
        do {
            return try DetectorSettings.parameters(from: members)
        } catch {
            throw ConfigError(path: error.path, message: error.message)
        }
    }

    /// The shutter's line and times: the debounce shorter than the hold, the hold shorter than
    /// a stuck button.
    private static func shutterSettings(_ reader: JSONObjectReader?) throws(ConfigError) -> ShutterSettings {
        let line = try reader.map { reader throws(ConfigError) in try GPIOLineSettings(optional: reader) } ?? nil
        let shutter = ShutterSettings(
            gpio: line,
            debounceMilliseconds: try reader?.integer("debounce_ms", in: 0...1000) ?? 30,
            holdMilliseconds: try reader?.integer("hold_ms", in: 100...10_000) ?? 1000,
            stuckSeconds: try reader?.number("stuck_s", in: 2...3600) ?? 30)
        try reader?.finish()
        if shutter.debounceMilliseconds >= shutter.holdMilliseconds {
            throw ConfigError(path: "shutter.hold_ms", message: "must be longer than shutter.debounce_ms (\(shutter.debounceMilliseconds))")
        }
        if shutter.stuckSeconds * 1000 <= Double(shutter.holdMilliseconds) {
            throw ConfigError(path: "shutter.stuck_s", message: "must be longer than shutter.hold_ms (\(shutter.holdMilliseconds) ms)")
        }
        return shutter
    }

    private static func dataReadyLine(_ reader: JSONObjectReader?, sensor: SensorSettings) throws(ConfigError) -> GPIOLineSettings? {
        if let reader, sensor.backend == .iio {
            throw ConfigError(
                path: reader.path,
                message: "sensor.backend iio: the kernel's driver owns the chip's interrupt line (the overlay's); remove data_ready")
        }
        guard let reader else { return nil }
        guard let line = try GPIOLineSettings(optional: reader) else {
            throw ConfigError(path: "data_ready.line", message: "missing (required)")
        }
        try reader.finish()
        // In FIFO mode the line is the FIFO watermark interrupt, which only the ADXL345 has.
        if sensor.readMode == .fifo && sensor.kind != .adxl345 {
            let chip =
                sensor.kind == .mpu6050
                ? "the MPU-6050 has no FIFO watermark interrupt" : "sensor.kind auto may find an MPU-6050, which has no FIFO watermark interrupt"
            throw ConfigError(
                path: "data_ready",
                message:
                    "\(chip) (read_mode fifo): use read_mode burst to pace register reads by data-ready, set sensor.kind adxl345, or remove data_ready"
            )
        }
        return line
    }

    /// The light's line, which must not be the shutter's.
    private static func ledSettings(_ reader: JSONObjectReader?, shutter: ShutterSettings) throws(ConfigError) -> LEDSettings? {
        guard let reader else { return nil }
        guard let line = try GPIOLineSettings(optional: reader) else {
            throw ConfigError(path: "led.line", message: "missing (required)")
        }
        let led = LEDSettings(gpio: line, activeLow: try reader.bool("active_low") ?? false)
        try reader.finish()
        if let shutter = shutter.gpio, shutter == line {
            throw ConfigError(
                path: "led.line", message: "is the shutter's line (\(shutter.chip) line \(shutter.line)); the light needs a line of its own")
        }
        return led
    }

    private static func machineSettings(_ reader: JSONObjectReader?) throws(ConfigError) -> MachineSettings {
        let machine = MachineSettings(
            idleTimeoutSeconds: try reader?.number("idle_timeout_s", in: 1...86_400) ?? 60,
            captureTimeoutSeconds: try reader?.number("capture_timeout_s", in: 0.1...600) ?? 5,
            maximumClipSeconds: try reader?.number("max_clip_s", in: 1...86_400) ?? 600,
            pressQueueDepth: try reader?.integer("press_queue", in: 0...PressQueue.capacity) ?? 4)
        try reader?.finish()
        return machine
    }

    /// The output directory and journal (by default in it), neither empty, and the space kept free.
    private static func outputSettings(_ reader: JSONObjectReader) throws(ConfigError) -> OutputSettings {
        let directory = try reader.requiredString("directory")
        guard !directory.isEmpty else { throw reader.error("directory", "must not be empty") }
        let journal = try reader.string("journal") ?? (directory + "/journal.ndjson")
        guard !journal.isEmpty else { throw reader.error("journal", "must not be empty") }
        var output = OutputSettings(directory: directory, journal: journal)
        if let megabytes = try reader.integer("reserve_mb", in: 0...65_536) { output.reserveBytes = UInt64(megabytes) << 20 }
        if let kibibytes = try reader.integer("journal_segment_kb", in: 64...262_144) { output.journalSegmentBytes = kibibytes << 10 }
        try reader.finish()
        return output
    }
}

extension Board.SensorSettings {
    /// MPU-6050: sample rate = 1 kHz / (1 + SMPLRT_DIV) with the DLPF on (register map 4.2),
    /// so 1000 Hz down to 1000/256; 4 Hz is the floor the firmware accepts.
    public static let mpu6050RateRangeHz = 4.0...1000.0
    /// MPU-6050 DLPF_CFG accelerometer bandwidths (register map 4.3, CONFIG 0x1A).
    public static let mpu6050FilterChoicesHz = [260, 184, 94, 44, 21, 10, 5]
    /// ADXL345 BW_RATE output data rates, 0.09765625 Hz x 2^code (datasheet Table 7); the
    /// firmware accepts 6.25 Hz and faster.
    public static let adxl345RateChoicesHz: [Double] = [6.25, 12.5, 25, 50, 100, 200, 400, 800, 1600, 3200]
    public static let rangeChoicesG = [2, 4, 8, 16]

    init(_ reader: JSONObjectReader) throws(ConfigError) {
        let kindName = try reader.choice("kind", Board.SensorKind.allCases.map(\.rawValue)) ?? "auto"
        kind = Board.SensorKind(rawValue: kindName) ?? .auto
        let backendName = try reader.choice("backend", Board.SensorBackend.allCases.map(\.rawValue)) ?? "i2c"
        backend = Board.SensorBackend(rawValue: backendName) ?? .i2c
        if backend == .iio {
            // The kernel's driver configures the chip (docs/boards.md, "sensor.backend"): keys
            // that would configure it over I2C are refused rather than silently ignored.
            for key in ["read_mode", "filter_hz", "range_g"] where reader.contains(key) {
                throw reader.error(
                    key, "sensor.backend iio: the kernel's driver sets the chip up (its own range, filter and buffer); remove \(key)")
            }
        }
        address = try Board.SensorSettings.address(reader, kind: kind)
        let rate = try reader.number("rate_hz") ?? 100
        switch kind {
        case .mpu6050:
            guard Board.SensorSettings.mpu6050RateRangeHz.contains(rate) else {
                throw reader.error("rate_hz", "\(formatNumber(rate)) is not a rate the MPU-6050 supports (4..1000 Hz)")
            }
        case .adxl345:
            guard Board.SensorSettings.adxl345RateChoicesHz.contains(rate) else {
                throw reader.error(
                    "rate_hz",
                    "\(formatNumber(rate)) is not a rate the ADXL345 supports (\(Board.SensorSettings.adxl345RateChoicesHz.map(formatNumber).joined(separator: ", ")) Hz)"
                )
            }
        case .auto:
            guard rate >= 6.25, rate <= 1000 else {
                throw reader.error("rate_hz", "\(formatNumber(rate)) is not a rate both chips support (6.25..1000 Hz)")
            }
        }
        rateHz = rate
        rangeG = try reader.integer("range_g") ?? 2
        guard Board.SensorSettings.rangeChoicesG.contains(rangeG) else {
            throw reader.error("range_g", "\(rangeG) is not a range the chips support (2, 4, 8 or 16 g)")
        }
        filterHz = try reader.integer("filter_hz")
        if let filterHz {
            guard kind != .adxl345 else {
                throw reader.error("filter_hz", "the ADXL345 has no separate filter (its bandwidth is half the output rate)")
            }
            guard Board.SensorSettings.mpu6050FilterChoicesHz.contains(filterHz) else {
                throw reader.error("filter_hz", "\(filterHz) is not an MPU-6050 filter bandwidth (260, 184, 94, 44, 21, 10 or 5 Hz)")
            }
        }
        let mode = try reader.choice("read_mode", Board.ReadMode.allCases.map(\.rawValue)) ?? "fifo"
        readMode = Board.ReadMode(rawValue: mode) ?? .fifo
        if let text = try reader.string("mount_matrix") {
            do {
                mountMatrix = try MountMatrix(parsing: text)
            } catch {
                throw reader.error("mount_matrix", error.message)
            }
        } else {
            mountMatrix = .identity
        }
        offsetG = try Board.SensorSettings.offset(reader) ?? .zero
        let gyro = try reader.bool("gyro")
        if kind == .adxl345 && gyro == true { throw reader.error("gyro", "the ADXL345 has no gyro (set it false or remove it)") }
        self.gyro = gyro ?? (kind != .adxl345)
        try reader.finish()
    }

    /// `offset_g`: three numbers `[x, y, z]` in g on the chip's axes, each within
    /// `maximumOffsetG`.
    private static func offset(_ reader: JSONObjectReader) throws(ConfigError) -> Vector3? {
        guard let elements = try reader.array("offset_g") else { return nil }
        guard elements.count == 3 else {
            throw reader.error("offset_g", "expected 3 numbers [x, y, z] in g on the chip's axes, found \(elements.count)")
        }
        var values: [Float] = []
        for (index, element) in elements.enumerated() {
            guard case .number(let value) = element else {
                throw ConfigError(path: "\(reader.childPath("offset_g"))[\(index)]", message: "expected a number, found \(element.kindName)")
            }
            guard abs(value) <= maximumOffsetG else {
                throw ConfigError(
                    path: "\(reader.childPath("offset_g"))[\(index)]",
                    message:
                        "\(formatNumber(value)) g is not a plausible zero-g offset (at most \(formatNumber(maximumOffsetG)) g per axis: check sensor.range_g, or run upright calibrate again)"
                )
            }
            values.append(Float(value))
        }
        return Vector3(x: values[0], y: values[1], z: values[2])
    }

    private static func address(_ reader: JSONObjectReader, kind: Board.SensorKind) throws(ConfigError) -> UInt8? {
        guard let value = reader.value("address") else {
            switch kind {
            case .mpu6050: return 0x68
            case .adxl345: return 0x53
            case .auto: return nil
            }
        }
        let number: Int
        switch value {
        case .number(let n) where n.rounded() == n && n >= 0 && n < 128:
            number = Int(n)
        case .string(let text) where text.hasPrefix("0x"):
            guard let parsed = Int(text.dropFirst(2), radix: 16), parsed < 128 else {
                throw reader.error("address", "\"\(text)\" is not a 7-bit I2C address")
            }
            number = parsed
        default:
            throw reader.error("address", "expected a 7-bit address such as \"0x68\"")
        }
        let allowed: [Int]
        switch kind {
        case .mpu6050: allowed = [0x68, 0x69]
        case .adxl345: allowed = [0x53, 0x1D]
        case .auto: allowed = [0x68, 0x69, 0x53, 0x1D]
        }
        guard allowed.contains(number) else {
            throw reader.error(
                "address",
                "0x\(String(number, radix: 16)) is not an address the \(kind.displayName) answers on (\(allowed.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")))"
            )
        }
        return UInt8(number)
    }
}

extension Board.GPIOLineSettings {
    /// nil when the section names no line (a simulated button); `chip` defaults to gpiochip0.
    init?(optional reader: JSONObjectReader) throws(ConfigError) {
        let chip = try reader.string("chip")
        guard let line = try reader.integer("line", in: 0...511) else {
            if chip != nil { throw reader.error("line", "missing (required when chip is given)") }
            return nil
        }
        if let chip, chip.isEmpty { throw reader.error("chip", "must not be empty") }
        self.init(chip: chip ?? "gpiochip0", line: line)
    }
}

extension Board.CameraSettings {
    /// The rpicam programs the command backend runs unless the board names its own
    /// (docs/camera.md): the still server, with `--zsl` when `camera.zsl` asks; the one-shot
    /// command; the video recorder (MP4 through libav, which a Pi 4 needs).
    public static func defaultStill(mode: CameraMode, zeroShutterLag: Bool) -> [String] {
        switch mode {
        case .server: ["rpicam-still", "-t", "0", "--signal", "--nopreview"] + (zeroShutterLag ? ["--zsl"] : []) + ["-o", "{file}"]
        case .oneShot: ["rpicam-still", "--immediate", "--nopreview", "-o", "{file}"]
        }
    }

    public static let defaultVideo = ["rpicam-vid", "-t", "0", "--nopreview", "--codec", "libav", "-o", "{file}"]

    /// The keys only the simulated backend has.
    static let simulatedKeys = [
        "width", "height", "quality", "clip_width", "clip_height", "clip_fps", "clip_quality", "open_ms",
        "settle_ms", "frame_ms", "capture_ms", "zsl_capture_ms", "write_ms", "preview_again_ms", "stop_ms", "video_stop_ms",
        "frame_ring",
    ]

    /// The keys only the V4L2 backend has (besides `width`, `height` and `quality`, which the
    /// simulated one has too).
    static let v4l2Keys = ["device", "fps", "format", "ring_frames"]

    /// The V4L2 camera's ready delay unless `ready_ms` says otherwise: a photo ordered while the
    /// stream starts waits in the port for its frames, and no signal can end a device, so the
    /// session need not hold it back (docs/camera.md, "V4L2").
    public static let v4l2ReadyDelay = TimeSpan.zero

    init(_ reader: JSONObjectReader) throws(ConfigError) {
        let backendName = try reader.choice("backend", ["command", "simulated", "v4l2"]) ?? "command"
        let modeName = try reader.choice("mode", CameraMode.allCases.map(\.rawValue)) ?? CameraMode.server.rawValue
        let mode = CameraMode(rawValue: modeName) ?? .server
        let zeroShutterLag = try reader.bool("zsl") ?? false
        if zeroShutterLag && mode == .oneShot {
            throw reader.error(
                "zsl", "zero shutter lag needs the still server (camera.mode \"server\"): a one-shot command opens the camera for every photo")
        }
        var session = CameraSessionSettings(mode: mode)
        if backendName == "v4l2" { session.readyDelay = Self.v4l2ReadyDelay }
        if let ready = try reader.integer("ready_ms", in: 0...30_000) { session.readyDelay = .milliseconds(Int64(ready)) }
        let backend: Backend
        switch backendName {
        case "simulated":
            if let key = Self.v4l2Keys.first(where: reader.contains) {
                throw reader.error(key, "only the v4l2 camera backend has it")
            }
            backend = .simulated(try Board.SimulatedCameraSettings(reader))
        case "v4l2":
            try Self.checkV4L2(reader, mode: mode, zeroShutterLag: zeroShutterLag)
            backend = .v4l2(try Board.V4L2CameraSettings(reader))
        default:
            if let key = (Self.simulatedKeys + Self.v4l2Keys).first(where: reader.contains) {
                throw reader.error(key, Self.ownerText(key))
            }
            let still = try Self.template(reader, "still") ?? Self.defaultTemplate(Self.defaultStill(mode: mode, zeroShutterLag: zeroShutterLag))
            let video = try Self.template(reader, "video") ?? Self.defaultTemplate(Self.defaultVideo)
            backend = .command(still: still, video: video)
        }
        try reader.finish()
        self.init(backend: backend, session: session, zeroShutterLag: zeroShutterLag)
    }

    /// The keys both the simulated and the V4L2 backends have.
    static let sharedKeys = ["width", "height", "quality"]

    /// Which backends have `key`, for a board whose backend has not.
    static func ownerText(_ key: String) -> String {
        if sharedKeys.contains(key) { return "only the simulated and v4l2 camera backends have it" }
        return v4l2Keys.contains(key) ? "only the v4l2 camera backend has it" : "only the simulated camera backend has it"
    }

    /// What a V4L2 board may not say: rpicam's one-shot mode and `--zsl` (the ring is zero
    /// shutter lag by itself), the simulated camera's own keys.
    private static func checkV4L2(_ reader: JSONObjectReader, mode: CameraMode, zeroShutterLag: Bool) throws(ConfigError) {
        if mode == .oneShot {
            throw reader.error("mode", "the v4l2 camera streams for every photo: it has no one-shot mode (use \"server\" or leave it out)")
        }
        if zeroShutterLag {
            throw reader.error("zsl", "the v4l2 camera's frame ring is zero shutter lag already (leave it out)")
        }
        if let key = Self.simulatedKeys.first(where: { reader.contains($0) && !Self.sharedKeys.contains($0) }) {
            throw reader.error(key, "only the simulated camera backend has it")
        }
    }

    /// A default template uses known placeholders only, so it is valid.
    private static func defaultTemplate(_ arguments: [String]) -> ArgvTemplate {
        // Checked by BoardTests.defaultCameraTemplatesAreValid.
        (try? ArgvTemplate(arguments: arguments)) ?? ArgvTemplate(unchecked: arguments)
    }

    private static func template(_ reader: JSONObjectReader, _ key: String) throws(ConfigError) -> ArgvTemplate? {
        guard let elements = try reader.array(key) else { return nil }
        var arguments: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw ConfigError(path: "\(reader.childPath(key))[\(index)]", message: "expected a string, found \(element.kindName)")
            }
            arguments.append(text)
        }
        do {
            return try ArgvTemplate(arguments: arguments)
        } catch {
            throw ConfigError(path: "\(reader.childPath(key))[\(error.index)]", message: error.message)
        }
    }
}

extension Board.SimulatedCameraSettings {
    /// The simulated backend's keys: photo `width`, `height` (16...4096), `quality` (1...100);
    /// movie `clip_width`, `clip_height`, `clip_fps` (1...120), `clip_quality`; the camera
    /// program's timings `open_ms`, `settle_ms`, `frame_ms`, `capture_ms`, `zsl_capture_ms`,
    /// `write_ms`, `preview_again_ms`, `stop_ms`, `video_stop_ms`; `frame_ring`, the V4L2 model
    /// (docs/camera.md).
    init(_ reader: JSONObjectReader) throws(ConfigError) {
        self.init()
        widthPixels = try reader.integer("width", in: 16...4096) ?? widthPixels
        heightPixels = try reader.integer("height", in: 16...4096) ?? heightPixels
        quality = try reader.integer("quality", in: 1...100) ?? quality
        clip.widthPixels = try reader.integer("clip_width", in: 16...4096) ?? clip.widthPixels
        clip.heightPixels = try reader.integer("clip_height", in: 16...4096) ?? clip.heightPixels
        clip.framesPerSecond = try reader.integer("clip_fps", in: 1...120) ?? clip.framesPerSecond
        clip.quality = try reader.integer("clip_quality", in: 1...100) ?? clip.quality
        var t = timings
        t.openMilliseconds = try reader.integer("open_ms", in: 0...60_000) ?? t.openMilliseconds
        t.settleMilliseconds = try reader.integer("settle_ms", in: 0...60_000) ?? t.settleMilliseconds
        t.frameMilliseconds = try reader.integer("frame_ms", in: 1...1000) ?? t.frameMilliseconds
        t.captureMilliseconds = try reader.integer("capture_ms", in: 0...60_000) ?? t.captureMilliseconds
        t.zeroLagCaptureMilliseconds = try reader.integer("zsl_capture_ms", in: 0...60_000) ?? t.zeroLagCaptureMilliseconds
        t.writeMilliseconds = try reader.integer("write_ms", in: 0...60_000) ?? t.writeMilliseconds
        t.backToPreviewMilliseconds = try reader.integer("preview_again_ms", in: 0...60_000) ?? t.backToPreviewMilliseconds
        t.stopMilliseconds = try reader.integer("stop_ms", in: 0...60_000) ?? t.stopMilliseconds
        t.videoStopMilliseconds = try reader.integer("video_stop_ms", in: 0...60_000) ?? t.videoStopMilliseconds
        timings = t
        frameRing = try reader.bool("frame_ring") ?? frameRing
    }
}

extension Board.V4L2CameraSettings {
    /// The V4L2 backend's keys: `device` (a path under /dev), `width` and `height` (16...8192),
    /// `fps` (1...240), `format` (`MJPEG` or `YUYV`), `ring_frames` (2...24: with the frames
    /// kept queued for the driver, within the 32 buffers V4L2 allows a queue), `quality`
    /// (1...100).
    init(_ reader: JSONObjectReader) throws(ConfigError) {
        self.init()
        if let path = try reader.string("device") {
            guard path.hasPrefix("/dev/"), path.count > 5 else {
                throw reader.error("device", "\"\(path)\" is not a device node (a path under /dev/, e.g. /dev/video0)")
            }
            device = path
        }
        widthPixels = try reader.integer("width", in: 16...8192) ?? widthPixels
        heightPixels = try reader.integer("height", in: 16...8192) ?? heightPixels
        framesPerSecond = try reader.integer("fps", in: 1...240) ?? framesPerSecond
        if let name = try reader.choice("format", PixelFormat.allCases.map(\.rawValue)), let chosen = PixelFormat(rawValue: name) {
            format = chosen
        }
        ringFrames = try reader.integer("ring_frames", in: Self.ringFrameRange) ?? ringFrames
        quality = try reader.integer("quality", in: 1...100) ?? quality
        // YUYV packs two pixels in four bytes (Y0 U Y1 V): an odd width has no whole pair.
        if format == .yuyv && widthPixels % 2 != 0 {
            throw reader.error("width", "\(widthPixels) is odd; YUYV frames hold pixels in pairs (an even width)")
        }
    }

    /// `ring_frames`' range.
    public static let ringFrameRange = 2...24
}

/// A board file that cannot be used: `FILE: key.path: message`, or `FILE:LINE:COLUMN: message`
/// for a JSON syntax error (the form compilers and the scenario loader use).
public struct BoardError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    /// 1-based position of a syntax error; nil for a problem with a key or the file itself.
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return "\(file): \(message)"
    }
}
