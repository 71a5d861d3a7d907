import Glibc
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
import UprightLinux

/// `upright watch` on a board: the Linux firmware with the watch's camera (no photos) on the
/// register-memory ADXL345 and a pipe for the shutter; the view's model sees what a press
/// would have made, and the engine's detector the preloaded pose.
@Suite(.serialized) struct WatchFirmwareTests {
    struct Discard: EventOutput { mutating func deliver(_ event: TimedEvent, journalError: FileError?) {} }

    @Test func aPressShowsWhatItWouldLatch() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let board = try testBoard(directory: directory.path, still: ["/bin/false"], video: ["/bin/false"])
        let line = FakeLine()
        let start = monotonicNow()
        let model = WatchModel(start: start)
        var records = RecordWriter(journal: nil, origin: start, output: Discard())
        records.observer = model.observer
        let firmware = try LinuxFirmware(
            board: board, devices: FirmwareDevices(bus: FakeADXL345Bus(), busName: "/dev/i2c-fake", shutter: line.source),
            camera: WatchCamera(), records: records, clock: { monotonicNow() }, note: { _ in })
        firmware.ports.maximumWait = .milliseconds(50)
        var passes = 0
        func step(until condition: () -> Bool) throws {
            while !condition() && passes < 400 {
                try firmware.pass()
                passes += 1
            }
        }
        try step { firmware.engine.runtime.detector.orientation == .leftUp }
        let touchedAt = monotonicNow()
        line.edge(rising: true, at: touchedAt)
        usleep(80_000)
        line.edge(rising: false, at: monotonicNow())
        try step { !model.recent.isEmpty }
        let snapshot = model.snapshot(
            now: monotonicNow(), detector: firmware.engine.runtime.detector, state: firmware.engine.runtime.state,
            samplesHandled: firmware.engine.samplesHandled, sampler: firmware.engine.sampler?.counters, busErrors: nil, light: nil)
        #expect(snapshot.orientation == .leftUp)
        #expect(snapshot.latch == .leftUp)
        // The preloaded pose: (-1, 0.125, -0.25) g.
        #expect(snapshot.gravityG.map { abs($0.x + 1) < 0.01 && abs($0.y - 0.125) < 0.01 && abs($0.z + 0.25) < 0.01 } == true)
        #expect(snapshot.recent.first?.hasPrefix("photo 1 would be left-up (EXIF 6) at ") == true)
        #expect(firmware.engine.runtime.camera.orders.contains(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: touchedAt)))
        #expect(snapshot.failedReads == 0)
        // Nothing was written: the watch's camera takes no photos.
        #expect(access(directory.path + "/IMG_0001.jpg", F_OK) != 0)
    }
}
