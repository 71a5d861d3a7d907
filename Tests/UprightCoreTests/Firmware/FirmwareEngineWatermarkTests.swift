import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// A sensor whose samples lie on a fixed grid (one every `samplePeriod`) with the device's
/// gravity from a script of poses: whenever it is read, it delivers the grid's samples up to
/// then. So every way of splitting a run into passes sees the same samples at the same times.
struct PoseScriptSensor: Accelerometer {
    /// From each time on, this gravity (device frame, g), until the next.
    var poses: [(from: Instant, gravityG: Vector3)] = [(.zero, Vector3(x: 0, y: -1, z: 0))]
    var samplePeriod: TimeSpan = .milliseconds(10)
    var fifoSamples: Int { 0 }
    var offsetG = Vector3.zero
    var identity: ChipIdentity? { nil }
    private var next = Instant.zero

    init(poses: [(from: Instant, gravityG: Vector3)]) { self.poses = poses }

    mutating func begin(now: Instant) throws(SensorError) {}

    mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        var report = ReadReport()
        // Bounded by the time since the last read: one sample per period.
        while next <= now {
            let gravity = poses.last { $0.from <= next }?.gravityG ?? poses[0].gravityG
            body(Sample(time: next, accelerationG: gravity))
            report.delivered += 1
            next = next + samplePeriod
        }
        return report
    }
}

/// The shutter's edges and the clock for `FirmwareEngine.pass`: the test says when each pass
/// happens (`now`); every edge up to then is waiting, as a kernel's buffer holds them.
struct ScriptedEdges: FirmwareClock, ShutterEdgeSource {
    var edges: [ShutterEdge]
    var now: Instant = .zero
    private var index = 0

    init(edges: [ShutterEdge]) { self.edges = edges }

    mutating func nextEdge() -> ShutterEdge? {
        guard index < edges.count, edges[index].time <= now else { return nil }
        index += 1
        return edges[index - 1]
    }

    var edgesKnownThrough: Instant { now }
    mutating func takeEdgesLost() -> UInt32 { 0 }
    mutating func wait(until deadline: Instant?) {}
    /// The next edge not yet taken.
    var nextEdgeTime: Instant? { index < edges.count ? edges[index].time : nil }
}

/// The camera of the watermark's property test. A camera is outside the firmware: its
/// answers are inputs with times of their own. In the punctual run it answers every photo and
/// clip start `latency` after the order (which a punctual loop gives at the instant it decides
/// it) and keeps the answers' times; a later run is given that table, so its camera answers
/// each order at the same time whenever the order reached it: the same inputs.
struct TableCamera: Camera {
    enum Key: Hashable {
        case photo(UInt32)
        case clip(UInt32)
    }
    var latency: TimeSpan = .milliseconds(300)
    /// The answers' times; filled in when `recording`, followed otherwise.
    var answers: [Key: Instant] = [:]
    var recording = true
    private var pending: [CameraReport] = []

    mutating func perform(_ order: CameraOrder, at now: Instant) {
        let key: Key
        let completion: CameraCompletion
        switch order {
        case .capturePhoto(let shot, _, _):
            key = .photo(shot)
            completion = shot % 5 == 0 ? .captureFailed(shot: shot) : .captureFinished(shot: shot)
        case .startRecording(let clip, _):
            key = .clip(clip)
            completion = .recordingStarted(clip: clip)
        default:
            return
        }
        let time = recording ? now + latency : answers[key] ?? now + latency
        if recording { answers[key] = time }
        pending.append(CameraReport(completion, at: time))
        pending.sort { $0.time < $1.time }
    }

    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard let first = pending.first, first.time <= time else { return nil }
        return pending.removeFirst()
    }

    var nextDeadline: Instant? { pending.first?.time }
}

/// A small seeded generator (SplitMix64) for the scripts.
struct ScriptGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int64) -> Int64 { Int64(next() % UInt64(max(1, bound))) }
}

