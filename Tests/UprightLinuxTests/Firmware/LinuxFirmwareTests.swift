import Glibc
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
@testable import UprightLinux

/// The whole firmware on stand-ins: a register-memory ADXL345 for /dev/i2c, a pipe for the
/// shutter line, the rpicam stand-ins (Tests/CameraStandIn) for the camera, the real event loop,
/// timerfd, signalfd and journal. Signals are raised on the test's own thread (where the
/// event loop blocked them), so only its signalfd sees them. Waits are bounded by a number of
/// loop passes, never asserted on.
@Suite(.serialized) struct LinuxFirmwareTests {
    final class Output {
        var events: [TimedEvent] = []
        var notes: [String] = []
        func names() -> [String] { events.map(\.record.name) }
    }

    /// The records port's output: into `Output`.
    struct Collect: EventOutput {
        let output: Output
        mutating func deliver(_ event: TimedEvent, journalError: FileError?) { output.events.append(event) }
    }

    typealias Firmware = LinuxFirmware<FakeADXL345Bus, PiCamera, Collect>

    func makeFirmware(
        _ rig: StandInCamera, bus: FakeADXL345Bus, line: FakeLine, output: Output, rateHz: Int = 100, readMode: String = "fifo",
        fileWork: (any CameraFileWork)? = nil, nodes: [DeviceNode] = []
    ) throws -> Firmware {
        let still = try rig.template("rpicam-still", StandInCamera.serverFlags).arguments
        let video = try rig.template("rpicam-vid", StandInCamera.videoFlags).arguments
        let board = try testBoard(directory: rig.output, still: still, video: video, rateHz: rateHz, readMode: readMode)
        let command = PiCamera.command(board: board, naming: MediaNaming(clipExtension: PiCamera.clipExtension), clock: { monotonicNow() })
        var camera = try #require(command)
        if let fileWork {
            camera = PiCamera(processes: camera.processes, settings: camera.settings, files: camera.files, fileWork: fileWork)
        }
        let records = RecordWriter(
            journal: try Journal(path: board.output.journal), origin: monotonicNow(),
            fileName: camera.files.naming.fileName(for:), output: Collect(output: output))
        var devices = FirmwareDevices(bus: bus, busName: "/dev/i2c-fake", shutter: line.source)
        devices.nodes = nodes
        let firmware = try Firmware(
            board: board, devices: devices, camera: camera, records: records, clock: { monotonicNow() }, note: { output.notes.append($0) })
        firmware.ports.maximumWait = .milliseconds(50)
        return firmware
    }

    /// Passes until `condition` holds, at most `passes` loop passes of up to 50 ms each and at
    /// most 20 s (a sampler thread wakes the loop every 20 ms, so passes alone can run out on
    /// a loaded machine before the detector has settled).
    func step(_ firmware: Firmware, passes: Int = 2_000, until condition: () -> Bool) throws {
        let deadline = monotonicNow() + .seconds(20)
        var count = 0
        while !condition() && count < passes && monotonicNow() < deadline {
            try firmware.pass()
            count += 1
        }
    }

    @Test func photoThenClipThenSIGTERMStopsTheClipCleanly() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let bus = FakeADXL345Bus()
        let line = FakeLine()
        let output = Output()
        let firmware = try makeFirmware(rig, bus: bus, line: line, output: output)
        #expect(!firmware.samplingOnThread)
        #expect(firmware.engine.schedule.interval == TimeSpan(nanoseconds: 20_000_000))

        try step(firmware) { output.names().contains("orientation") }
        #expect(output.events.first { $0.record.name == "orientation" }?.record == .orientation(.leftUp))

        // A short press (past the 20 ms debounce, well short of the 300 ms hold): a photo.
        line.edge(rising: true, at: monotonicNow())
        usleep(80_000)
        line.edge(rising: false, at: monotonicNow())
        try step(firmware) { output.names().contains("capture") && firmware.engine.runtime.state.name == .previewing }
        // Its file was finished on the files' thread, whose descriptor the loop polls.
        let filesReady = try #require(firmware.engine.runtime.camera.fileWork.readyDescriptor)
        #expect(firmware.engine.runtime.camera.pollDescriptors.contains(filesReady))

        // A hold past 300 ms: a clip, still recording when SIGTERM comes.
        line.edge(rising: true, at: monotonicNow())
        try step(firmware) { output.names().contains("record-start") }
        line.edge(rising: false, at: monotonicNow())
        try step(firmware, passes: 4) { false }
        #expect(firmware.engine.runtime.state.name == .recording)
        #expect(firmware.engine.runtime.camera.isBusy)

        raise(SIGTERM)
        try step(firmware) { firmware.phase == .finished }
        #expect(firmware.phase == .finished)
        #expect(!firmware.engine.runtime.camera.isBusy)
        #expect(firmware.engine.runtime.state.name == .idle)

