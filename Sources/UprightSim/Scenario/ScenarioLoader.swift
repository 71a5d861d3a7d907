import UprightCore
import UprightHost
#if canImport(Glibc)
import Glibc
#endif

/// Reads and validates scenario files (format: docs/scenarios.md). Every value is checked
/// (times finite, non-negative and inside the run, windows and keyframes in order, values in
/// range) and every error names the file and the key: `demo.json: motion[2].angle: ...`.
public enum ScenarioLoader {
    /// Reads the file at `path`; errors name `path` as given.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let bytes = try readFile(path)
        return try parse(bytes, file: path)
    }

    public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        try parse(Array(text.utf8), file: file)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, error)
        }
        do {
            return try read(JSONObjectReader(value))
        } catch {
            throw ScenarioError(file: file, error)
        }
    }

    // MARK: the document

    static func read(_ root: JSONObjectReader) throws(ConfigError) -> Scenario {
        try knownKeysOnly(
            root, ["description", "board", "duration", "seed", "motion", "disturbances", "sensor", "button", "faults", "shutdown", "card", "expect"])
        let summary = try root.string("description") ?? ""
        let board = try root.string("board") ?? Scenario.defaultBoard
        if board.isEmpty { throw root.error("board", "must not be empty") }
        guard let duration = try root.number("duration") else { throw root.error("duration", "missing (required)") }
        guard duration.isFinite, duration > 0, duration <= Scenario.maximumDurationSeconds else {
            throw root.error("duration", "\(show(duration)) is out of range (more than 0, at most \(show(Scenario.maximumDurationSeconds)) seconds)")
        }
        let seed = try root.integer("seed", in: 0...(1 << 53)).map { UInt64($0) }
        let context = Context(durationSeconds: duration)

        let keyframes = try readMotion(root, context)
        var disturbances: [Disturbance] = []
        for reader in try root.objects("disturbances") {
            disturbances.append(try readDisturbance(reader, context))
        }
        let sensor = try root.object("sensor").map { (reader) throws(ConfigError) in try readSensor(reader) } ?? .none
        let button = try root.object("button").map { (reader) throws(ConfigError) in try readButton(reader, context) } ?? ButtonScript()
        var faults: [FaultSpec] = []
        for reader in try root.objects("faults") {
            faults.append(try readFault(reader, context))
        }
        let shutdown = try number(root, "shutdown", in: 0...duration, unit: "seconds")
        let card = try root.object("card").map { (reader) throws(ConfigError) in try readCard(reader) } ?? .instant
        let expectations = try root.object("expect").map { (reader) throws(ConfigError) in try readExpectations(reader) } ?? ScenarioExpectations()
        try root.finish()
        var scenario = Scenario(
            summary: summary, board: board, durationSeconds: duration, seed: seed, keyframes: keyframes,
            disturbances: disturbances, sensor: sensor, button: button, faults: faults, shutdownSeconds: shutdown,
            expectations: expectations)
        scenario.card = card
        return scenario
    }

    /// `card`: `flush_ms` (each flush, as the kernel rig's slow card holds each write and
    /// flush), `stall_probability` and `stall_ms` (a job the card holds longer), `queue` (the
    /// files worker's capacity, a Pi's 16 when not given), `journal_queue` (the journal's
    /// worker's, a Pi's 256 when not given; each journal line one flush).
    static func readCard(_ reader: JSONObjectReader) throws(ConfigError) -> SimCard {
        try knownKeysOnly(reader, ["flush_ms", "stall_probability", "stall_ms", "queue", "journal_queue"])
        let flush = try reader.integer("flush_ms", in: 0...60_000) ?? 0
        let probability = try reader.number("stall_probability", in: 0...1) ?? 0
        let stall = try reader.integer("stall_ms", in: 0...600_000) ?? 0
        let queue = try reader.integer("queue", in: 0...1024) ?? CameraFiles.workerCapacity
        let journalQueue = try reader.integer("journal_queue", in: 1...4096) ?? SimCard.journalWorkerCapacity
        try reader.finish()
        return SimCard(
            flushMilliseconds: Int64(flush), stallProbability: probability, stallMilliseconds: Int64(stall), queueCapacity: queue,
            journalQueueCapacity: journalQueue)
    }

    struct Context {
        var durationSeconds: Double
    }

    // MARK: motion

    /// Refuses a misspelt key before a required one is reported missing, so `"angel": 0`
    /// reads `motion[1].angel: unknown key`, not `motion[1].angle: missing`.
    static func knownKeysOnly(_ reader: JSONObjectReader, _ known: [String]) throws(ConfigError) {
        if let unknown = reader.keys.first(where: { !known.contains($0) }) {
            throw reader.error(unknown, "unknown key")
        }
    }

    static func readMotion(_ root: JSONObjectReader, _ context: Context) throws(ConfigError) -> [MotionKeyframe] {
        guard root.contains("motion") else { throw root.error("motion", "missing (required): at least one keyframe") }
        let readers = try root.objects("motion")
        if readers.isEmpty { throw root.error("motion", "needs at least one keyframe") }
        var keyframes: [MotionKeyframe] = []
        for reader in readers {
            try knownKeysOnly(reader, ["t", "angle", "tilt", "easing"])
            let time = try requiredTime(reader, "t", context)
            if let previous = keyframes.last, time <= previous.timeSeconds {
                throw reader.error(
                    "t", "\(show(time)) is not after the previous keyframe's time (\(show(previous.timeSeconds)) s); keyframes must be in time order")
            }
            let angle = try requiredNumber(reader, "angle", in: -3600...3600, unit: "degrees")
            let tilt = try number(reader, "tilt", in: -90...90, unit: "degrees") ?? 0
            let easing = try reader.choice("easing", Easing.allCases.map(\.rawValue)).flatMap { Easing(rawValue: $0) } ?? .linear
            try reader.finish()
            keyframes.append(MotionKeyframe(timeSeconds: time, angleDegrees: angle, tiltDegrees: tilt, easing: easing))
        }
        return keyframes
    }

    static func readDisturbance(_ reader: JSONObjectReader, _ context: Context) throws(ConfigError) -> Disturbance {
        let type = try reader.choice("type", ["shake", "vibration", "drop"])
        let disturbance: Disturbance
        switch type {
        case "shake":
            let start = try requiredTime(reader, "start", context)
            let duration = try requiredNumber(reader, "duration", in: 0.001...600, unit: "seconds")
            try endsInsideTheRun(reader, "duration", start + duration, context)
            let amplitude = try requiredNumber(reader, "amplitude", in: 0...16, unit: "g")
            let frequency = try requiredNumber(reader, "frequency", in: 0.1...500, unit: "Hz")
            let axes = try readAxes(reader)
            let rotation = try number(reader, "rotation", in: 0...180, unit: "degrees") ?? 0
            disturbance = .shake(
                Shake(
                    startSeconds: start, durationSeconds: duration, amplitudeG: amplitude, frequencyHertz: frequency, axes: axes,
                    rotationDegrees: rotation))
        case "vibration":
            let start = try time(reader, "start", context) ?? 0
            let duration = try number(reader, "duration", in: 0.001...Scenario.maximumDurationSeconds, unit: "seconds")
            if let duration { try endsInsideTheRun(reader, "duration", start + duration, context) }
            let amplitude = try requiredNumber(reader, "amplitude", in: 0...4, unit: "g")
            let frequency = try requiredNumber(reader, "frequency", in: 1...2000, unit: "Hz")
            let axes = try readAxes(reader)
            disturbance = .vibration(
                Vibration(startSeconds: start, durationSeconds: duration, amplitudeG: amplitude, frequencyHertz: frequency, axes: axes))
        case "drop":
            let start = try requiredTime(reader, "start", context)
            let fall = try requiredNumber(reader, "fall", in: 0.01...3, unit: "seconds")
            let impact = try number(reader, "impact", in: 0...200, unit: "g") ?? 10
            let impactDuration = try number(reader, "impact_duration", in: 0.001...0.1, unit: "seconds") ?? 0.01
            try endsInsideTheRun(reader, "fall", start + fall + impactDuration, context)
            disturbance = .drop(Drop(startSeconds: start, fallSeconds: fall, impactG: impact, impactSeconds: impactDuration))
        case nil:
            throw reader.error("type", "missing (required): one of \"shake\", \"vibration\", \"drop\"")
        default:
            throw reader.error("type", "unknown disturbance")
        }
        try reader.finish()
        return disturbance
    }

    static func readAxes(_ reader: JSONObjectReader) throws(ConfigError) -> Axes {
        guard let letters = try reader.string("axes") else { return .all }
        guard let axes = Axes(letters: letters) else {
            throw reader.error("axes", "\"\(letters)\" is not a set of axes (letters x, y, z, each at most once, e.g. \"xy\")")
        }
        return axes
    }

    // MARK: sensor

    static func readSensor(_ reader: JSONObjectReader) throws(ConfigError) -> SensorErrors {
        let noise = try number(reader, "noise", in: 0...1, unit: "g") ?? 0
        let bias = try vector(reader, "bias", limit: 2, unit: "g") ?? .zero
        let gyroNoise = try number(reader, "gyro_noise", in: 0...100, unit: "degrees per second") ?? 0
        let gyroBias = try vector(reader, "gyro_bias", limit: 500, unit: "degrees per second") ?? .zero
        var errors = SensorErrors(accelerationNoiseG: noise, accelerationBiasG: bias, angularRateNoiseDPS: gyroNoise, angularRateBiasDPS: gyroBias)
        errors.chipAccelerationBiasG = try vector(reader, "chip_bias", limit: 2, unit: "g")
        if errors.chipAccelerationBiasG != nil, reader.contains("bias") {
            throw reader.error("chip_bias", "give the bias once: bias (device frame) or chip_bias (the chip's axes), not both")
        }
        if let text = try reader.string("mount_matrix") {
            do throws(MountMatrixError) {
                let mount = try MountMatrix(parsing: text)
                guard mount.inverse != nil else { throw MountMatrixError.singular }
                errors.physicalMount = mount
            } catch {
                throw reader.error("mount_matrix", error.message)
            }
        }
        try reader.finish()
        return errors
    }

    static func vector(_ reader: JSONObjectReader, _ key: String, limit: Double, unit: String) throws(ConfigError) -> Vector3? {
        guard let elements = try reader.array(key) else { return nil }
        guard elements.count == 3 else { throw reader.error(key, "expected 3 numbers [x, y, z], found \(elements.count)") }
        var values: [Float] = []
        for (index, element) in elements.enumerated() {
            let path = "\(key)[\(index)]"
            guard case .number(let value) = element else { throw reader.error(path, "expected a number, found \(element.kindName)") }
            guard value.isFinite, abs(value) <= limit else {
                throw reader.error(path, "\(show(value)) is out of range (-\(show(limit))..\(show(limit)) \(unit))")
            }
            values.append(Float(value))
        }
        return Vector3(x: values[0], y: values[1], z: values[2])
    }

    // MARK: button

    static func readButton(_ reader: JSONObjectReader, _ context: Context) throws(ConfigError) -> ButtonScript {
        let bounce = try number(reader, "bounce", in: 0...0.05, unit: "seconds") ?? 0
        var actions: [ButtonAction] = []
        var pressed = false
        var lastEdge = -Double.infinity
        for action in try reader.objects("actions") {
            try knownKeysOnly(action, ["t", "action", "duration"])
            let time = try requiredTime(action, "t", context)
            guard time > lastEdge else {
                throw action.error("t", "\(show(time)) is not after the previous button edge (\(show(lastEdge)) s); actions must be in time order")
            }
            guard let kindName = try action.choice("action", ButtonAction.Kind.allCases.map(\.rawValue)),
                let kind = ButtonAction.Kind(rawValue: kindName)
            else {
                throw action.error("action", "missing (required): one of \"press\", \"release\", \"hold\"")
            }
            var hold: Double?
            switch kind {
            case .press:
                if pressed { throw action.error("action", "press while the button is already down") }
                pressed = true
                lastEdge = time
            case .release:
                if !pressed { throw action.error("action", "release while the button is up") }
                pressed = false
                lastEdge = time
            case .hold:
                if pressed { throw action.error("action", "hold while the button is already down") }
                guard let seconds = try number(action, "duration", in: 0.001...600, unit: "seconds") else {
                    throw action.error("duration", "missing (required for a hold)")
                }
                guard time + seconds <= context.durationSeconds else {
                    throw action.error(
                        "duration", "the release at \(show(time + seconds)) s is after the end of the run (\(show(context.durationSeconds)) s)")
                }
                hold = seconds
                lastEdge = time + seconds
            }
            try action.finish()
            actions.append(ButtonAction(timeSeconds: time, kind: kind, holdSeconds: hold))
        }
        try reader.finish()
        return ButtonScript(actions: actions, bounceSeconds: bounce)
    }

    // MARK: faults

    static func readFault(_ reader: JSONObjectReader, _ context: Context) throws(ConfigError) -> FaultSpec {
        let type = try reader.choice("type", ["bus-errors", "chip-reset", "unplug", "stuck", "camera-crash", "camera-hang", "camera-busy"])
        let fault: FaultSpec
        switch type {
        case "bus-errors":
            let (start, duration) = try window(reader, context)
            let probability = try requiredNumber(reader, "probability", in: 0...1, unit: "")
            var error = I2CError.noAcknowledge
            let names = FaultSpec.busErrorNames.map(\.name)
            if let name = try reader.choice("error", names), let found = FaultSpec.busErrorNames.first(where: { $0.name == name }) {
                error = found.error
            }
            fault = .busErrors(startSeconds: start, durationSeconds: duration, probability: probability, error: error)
        case "chip-reset":
            fault = .chipReset(timeSeconds: try requiredTime(reader, "t", context))
        case "unplug":
            let time = try requiredTime(reader, "t", context)
            let replug = try self.time(reader, "replug", context)
            if let replug, replug <= time {
                throw reader.error("replug", "\(show(replug)) is not after the unplug (\(show(time)) s)")
            }
            fault = .unplug(timeSeconds: time, replugSeconds: replug)
        case "stuck":
            let (start, duration) = try window(reader, context)
            fault = .stuckData(startSeconds: start, durationSeconds: duration)
        case "camera-crash":
            fault = .cameraCrash(timeSeconds: try requiredTime(reader, "t", context))
        case "camera-hang":
            fault = .cameraHang(timeSeconds: try requiredTime(reader, "t", context))
        case "camera-busy":
            let (start, duration) = try window(reader, context)
            fault = .cameraBusy(startSeconds: start, durationSeconds: duration)
        case nil:
            throw reader.error(
                "type",
                "missing (required): one of \"bus-errors\", \"chip-reset\", \"unplug\", \"stuck\", \"camera-crash\", \"camera-hang\", \"camera-busy\""
            )
        default:
            throw reader.error("type", "unknown fault")
        }
        try reader.finish()
        return fault
    }

    /// `start` and `duration` of a window that must end inside the run.
    static func window(_ reader: JSONObjectReader, _ context: Context) throws(ConfigError) -> (Double, Double) {
        let start = try requiredTime(reader, "start", context)
        let duration = try requiredNumber(reader, "duration", in: 0.001...Scenario.maximumDurationSeconds, unit: "seconds")
        try endsInsideTheRun(reader, "duration", start + duration, context)
        return (start, duration)
    }

    /// A window (named by `key`) ending at `end` must end inside the run.
    static func endsInsideTheRun(_ reader: JSONObjectReader, _ key: String, _ end: Double, _ context: Context) throws(ConfigError) {
        guard end <= context.durationSeconds + 1e-9 else {
            throw reader.error(key, "the window ends at \(show(end)) s, after the end of the run (\(show(context.durationSeconds)) s)")
        }
    }

    // MARK: expectations

    static func readExpectations(_ reader: JSONObjectReader) throws(ConfigError) -> ScenarioExpectations {
        var expectations = ScenarioExpectations()
        expectations.captures = try reader.integer("captures", in: 0...100_000)
        expectations.clips = try reader.integer("clips", in: 0...100_000)
        expectations.orientationChanges = try reader.integer("orientation_changes", in: 0...100_000)
        expectations.rejections = try reader.integer("rejections", in: 0...100_000)
        expectations.finalState = try reader.choice("final_state", ScenarioExpectations.stateNames)
        for latch in try reader.objects("latched") {
            let capture = try latch.integer("capture", in: 1...100_000)
            let clip = try latch.integer("clip", in: 1...100_000)
            let target: ScenarioExpectations.Latch.Target
            switch (capture, clip) {
            case (let number?, nil): target = .capture(number)
            case (nil, let number?): target = .clip(number)
            case (.some, .some): throw latch.error("clip", "give either \"capture\" or \"clip\", not both")
            case (nil, nil): throw latch.error("capture", "missing (required): \"capture\": N or \"clip\": N")
            }
            let names = UprightOrientation.allCases.map(\.description) + [UprightOrientation.unknownName]
            guard let name = try latch.string("orientation") else { throw latch.error("orientation", "missing (required)") }
            guard let orientation = UprightOrientation.latch(named: name) else {
                let flat = Orientation(name: name)?.isFlat == true ? " (a latch is never flat)" : ""
                throw latch.error("orientation", "\"\(name)\" is not one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))\(flat)")
            }
            try latch.finish()
            expectations.latches.append(ScenarioExpectations.Latch(target: target, orientation: orientation))
        }
        try reader.finish()
        return expectations
    }

    // MARK: values

    static func number(_ reader: JSONObjectReader, _ key: String, in range: ClosedRange<Double>, unit: String) throws(ConfigError) -> Double? {
        guard let value = try reader.number(key) else { return nil }
        guard value.isFinite, range.contains(value) else {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            throw reader.error(key, "\(show(value)) is out of range (\(show(range.lowerBound))..\(show(range.upperBound))\(suffix))")
        }
        return value
    }

    static func requiredNumber(_ reader: JSONObjectReader, _ key: String, in range: ClosedRange<Double>, unit: String) throws(ConfigError) -> Double {
        guard let value = try number(reader, key, in: range, unit: unit) else { throw reader.error(key, "missing (required)") }
        return value
    }

    /// A time in seconds from the start: finite, non-negative, not after the end of the run.
    static func time(_ reader: JSONObjectReader, _ key: String, _ context: Context) throws(ConfigError) -> Double? {
        guard let value = try reader.number(key) else { return nil }
        guard value.isFinite, value >= 0 else { throw reader.error(key, "\(show(value)) is not a time (seconds from the start, 0 or more)") }
        guard value <= context.durationSeconds else {
            throw reader.error(key, "\(show(value)) is after the end of the run (\(show(context.durationSeconds)) s)")
        }
        return value
    }

    static func requiredTime(_ reader: JSONObjectReader, _ key: String, _ context: Context) throws(ConfigError) -> Double {
        guard let value = try time(reader, key, context) else { throw reader.error(key, "missing (required)") }
        return value
    }

    static func show(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    // MARK: files

    static func readFile(_ path: String) throws(ScenarioError) -> [UInt8] {
        guard let handle = fopen(path, "rb") else {
            throw ScenarioError(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if bytes.count > JSONParser.maximumBytes {
                throw ScenarioError(file: path, message: "file is larger than \(JSONParser.maximumBytes >> 20) MiB")
            }
            if count < chunk.count {
                if ferror(handle) != 0 { throw ScenarioError(file: path, message: "read error: \(String(cString: strerror(errno)))") }
                break
            }
        }
        return bytes
    }
}