/// The watermark: the engine never judges past an input it has not taken, so the records are
/// the same however the inputs are split into passes and however long the loop stalls. Each
/// case is a random script (presses, holds, bursts, bounce storms of up to 80 chatter edges,
/// turns of the camera) run twice: once with a pass at every deadline and input (a loop that
/// is never late), once with passes at random times, with stalls of up to three seconds, so
/// backlogs of hundreds of samples and dozens of edges are judged at once.
///
/// The camera is outside the firmware: its answers are inputs too, and the stalled runs get the
/// punctual run's (`TableCamera`). Its bounds (the capture and clip timeouts) count from when
/// an order really reached it, the second clock's business (`FirmwareEngineTwoClocksTests`):
/// here they are long. Everything judged here is judged at the inputs' own times.
@Suite struct FirmwareEngineWatermarkTests {
    typealias Engine = FirmwareEngine<PoseScriptSensor, TableCamera, RecordingSink>

    struct Script {
        var poses: [(from: Instant, gravityG: Vector3)]
        var edges: [ShutterEdge]
        var end: Instant
    }

    static let upright: [Vector3] = [
        Vector3(x: 0, y: -1, z: 0), Vector3(x: -1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0),
        Vector3(x: 0, y: 0, z: -1),
    ]

    /// A random script of about ten seconds from `seed`.
    static func script(seed: UInt64) -> Script {
        var random = ScriptGenerator(seed: seed)
        var poses: [(from: Instant, gravityG: Vector3)] = [(.zero, upright[Int(random.below(4))])]
        var edges: [ShutterEdge] = []
        var cursor: Int64 = 300 + random.below(500)
        let end: Int64 = 8_000 + random.below(4_000)
        func chatter(after time: Int64, level: Bool) {
            // An even number of edges inside 20 ms (two thirds of the 30 ms debounce): the
            // contact settles on the clean level.
            let count = 2 * Int(1 + random.below(40))
            var offsets = (0..<count).map { _ in 1 + random.below(19_999) }
            offsets.sort()
            var current = level
            var last: Int64 = 0
            for offset in offsets where offset > last {
                current.toggle()
                edges.append(ShutterEdge(time: Instant(nanoseconds: time * 1_000_000 + offset * 1_000), down: current))
                last = offset
            }
            if current != level { edges.append(ShutterEdge(time: Instant(nanoseconds: time * 1_000_000 + 20_000_000), down: level)) }
        }
        /// A press from `down`; the cursor moves past its last edge.
        func press(at down: Int64, for length: Int64, storm: Bool) {
            edges.append(ShutterEdge(time: ms(down), down: true))
            if storm { chatter(after: down, level: true) }
            edges.append(ShutterEdge(time: ms(down + length), down: false))
            if storm { chatter(after: down + length, level: false) }
            cursor = down + length + 25
        }
        while cursor < end - 2_000 {
            switch random.below(6) {
            case 0: poses.append((ms(cursor), upright[Int(random.below(5))]))
            case 1: press(at: cursor, for: 1_100 + random.below(800), storm: random.below(3) == 0)
            case 2:
                // Faster than photos are taken: the press queue fills.
                for _ in 0..<(2 + random.below(8)) { press(at: cursor + 35 + random.below(25), for: 45 + random.below(15), storm: false) }
            default: press(at: cursor, for: 60 + random.below(500), storm: random.below(2) == 0)
            }
            cursor += 150 + random.below(1_200)
        }
        return Script(poses: poses, edges: edges, end: ms(end))
    }

    static func engine(_ script: Script, camera: TableCamera = TableCamera()) throws -> Engine {
        var settings = FirmwareSettings(
            machine: MachineConfiguration(idleTimeout: .seconds(4), captureTimeout: .seconds(3_600), maxClipLength: .seconds(3_600)),
            strictBounds: true)
        settings.supervision = SupervisionSettings(failureTimeout: .seconds(5))
        return try Engine(
            sensor: PoseScriptSensor(poses: script.poses), camera: camera, records: RecordingSink(), settings: settings, initial: .idle,
            start: .zero)
    }

