import Testing
import UprightCore
import UprightHost
import UprightSim
#if canImport(Glibc)
import Glibc
#endif

/// Every `.json` file under `folder` (repository-relative), recursively, sorted.
func scenarioFiles(under folder: String) -> [String] {
    var found: [String] = []
    guard let directory = opendir(repositoryPath(folder)) else { return [] }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard !name.hasPrefix(".") else { continue }
        if name.hasSuffix(".json") {
            found.append(folder + "/" + name)
        } else if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
            found += scenarioFiles(under: folder + "/" + name)
        }
    }
    return found.sorted()
}

/// A fresh empty directory under /tmp.
func temporaryDirectory() -> String {
    var template = Array("/tmp/upright-sim-test-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

@Suite struct SimulationTests {
    static func board() throws -> Board { try Board.load(path: repositoryPath("boards/sim.json")) }

    /// Runs `scenario` on its own board (boards/sim.json unless it names another, from the
    /// repository's root as `upright sim` run there finds it) with the simulated camera writing
    /// into `out` (a fresh temporary directory when nil); full-size photos and movies only when
    /// asked for (they are slow in a debug build), else a few pixels across.
    static func run(_ scenario: Scenario, seed: UInt64? = nil, out: String? = nil, photos: Bool = false) throws -> SimulationResult<SimCamera> {
        var board = try Board.load(path: repositoryPath(scenario.board))
        if !photos, case .simulated(var small) = board.camera.backend {
            (small.widthPixels, small.heightPixels) = (16, 12)
            (small.clip.widthPixels, small.clip.heightPixels, small.clip.framesPerSecond) = (16, 12, 2)
            board.camera.backend = .simulated(small)
        }
        let directory = out ?? temporaryDirectory()
        return try Simulation(scenario: scenario, board: board, seed: seed ?? scenario.seed ?? 1, outputDirectory: directory).run()
    }

    static func at(_ event: TimedEvent) -> String { TextFormat.fixed(event.time.seconds, decimals: 3) }

    @Test func theCorpusIsFound() {
        let files = scenarioFiles(under: "scenarios")
        #expect(files.contains("scenarios/demo.json"))
        #expect(files.contains("scenarios/examples/faults.json"))
    }

    /// A scenario is a test: each file under scenarios/ runs on the real pipeline and meets
    /// every expectation it states.
    @Test(arguments: scenarioFiles(under: "scenarios"))
    func scenarioMeetsItsExpectations(path: String) throws {
        let scenario = try ScenarioLoader.load(path: repositoryPath(path))
        let result = try Self.run(scenario)
        #expect(!result.expectations.isEmpty, "\(path) states no expectations")
        for failed in result.expectations where !failed.passed {
            Issue.record("\(path): \(failed.line)")
        }
    }

    /// Board timings reach the gesture recogniser, the machine and the camera: debounce 30 ms
    /// and idle timeout 20 s (boards/sim.json); the photo is ordered at the touch (1.000), so
    /// the still server starts for it then and is ready 1 s later (2.000); the photo is exposed
    /// at 2.426 (the next frame and 400 ms of capture) and written 300 ms after that (2.726),
    /// which the engine takes at its next pass (2.740). The chip is read on a context of its
    /// own: with its gyro (the default) the MPU-6050's FIFO holds 85 records, 85 ms at 1 kHz,
    /// less than a loop with slow work may leave it (`ReadSchedule`); accelerometer records
    /// alone (170 ms) are read in the engine's own step, whose pass takes the file at 2.726.
    @Test func boardTimingsDriveTheMachine() throws {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 25, "motion": [ { "t": 0, "angle": 0 } ],
              "button": { "actions": [ { "t": 1, "action": "hold", "duration": 0.1 } ] } }
            """, file: "timings.json")
        let result = try Self.run(scenario)
        let lines = result.events.map { Self.at($0) + " " + $0.record.name }
        #expect(
            lines == [
                "0.181 orientation", // the detector's first decision: normal
                "1.030 state", // idle -> previewing at the press edge's settling
                "1.130 state", // previewing -> capturing at the release's settling
                "2.740 capture", // the file closed (the server started at the touch, 1.000)
                "2.740 state", // capturing -> previewing
                "22.740 state", // previewing -> idle after 20 s without a press
            ])
        #expect(result.events.last?.record == .state(from: "previewing", to: "idle"))
        #expect(result.finalState == .idle)
    }

    /// Issue 39: on its side (right-up) from power-on, pressed at 0.02 s, before the detector's
    /// first decision (0.181 s). `scenario` presses for `seconds`; returns the photo's latch in
    /// its record and the EXIF Orientation its file carries (nil: no tag).
    static func pressAtPowerOn(held seconds: Double) throws -> (record: String, exif: UInt16?, firstDecision: Double?) {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 2, "motion": [ { "t": 0, "angle": 270 } ],
              "button": { "actions": [ { "t": 0.02, "action": "hold", "duration": \(seconds) } ] } }
            """, file: "power-on.json")
        let out = temporaryDirectory()
        let result = try Self.run(scenario, out: out)
        let first = result.events.first { if case .orientation = $0.record { true } else { false } }
        let captures = result.events.compactMap { event -> (UprightOrientation?, String?)? in
            if case .capture(_, let orientation, _, let file, _, _) = event.record { return (orientation, file) }
            return nil
        }
        try #require(captures.count == 1)
        let file = try #require(captures[0].1)
        let exif = try JPEGOrientationPatcher.orientation(of: try POSIXFile.readAll(out + "/" + file, limit: 1 << 24))
        return (captures[0].0.latchName, exif, first?.time.seconds)
    }

    /// Held past the first decision, the press latches it: right-up in the record, EXIF 8
    /// (right-up, docs/conventions.md) in the photo; the decision ordered the photo.
    @Test func aPressBeforeTheFirstDecisionHeldPastItLatchesIt() throws {
        let photo = try Self.pressAtPowerOn(held: 0.3)
        #expect(photo.firstDecision.map { TextFormat.fixed($0, decimals: 3) } == "0.181")
        #expect(photo.record == "right-up")
        #expect(photo.exif == 8)
    }

    /// Released before the first decision, the photo must be ordered undecided: `unknown` in
    /// the record and no Orientation tag in the photo (never a default `normal`, EXIF 1).
    @Test func aPressReleasedBeforeTheFirstDecisionIsUnknown() throws {
        let photo = try Self.pressAtPowerOn(held: 0.1)
        #expect(photo.record == "unknown")
        #expect(photo.exif == nil)
    }

    /// The scenario says how the chip is really mounted and biased; the board file what the
    /// firmware believes. Believing the identity, a chip turned 90 degrees reads the camera's
    /// upright pose as right-up; with the true matrix and offsets it reads normal.
    @Test func physicalMountAndBiasAreTheChipsNotTheBoards() throws {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 3, "motion": [ { "t": 0, "angle": 0 } ],
              "sensor": { "mount_matrix": "0, -1, 0; 1, 0, 0; 0, 0, 1", "chip_bias": [0, 0.3, 0], "noise": 0.004 },
              "button": { "actions": [ { "t": 1, "action": "hold", "duration": 0.1 } ] } }
            """, file: "turned.json")
        func latched(_ board: Board) throws -> (orientations: [EventRecord], capture: UprightOrientation?) {
            var small = board
            if case .simulated(var settings) = board.camera.backend {
                (settings.widthPixels, settings.heightPixels) = (16, 12)
                small.camera.backend = .simulated(settings)
            }
            let result = try Simulation(scenario: scenario, board: small, seed: 1, outputDirectory: temporaryDirectory()).run()
            let records = result.events.map(\.record)
            return (
                records.filter { if case .orientation = $0 { true } else { false } },
                records.lazy.compactMap { if case .capture(_, let orientation, _, _, _, _) = $0 { orientation } else { nil } }.first
            )
        }
        let believed = try latched(Self.board())
        #expect(believed.orientations == [.orientation(.rightUp)])
        #expect(believed.capture == .rightUp)
        var calibrated = try Self.board()
        calibrated.sensor.mountMatrix = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1")
        calibrated.sensor.offsetG = Vector3(x: 0, y: 0.3, z: 0)
        let truth = try latched(calibrated)
        #expect(truth.orientations == [.orientation(.normal)])
        #expect(truth.capture == .normal)
    }

    /// The gyro-offset rule runs in the engine, so the simulator proves it: an MPU-6050 whose
    /// gyro reads 30 degrees a second about x at rest (past PS 6.1's +-20) gets one `fault`
    /// `gyro-offset` once it has lasted 1 s of rest, no `recovered` while it lasts, and
    /// the photo still latches normal, not stale; at 15 degrees a second, no fault at all.
    @Test(arguments: [(30.0, true), (15.0, false)])
    func anImplausibleGyroOffsetIsAFaultRecord(biasDPS: Double, faulted: Bool) throws {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 8, "motion": [ { "t": 0, "angle": 0 } ],
              "sensor": { "gyro_bias": [\(biasDPS), 0, 0] },
              "button": { "actions": [ { "t": 5, "action": "hold", "duration": 0.1 } ] } }
            """, file: "gyro-offset.json")
        let result = try Self.run(scenario)
        let faults = result.events.filter { if case .fault(kind: "gyro-offset", _) = $0.record { true } else { false } }
        let recoveries = result.events.filter { if case .recovered(kind: "gyro-offset", _) = $0.record { true } else { false } }
        #expect(faults.count == (faulted ? 1 : 0))
        #expect(recoveries.isEmpty)
        if let fault = faults.first { #expect((1.0...1.5).contains(fault.time.seconds), "\(Self.at(fault))") }
        let captures = result.events.compactMap { event -> (UprightOrientation?, Bool)? in
            if case .capture(_, let orientation, let stale, _, _, _) = event.record { return (orientation, stale) }
            return nil
        }
        #expect(captures.count == 1 && captures.first?.0 == .normal && captures.first?.1 == false)
    }

    @Test func sameSeedGivesIdenticalStreamsAndStats() throws {
        let scenario = try ScenarioLoader.load(path: repositoryPath("scenarios/examples/faults.json"))
        let first = try Self.run(scenario, seed: 5)
        let second = try Self.run(scenario, seed: 5)
        #expect(first.jsonLines == second.jsonLines)
        #expect(first.stats == second.stats)
        // Another seed draws other bus faults.
        let other = try Self.run(scenario, seed: 6)
        #expect(other.stats.wire != first.stats.wire)
    }

    /// The faults example: the sensor is lost while unplugged (15 s to 20 s), the photo taken
    /// then is latched from the last known orientation and marked stale, and it comes back.
    @Test func unpluggedSensorMakesStaleLatchesAndRecovers() throws {
        let scenario = try ScenarioLoader.load(path: repositoryPath("scenarios/examples/faults.json"))
        let result = try Self.run(scenario)
        let captures = result.events.compactMap { event -> (Double, UprightOrientation?, Bool)? in
            if case .capture(_, let orientation, let stale, _, _, _) = event.record { return (event.time.seconds, orientation, stale) }
            return nil
        }
        #expect(captures.count == 3)
        if captures.count == 3 {
            #expect(captures[1].1 == .leftUp)
            #expect(captures[1].2 == true)
            #expect(captures[2].2 == false)
        }
        let sensorFaults = result.events.filter { $0.record == .fault(kind: "sensor", detail: "latching the last known orientation (stale)") }
        let recoveries = result.events.filter { $0.record == .recovered(kind: "sensor", detail: "sensor answering again") }
        #expect(sensorFaults.count == recoveries.count)
        #expect(sensorFaults.contains { (15.0...15.5).contains($0.time.seconds) })
        #expect(recoveries.contains { (20.0...20.5).contains($0.time.seconds) })
        #expect(result.stats.faultsInjected > 0)
        #expect(result.stats.sensorRecoveries == result.stats.sensorFaults)
        #expect(result.stats.ringDropped == 0)
    }

    /// The photo's EXIF Orientation is what was latched: 6 for left-up (docs/conventions.md
    /// table), read back from the file with the media reader; the journal lists the capture
    /// with the file.
    @Test func writtenPhotoCarriesTheLatchedOrientation() throws {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 3, "motion": [ { "t": 0, "angle": 90 } ],
              "button": { "actions": [ { "t": 1, "action": "hold", "duration": 0.1 } ] } }
            """, file: "left-up.json")
        let out = temporaryDirectory()
        let result = try Self.run(scenario, out: out, photos: true)
        #expect(result.camera.written == [out + "/IMG_0001.jpg"])
        let bytes = try SafeFileWriter.read(path: out + "/IMG_0001.jpg")
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xD8])
        #expect(try JPEGOrientationPatcher.orientation(of: bytes) == 6)
        let journal = try Journal.lines(at: out + "/journal.ndjson")
        // Lag from the touch (1.000) to the exposure (2.426); the photo, ordered at the touch,
        // waited 1 s for the still server (started for it then, ready at 2.000); the engine's
        // pass takes the written file at 2.740 (see `boardTimingsDriveTheMachine`).
        #expect(
            journal == [#"{"t":2.740000,"event":"capture","orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg","lag":1.426,"wait":1}"#])
    }

    /// Zero shutter lag on the simulated camera: the still a hold's touch ordered was written
    /// before the hold was known (warm server, zero shutter lag: answered in about 0.4 s, the
    /// hold is 1 s) and is deleted when the press becomes a clip; a glitch (down 10 ms, under
    /// the 30 ms debounce) leaves nothing either. Only the short press's photo and the clip
    /// remain, and the journal names nothing else.
    @Test func aHoldLeavesNoStillAndAGlitchLeavesNothing() throws {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 12, "motion": [ { "t": 0, "angle": 90 } ],
              "button": { "actions": [
                { "t": 1, "action": "hold", "duration": 0.1 },
                { "t": 4, "action": "hold", "duration": 1.6 },
                { "t": 7, "action": "hold", "duration": 0.1 },
                { "t": 9, "action": "hold", "duration": 0.01 } ] } }
            """, file: "hold-and-glitch.json")
        let out = temporaryDirectory()
        var board = try Self.board()
        board.camera.zeroShutterLag = true
        if case .simulated(var small) = board.camera.backend {
            (small.widthPixels, small.heightPixels) = (16, 12)
            (small.clip.widthPixels, small.clip.heightPixels, small.clip.framesPerSecond) = (16, 12, 2)
            board.camera.backend = .simulated(small)
        }
        let result = try Simulation(scenario: scenario, board: board, seed: 1, outputDirectory: out).run()
        // The hold's still was written (it is in the camera's list) and then deleted.
        #expect(result.camera.written.contains(out + "/IMG_0002.jpg"))
        var names: [String] = []
        if let directory = opendir(out) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix(".") { names.append(name) }
            }
            closedir(directory)
        }
        #expect(names.sorted() == ["CLIP_0001.mov", "IMG_0001.jpg", "journal.ndjson"])
        let kinds = try Journal.lines(at: out + "/journal.ndjson").map { line in
            String(line.split(separator: ",")[1].dropFirst(9).dropLast())
        }
        #expect(kinds == ["capture", "record-start", "record-stop"])
        #expect(result.finalState == .previewing)
    }

    /// A shutdown on the MPU-6050 board, whose samples come from a sampling context of their
    /// own in batches: the samples measured before the request and delivered after it are not
    /// late input (the engine stopped reading on purpose, and nothing is latched after a
    /// shutdown), so no `bound` record; the run ends in idle.
    @Test func aShutdownLeavesNoLateSamplesBehind() throws {
        let scenario = try ScenarioLoader.parse(
            #"{ "duration": 4, "shutdown": 2.9, "motion": [ { "t": 0, "angle": 90 } ], "button": { "actions": [ { "t": 1, "action": "hold", "duration": 0.1 } ] } }"#,
            file: "shutdown.json")
        let result = try Self.run(scenario)
        let records = result.events.map(\.record)
        #expect(records.contains { if case .capture = $0 { true } else { false } })
        #expect(!records.contains { if case .bound = $0 { true } else { false } }, "\(result.jsonLines)")
        #expect(result.finalState == .idle)
    }

    @Test func clipSidecarNamesTheStartOrientation() throws {
        let out = temporaryDirectory()
        let scenario = try ScenarioLoader.load(path: repositoryPath("scenarios/examples/clip-and-bounce.json"))
        let result = try Self.run(scenario, out: out)
        #expect(result.camera.written.contains(out + "/CLIP_0001.mov"))
        // right-up is a 270-degree track matrix (docs/conventions.md), read from the file.
        let movie = try SafeFileWriter.read(path: out + "/CLIP_0001.mov")
        #expect(try MP4RotationPatcher.rotationDegrees(of: movie) == 270)
    }

    /// The start-up reconciliation a board runs: a run into a directory removes the earlier
    /// run's photos with its journal (runs start afresh: the same journal again), removes a
    /// cut's temporary file, and a photo no journal names is kept, journaled as recovered,
    /// and numbered after: it is never overwritten.
    @Test func startUpReconcilesTheOutputDirectory() throws {
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 3, "motion": [ { "t": 0, "angle": 90 } ],
              "button": { "actions": [ { "t": 1, "action": "hold", "duration": 0.1 } ] } }
            """, file: "left-up.json")
        let out = temporaryDirectory()
        _ = try Self.run(scenario, out: out)
        let first = try Journal.lines(at: out + "/journal.ndjson")
        _ = try Self.run(scenario, out: out)
        #expect(try Journal.lines(at: out + "/journal.ndjson") == first)

        // Someone else's photo (no journal line names it) and a cut's leftover.
        let foreign = try SafeFileWriter.read(path: out + "/IMG_0001.jpg")
        _ = rename(out + "/IMG_0001.jpg", out + "/IMG_0007.jpg")
        close(open(out + "/.upright-still-0000.jpg", O_CREAT | O_WRONLY, 0o644))
        _ = unlink(out + "/journal.ndjson")
        let result = try Self.run(scenario, out: out)
        #expect(try SafeFileWriter.read(path: out + "/IMG_0007.jpg") == foreign)
        #expect(result.camera.written == [out + "/IMG_0008.jpg"])
        #expect(access(out + "/.upright-still-0000.jpg", F_OK) != 0)
        let journal = try Journal.lines(at: out + "/journal.ndjson")
        #expect(journal.first == #"{"t":0.000000,"event":"file-recovered","shot":7,"orientation":"left-up","exif":6,"file":"IMG_0007.jpg"}"#)
        #expect(journal.dropFirst().map { $0.contains(#""shot":8,"file":"IMG_0008.jpg""#) } == [true])
    }
}