        // The journal keeps every record but orientation and state changes.
        let journal = try Journal.lines(at: rig.output + "/journal.ndjson")
        let kept = output.events.filter { RecordWriter<Collect>.journals($0.record) }
        #expect(journal.count == kept.count)
        #expect(!journal.contains { $0.contains(#""event":"state""#) || $0.contains(#""event":"orientation""#) })
        let captures = journal.filter { $0.contains(#""event":"capture""#) }
        #expect(captures.count == 1)
        #expect(captures.first?.contains(#""orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg""#) == true)
        let stops = journal.filter { $0.contains(#""event":"record-stop""#) }
        #expect(stops.count == 1)
        #expect(stops.first?.contains(#""orientation":"left-up","clip":1"#) == true)
        #expect(stops.first?.contains(#""reason":"shutdown","file":"CLIP_0001.mp4""#) == true)
        #expect(journal.filter { $0.contains(#""event":"fault""#) }.isEmpty)
        // The recorder ended by SIGINT with status 0, so the rotation was written: left-up = 90.
        let clip = try POSIXFile.readAll(rig.output + "/CLIP_0001.mp4", limit: 1 << 20)
        #expect(try MP4RotationPatcher.rotationDegrees(of: clip) == 90)
        let photo = try POSIXFile.readAll(rig.output + "/IMG_0001.jpg", limit: 1 << 20)
        #expect(try JPEGOrientationPatcher.orientation(of: photo) == 6)
        // One camera owner at a time: the server, the recorder, the server again.
        #expect(rig.violations.isEmpty)
        #expect(rig.names() == ["CLIP_0001.mp4", "IMG_0001.jpg", "journal.ndjson"])
    }

    /// A files port that finishes in the step, refusing its first offer as a full queue does.
    final class FullOnceFileWork: CameraFileWork {
        var inline = InlineCameraFileWork()
        var refusals = 1
        func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission {
            guard refusals == 0 else {
                refusals -= 1
                return .full
            }
            return inline.submit(job, files: files, at: now)
        }
        func nextOutcome(through now: Instant) -> CameraFileOutcome? { inline.nextOutcome(through: now) }
        var readyDescriptor: Int32? { nil }
        var finishesLater: Bool { false }
    }

    /// A photo the files queue refused is held and finished at the next look; the wait is one
    /// `bound` line, `camera-files`, in the journal, before the photo's.
    @Test func aFullFilesQueueIsABoundLine() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let output = Output()
        let line = FakeLine()
        let firmware = try makeFirmware(rig, bus: FakeADXL345Bus(), line: line, output: output, fileWork: FullOnceFileWork())
        try step(firmware) { output.names().contains("orientation") }
        line.edge(rising: true, at: monotonicNow())
        usleep(80_000)
        line.edge(rising: false, at: monotonicNow())
        try step(firmware) { output.names().contains("capture") }
        let faults = output.events.filter { $0.record.name == "fault" }.map(\.record)
        #expect(faults.count == 1)
        guard case .bound(let bound, let lost, let waited) = faults.first else {
            Issue.record("no bound line: \(faults)")
            return
        }
        #expect(bound == "camera-files")
        #expect(lost == 0)
        #expect(waited >= 0 && waited < 5)
        let journal = try Journal.lines(at: rig.output + "/journal.ndjson")
        #expect(journal.count == 2)
        #expect(journal.first?.contains(#""detail":"the queue of photos and clips to finish was full: the camera held them for the card"#) == true)
        #expect(journal.last?.contains(#""event":"capture""#) == true)
        #expect(rig.names().contains("IMG_0001.jpg"))
        raise(SIGTERM)
        try step(firmware) { firmware.phase == .finished }
    }

    /// The journal's `fault` lines, each without its `t`.
    func faultLines(_ rig: StandInCamera) throws -> [Substring] {
        try Journal.lines(at: rig.output + "/journal.ndjson").filter { $0.contains(#""event":"fault""#) }.map { $0.drop { $0 != "," } }
    }

    /// A shutter line whose descriptor hangs up (its chip removed) was a note on stderr, and the
    /// camera ran on deaf, looking healthy: now it is a `device-lost` fault in the journal, the
    /// clean shutdown, and `run` throws (`upright run` exits 1, and systemd starts it again).
    @Test func aShutterLineThatHangsUpIsAFaultThenAnExit() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let output = Output()
        let line = FakeLine()
        let firmware = try makeFirmware(rig, bus: FakeADXL345Bus(), line: line, output: output)
        try step(firmware) { output.names().contains("orientation") }
        line.hangUp()
        try step(firmware) { firmware.phase == .finished }
        // Before: a note, and the run went on (run would never return).
        try #require(firmware.phase == .finished)
        let detail = "the shutter line's descriptor hung up; stopping, to be started again"
        #expect(try faultLines(rig) == [#","event":"fault","kind":"device-lost","detail":""# + detail + #""}"#])
        #expect(output.notes.contains(detail))
        #expect(throws: FirmwareError(.device, detail)) { try firmware.run() }
    }

    /// A node the firmware opened that is gone (an I2C adapter unplugged, a GPIO chip removed)
    /// is the same: the descriptor still open says nothing, the node is looked at.
    @Test func aDeviceNodeThatIsGoneIsAFaultThenAnExit() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let path = rig.output + "/i2c-node"
        close(open(path, O_CREAT | O_WRONLY, 0o600))
        let node = try #require(DeviceNode.at(path))
        let output = Output()
        let firmware = try makeFirmware(rig, bus: FakeADXL345Bus(), line: FakeLine(), output: output, nodes: [node])
        try step(firmware) { output.names().contains("orientation") }
        #expect(firmware.phase == .running)
        unlink(path)
        try step(firmware) { firmware.phase == .finished }
        try #require(firmware.phase == .finished)
        let detail = path + " is gone (No such file or directory); stopping, to be started again"
        #expect(try faultLines(rig) == [#","event":"fault","kind":"device-lost","detail":""# + detail + #""}"#])
        #expect(throws: FirmwareError(.device, detail)) { try firmware.run() }
    }

    @Test func runEndsOnSIGINTWhenIdleAfterAPass() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let output = Output()
        let line = FakeLine()
        let firmware = try makeFirmware(rig, bus: FakeADXL345Bus(), line: line, output: output)
        raise(SIGINT)
        var passes = 0
        try firmware.run { passes += 1 }
        #expect(firmware.phase == .finished)
        #expect(passes >= 1)
    }

    @Test func sensorUnpluggedIsAFaultThenRecovers() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let bus = FakeADXL345Bus()
        let line = FakeLine()
        let output = Output()
        let firmware = try makeFirmware(rig, bus: bus, line: line, output: output)
        try step(firmware) { output.names().contains("orientation") }
        bus.failing = true
        try step(firmware) { output.names().contains("fault") }
        bus.failing = false
        try step(firmware) { output.names().contains("recovered") }
        let journal = try Journal.lines(at: rig.output + "/journal.ndjson")
        #expect(journal.contains { $0.contains(#""event":"fault","kind":"sensor""#) })
        #expect(journal.contains { $0.contains(#""event":"recovered","kind":"sensor""#) })
        raise(SIGTERM)
        try step(firmware) { firmware.phase == .finished }
        #expect(firmware.phase == .finished)
    }