    /// A pass at every deadline and every edge: never late. The records, and the camera's
    /// answers for the other runs.
    static func punctual(_ script: Script) throws -> (records: [RecordingSink.Entry], camera: TableCamera) {
        let engine = try engine(script)
        var source = ScriptedEdges(edges: script.edges)
        // Bounded: every pass moves time forward to the next deadline or edge.
        for _ in 0..<1_000_000 {
            var next = script.end
            if let deadline = engine.nextDeadline { next = min(next, deadline) }
            if let edge = source.nextEdgeTime { next = min(next, edge) }
            source.now = max(next, source.now)
            engine.pass(&source)
            if source.now >= script.end { break }
        }
        var camera = engine.runtime.camera
        camera.recording = false
        return (engine.runtime.sink.records, camera)
    }

    /// Passes at random times: runs of close passes, and stalls of up to three seconds.
    static func stalled(_ script: Script, camera: TableCamera, seed: UInt64) throws -> [RecordingSink.Entry] {
        let engine = try engine(script, camera: camera)
        var source = ScriptedEdges(edges: script.edges)
        var random = ScriptGenerator(seed: seed)
        var now: Int64 = 0
        let end = script.end.nanoseconds / 1_000_000
        while now < end {
            now = min(end, now + (random.below(4) == 0 ? 300 + random.below(2_700) : 1 + random.below(60)))
            source.now = ms(now)
            engine.pass(&source)
        }
        return engine.runtime.sink.records
    }

    @Test(arguments: 0..<400)
    func recordsDoNotDependOnHowPassesAreSplit(seed: Int) throws {
        let script = Self.script(seed: UInt64(seed))
        let reference = try Self.punctual(script)
        for split in 0..<5 {
            let records = try Self.stalled(script, camera: reference.camera, seed: UInt64(seed) &* 1_000 &+ UInt64(split))
            #expect(records.map(Self.withoutDuration) == reference.records.map(Self.withoutDuration), "script \(seed), split \(split)")
            // A clip's duration is the recorder's: to the stop order reaching it, which a
            // stall makes later, never earlier.
            #expect(zip(records.map(Self.duration), reference.records.map(Self.duration)).allSatisfy { $0 >= $1 }, "script \(seed), split \(split)")
        }
    }

    /// The record without a clip's duration, the one field the real clock sets.
    static func withoutDuration(_ entry: RecordingSink.Entry) -> RecordingSink.Entry {
        guard case .recordStop(let clip, let orientation, let reason, _) = entry.record else { return entry }
        return .init(milliseconds: entry.milliseconds, record: .recordStop(clip: clip, orientation: orientation, reason: reason))
    }

    static func duration(_ entry: RecordingSink.Entry) -> UInt32 {
        if case .recordStop(_, _, _, let duration) = entry.record { return duration }
        return 0
    }

    /// The scripts exercise what they claim: presses are answered, holds start clips, storms
    /// bring many edges, and the checker above can tell two runs apart.
    @Test func theScriptsAreRichAndTheComparisonCanFail() throws {
        var captures = 0
        var clips = 0
        var rejections = 0
        for seed in 0..<40 {
            for entry in try Self.punctual(Self.script(seed: UInt64(seed))).records {
                switch entry.record {
                case .captureFailed, .capture: captures += 1
                case .recordStart: clips += 1
                case .shutterRejected: rejections += 1
                default: break
                }
            }
        }
        #expect(captures > 100 && clips > 20 && rejections > 5, "\(captures) photos, \(clips) clips, \(rejections) rejections")
        // A caller that breaks the sources' promise (it steps to the read time, then feeds the
        // edges of the two seconds before): the engine judges them late (a `late-input` record
        // each, not strict here) and the records differ, as the engine before the watermark's
        // did after every stall.
        let script = Self.script(seed: 3)
        let reference = try Self.punctual(script)
        var settings = FirmwareSettings(machine: MachineConfiguration(idleTimeout: .seconds(4), captureTimeout: .seconds(3_600)))
        settings.supervision = SupervisionSettings(failureTimeout: .seconds(5))
        let engine = try Engine(
            sensor: PoseScriptSensor(poses: script.poses), camera: reference.camera, records: RecordingSink(), settings: settings,
            initial: .idle, start: .zero)
        for time in stride(from: Int64(2_000), through: script.end.nanoseconds / 1_000_000, by: 2_000) {
            engine.step(now: ms(time))
            for edge in script.edges where edge.time <= ms(time) && edge.time > ms(time - 2_000) { engine.shutterEdge(edge) }
            engine.step(now: ms(time))
        }
        #expect(engine.runtime.sink.records.contains { $0.record == .bound(.lateInput, lost: 0) })
        #expect(engine.runtime.sink.records != reference.records)
    }
}

/// The soak's and the kernel rig's failure, kept: a press whose contacts chatter 80 times
/// (40 edges after each clean edge, inside the debounce), all of it during a two-second stall
/// of the loop. One pass after the stall judges the whole backlog at its own times: one press,
/// one photo, the same records as a loop that was never late.
@Suite struct FirmwareEngineChatterTests {
    static func edges() -> [ShutterEdge] {
        var edges: [ShutterEdge] = []
        for (clean, down) in [(Int64(1_000), true), (1_300, false)] {
            edges.append(ShutterEdge(time: ms(clean), down: down))
            var level = down
            // 40 edges 0.5 ms apart: the contact bounces for 20 ms and settles on `down`.
            for index in 1...40 {
                level.toggle()
                edges.append(ShutterEdge(time: Instant(nanoseconds: clean * 1_000_000 + Int64(index) * 500_000), down: level))
            }
        }
        return edges
    }

    static func run(passes: [Int64]) throws -> [RecordingSink.Entry] {
        let engine = try FirmwareEngine(
            sensor: PoseScriptSensor(poses: [(.zero, Vector3(x: -1, y: 0, z: 0))]), camera: FakeCamera(), records: RecordingSink(),
            settings: FirmwareSettings(strictBounds: true), initial: .previewing, start: .zero)
        var source = ScriptedEdges(edges: edges())
        for time in passes {
            source.now = ms(time)
            engine.pass(&source)
        }
        return engine.runtime.sink.records
    }

    @Test func eightyChatterEdgesInATwoSecondStallAreOnePress() throws {
        let stalled = try Self.run(passes: [900, 2_900, 3_000])
        let punctual = try Self.run(passes: Array(stride(from: 0, through: 3_000, by: 1)))
        #expect(stalled.map(\.record) == punctual.map(\.record))
        // The photo's order reached the camera after the stall: its answer comes 100 ms after
        // that; every judgment before it is at the edges' own times.
        #expect(
            stalled.filter { $0.record != .state(from: .capturing, to: .previewing) && !Self.isCapture($0.record) }
                == punctual.filter { $0.record != .state(from: .capturing, to: .previewing) && !Self.isCapture($0.record) })
        #expect(stalled.filter { Self.isCapture($0.record) }.map(\.milliseconds) == [3_000])
        // Punctual, the photo was ordered at the touch (1000 ms) and answered before the
        // release was confirmed: journaled then.
        #expect(punctual.filter { Self.isCapture($0.record) }.map(\.milliseconds) == [1_350])
        // One press: touched at 1000 ms, released at 1300 ms, confirmed once the debounce ran
        // out after the release's chatter (1320 + 30 ms).
        #expect(
            punctual.map(\.record) == [
                .orientation(.leftUp), .state(from: .previewing, to: .capturing),
                .capture(shot: 1, orientation: .leftUp, stale: false), .state(from: .capturing, to: .previewing),
            ])
        #expect(punctual.first { $0.record == .state(from: .previewing, to: .capturing) }?.milliseconds == 1_350)
    }

    static func isCapture(_ record: MachineRecord) -> Bool {
        if case .capture = record { return true }
        return false
    }
}