    @Test func burstReadsAt200HzRunOnTheSamplerThread() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let bus = FakeADXL345Bus()
        let output = Output()
        let firmware = try makeFirmware(rig, bus: bus, line: FakeLine(), output: output, rateHz: 200, readMode: "burst")
        #expect(firmware.samplingOnThread)
        #expect(firmware.engine.schedule.interval == TimeSpan(nanoseconds: 5_000_000))
        try step(firmware) { output.names().contains("orientation") }
        #expect(output.events.first { $0.record.name == "orientation" }?.record == .orientation(.leftUp))
        #expect(firmware.engine.samplesHandled > 0)
        raise(SIGTERM)
        try step(firmware) { firmware.phase == .finished }
        #expect(firmware.phase == .finished)
        // The thread is joined at shutdown: no read after it.
        let reads = bus.dataReads
        usleep(30_000)
        #expect(bus.dataReads == reads)
    }

    @Test func sighupReopensTheJournalAfterItWasMovedAway() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let bus = FakeADXL345Bus()
        let output = Output()
        let firmware = try makeFirmware(rig, bus: bus, line: FakeLine(), output: output)
        try step(firmware) { output.names().contains("orientation") }
        let journal = rig.output + "/journal.ndjson"
        #expect(rename(journal, rig.output + "/journal.ndjson.1") == 0)
        raise(SIGHUP)
        try step(firmware) { output.notes.contains("journal reopened: " + journal) }
        bus.failing = true
        try step(firmware) { output.names().contains("fault") }
        let fresh = try Journal.lines(at: journal)
        #expect(access(rig.output + "/journal.ndjson.1", F_OK) == 0)
        #expect(!(try Journal.lines(at: rig.output + "/journal.ndjson.1")).contains { $0.contains(#""event":"fault""#) })
        #expect(fresh.contains { $0.contains(#""event":"fault","kind":"sensor""#) })
        raise(SIGTERM)
        try step(firmware) { firmware.phase == .finished }
    }

    @Test func aSensorThatDoesNotAnswerIsADeviceError() throws {
        let rig = StandInCamera()
        defer { rig.remove() }
        let bus = FakeADXL345Bus()
        bus.failing = true
        #expect(
            throws: FirmwareError(
                .device,
                "the ADXL345 at 0x53 on /dev/i2c-fake does not answer (no acknowledge): check the wiring, power and the board's sensor.address (upright probe lists what answers)"
            )
        ) {
            _ = try makeFirmware(rig, bus: bus, line: FakeLine(), output: Output())
        }
    }
}
