import Glibc
import Testing
import UprightCore
import UprightHost
import UprightTestSupport
@testable import UprightLinux

/// A stream the test feeds: YUYV frames of 16 x 8, each buffer a flat grey (buffer N is grey
/// 40 + 20 N), 40 ms apart, a ring of 3; what it was given back and whether it was closed.
final class FakeStream: V4L2FrameStream {
    var shape = V4L2StreamShape(widthPixels: 16, heightPixels: 8, format: .yuyv, bytesPerLine: 32, frameInterval: .milliseconds(40), ringCapacity: 3)
    /// A Motion JPEG stream's frames by buffer (for `format` `.mjpeg`).
    var jpegs: [UInt32: [UInt8]] = [:]
    var ready: [V4L2Device.Dequeued] = []
    var failure: V4L2Error?
    var requeued: [UInt32] = []
    var closed = false

    var descriptor: Int32 { closed ? -1 : 99 }

    /// Frame `buffer` exposed from `milliseconds` (a start-of-exposure monotonic stamp).
    func deliver(_ buffer: UInt32, atMilliseconds milliseconds: Int64, sequence: UInt32? = nil) {
        ready.append(
            V4L2Device.Dequeued(
                buffer: buffer, bytesUsed: shape.format == .mjpeg ? jpegs[buffer]?.count ?? 0 : 256, flags: 0x12000, sequence: sequence ?? buffer,
                timestampNanoseconds: milliseconds * 1_000_000))
    }

    func dequeue() throws(V4L2Error) -> V4L2Device.Dequeued? {
        if let failure { throw failure }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    func requeue(_ index: UInt32) throws(V4L2Error) { requeued.append(index) }

    func withBytes<Result>(of index: UInt32, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if shape.format == .mjpeg {
            let frame = jpegs[index] ?? []
            return frame.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<min(count, frame.count)])) }
        }
        let grey = UInt8(40 + 20 * Int(index))
        let frame = (0..<256).map { $0 % 2 == 0 ? grey : 128 } as [UInt8]
        return frame.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<min(count, 256)])) }
    }

    func close() { closed = true }
}

@Suite struct V4L2ProcessesTests {
    static func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

    /// How many times the port opened its stream.
    final class Opens { var count = 0 }

    /// The port over `stream` (counting its opens), dequeue time fixed at 1 s.
    static func port(_ stream: FakeStream, opens: Opens = Opens()) -> V4L2Processes<FakeStream> {
        let clock: () -> Instant = { at(1000) }
        return V4L2Processes(settings: Board.V4L2CameraSettings(), clock: clock, opensOnAThread: false) { _ throws(V4L2Error) in
            opens.count += 1
            return stream
        }
    }

    /// The port's line when the fake stream opens.
    static let streamsLine = "v4l2: /dev/video0 streams 16 x 8 YUYV, a frame every 40000 us, a ring of 3"

    static func events(_ port: inout V4L2Processes<FakeStream>, at milliseconds: Int64) -> [CameraProcessEvent] {
        var out: [CameraProcessEvent] = []
        while out.count < 16, let event = port.nextEvent(now: at(milliseconds)) { out.append(event) }
        return out
    }

    /// Frames from 0, 40, 80 ms: a photo asked at 55 ms is the 40 ms frame (buffer 1, grey 60),
    /// written under the pattern's index 0 as a JPEG; the fourth frame pushes buffer 0 back to
    /// the driver.
    @Test func aPhotoIsTheFrameNearestItsMoment() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        var port = Self.port(stream)
        let started = port.start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(0))
        #expect(started)
        #expect(port.descriptors == [99])
        for buffer in 0..<3 { stream.deliver(UInt32(buffer), atMilliseconds: Int64(buffer) * 40) }
        #expect(Self.events(&port, at: 90).isEmpty)
        port.requestPhoto(touchedAt: Self.at(55), at: Self.at(55))
        #expect(Self.events(&port, at: 90) == [.photoClosed(index: 0, exposedAt: Self.at(40))])
        #expect(
            port.takeNotes() == [
                Self.streamsLine,
                "v4l2 photo 0: frame 1 exposed at 0.040000000 s for the moment 0.055000000 s (frames before 0.000000000, after 0.080000000; interval 40000 us)",
            ])
        let jpeg = try POSIXFile.readAll(directory.path + "/.upright-still-0000.jpg", limit: 1 << 20)
        let grey = try DecodedPicture.decode(jpeg: jpeg).pixel(5, 5)
        #expect(abs(grey.r - 60) <= 2 && abs(grey.g - 60) <= 2 && abs(grey.b - 60) <= 2, "\(grey)")
        #expect(stream.requeued.isEmpty)
        stream.deliver(3, atMilliseconds: 120)
        #expect(Self.events(&port, at: 130).isEmpty)
        #expect(stream.requeued == [0])
        #expect(port.framesTaken == 4 && port.framesDropped == 0)
    }

    /// A photo asked 20 ms or more past the newest frame (80 ms) waits for the next (120 ms).
    @Test func aPhotoWaitsForANearerFrame() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        var port = Self.port(stream)
        _ = port.start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(0))
        for buffer in 0..<3 { stream.deliver(UInt32(buffer), atMilliseconds: Int64(buffer) * 40) }
        port.requestPhoto(touchedAt: Self.at(100), at: Self.at(100))
        #expect(Self.events(&port, at: 100).isEmpty)
        stream.deliver(3, atMilliseconds: 120, sequence: 5)
        #expect(Self.events(&port, at: 125) == [.photoClosed(index: 0, exposedAt: Self.at(120))])
        #expect(port.framesDropped == 2)
    }

    /// The device unplugged mid-stream (ENODEV): the still server ends as a program that
    /// failed (the session's camera-died path), with the device's one line for the log.
    @Test func aDeviceGoneEndsTheStillServer() {
        let stream = FakeStream()
        var port = Self.port(stream)
        _ = port.start(.stillServer, output: "/tmp/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(0))
        port.requestPhoto(touchedAt: Self.at(10), at: Self.at(10))
        stream.failure = .system("/dev/video0", "VIDIOC_DQBUF", code: ENODEV)
        #expect(Self.events(&port, at: 20) == [.exited(.stillServer, .failed(status: 1))])
        #expect(
            port.takeNotes() == [
                Self.streamsLine, "/dev/video0: VIDIOC_DQBUF: No such device (the device is gone: unplugged, or its driver unloaded)",
            ])
        #expect(stream.closed)
        #expect(port.descriptors.isEmpty)
    }

    /// A device that cannot stream the board's format cannot start: its one line is the reason.
    @Test func aFormatNotOfferedCannotStart() {
        let clock: () -> Instant = { Self.at(0) }
        var port = V4L2Processes<FakeStream>(settings: Board.V4L2CameraSettings(), clock: clock, opensOnAThread: false) {
            settings throws(V4L2Error) in
            _ = try V4L2FormatPlan.choose(settings.format, offered: [V4L2FormatPlan.fourcc("YUYV")], device: settings.device).get()
            return FakeStream()
        }
        let started = port.start(.stillServer, output: "/tmp/p-%04d.jpg", orientation: .normal, at: Self.at(0))
        #expect(!started)
        #expect(
            Self.events(&port, at: 0) == [.exited(.stillServer, .notStarted(reason: "/dev/video0 offers YUYV, not MJPEG (camera.format)"))])
    }

    /// The still server stops at once; the stream lingers 2 s for a clip or a new start, which
    /// takes it without opening the device again, then closes.
    @Test func theStreamLingersAfterAStop() {
        let stream = FakeStream()
        let opens = Opens()
        var port = Self.port(stream, opens: opens)
        _ = port.start(.stillServer, output: "/tmp/.upright-x-%04d.jpg", orientation: .normal, at: Self.at(0))
        port.stop(at: Self.at(100))
        #expect(port.nextDeadline == Self.at(100))
        #expect(Self.events(&port, at: 100) == [.exited(.stillServer, .clean)])
        #expect(port.nextDeadline == Self.at(2100))
        #expect(!stream.closed)
        let started = port.start(.stillServer, output: "/tmp/.upright-x-%04d.jpg", orientation: .normal, at: Self.at(500))
        #expect(started)
        #expect(opens.count == 1)
        port.stop(at: Self.at(600))
        #expect(Self.events(&port, at: 2599) == [.exited(.stillServer, .clean)])
        #expect(!stream.closed)
        #expect(Self.events(&port, at: 2600).isEmpty)
        #expect(stream.closed)
        #expect(port.nextDeadline == nil)
    }

    /// A photo whose file cannot be created ends the still server (the session then looks
    /// at the card): the reason is noted.
    @Test func aPhotoThatCannotBeWrittenEndsTheServer() {
        let stream = FakeStream()
        var port = Self.port(stream)
        _ = port.start(.stillServer, output: "/nonexistent/upright/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(0))
        stream.deliver(0, atMilliseconds: 0)
        port.requestPhoto(touchedAt: Self.at(5), at: Self.at(5))
        #expect(Self.events(&port, at: 5) == [.exited(.stillServer, .failed(status: 1))])
        #expect(
            port.takeNotes() == [
                Self.streamsLine,
                "/nonexistent/upright/.upright-still-0000.jpg: No such file or directory",
                "/nonexistent/upright/.upright-still-0000.jpg: the photo's file cannot be created",
            ])
    }

    /// A clip from the same stream: the frames from its start into a Motion JPEG QuickTime
    /// movie at the stream's 25 fps, the two the driver dropped (sequence 1 to 4) repeating
    /// the one before them; ffprobe reads five 16 x 8 Motion JPEG frames. The still server
    /// that follows takes the same stream.
    @Test func aClipRecordsTheStreamAndKeepsTime() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        let opens = Opens()
        var port = Self.port(stream, opens: opens)
        let path = directory.path + "/.upright-clip-0001.mov"
        let started = port.start(.video(clip: 1), output: path, orientation: .leftUp, at: Self.at(0))
        #expect(started)
        stream.deliver(0, atMilliseconds: 0)
        stream.deliver(1, atMilliseconds: 40)
        stream.deliver(2, atMilliseconds: 160, sequence: 4)
        #expect(Self.events(&port, at: 170).isEmpty)
        port.stop(at: Self.at(180))
        #expect(Self.events(&port, at: 180) == [.exited(.video(clip: 1), .clean)])
        let probe = try ExternalTool.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                "stream=codec_name,width,height,r_frame_rate,nb_read_frames",
                "-of", "default=nw=1", path,
            ])
        #expect(String(decoding: probe, as: UTF8.self) == "codec_name=mjpeg\nwidth=16\nheight=8\nr_frame_rate=25/1\nnb_read_frames=5\n")
        let again = port.start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(200))
        #expect(again)
        #expect(opens.count == 1)
    }

    /// Encoding a clip's frames takes at most half a frame interval (20 ms) of a look, one
    /// frame always: with a clock that moves 30 ms a reading, the first of three frames taken
    /// in one look is encoded and the other two repeat it.
    @Test func aClipsEncodingIsBoundedPerLook() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        final class Ticks { var now = Instant.zero }
        let ticks = Ticks()
        let clock: () -> Instant = {
            ticks.now = ticks.now + .milliseconds(30)
            return ticks.now
        }
        var port = V4L2Processes<FakeStream>(settings: Board.V4L2CameraSettings(), clock: clock, opensOnAThread: false) { _ throws(V4L2Error) in
            stream
        }
        let path = directory.path + "/.upright-clip-0003.mov"
        _ = port.start(.video(clip: 3), output: path, orientation: .normal, at: Self.at(0))
        for buffer in 0..<3 { stream.deliver(UInt32(buffer), atMilliseconds: Int64(buffer) * 40) }
        #expect(Self.events(&port, at: 100).isEmpty)
        #expect(port.clipFramesRepeated == 2)
        port.stop(at: Self.at(120))
        #expect(Self.events(&port, at: 120) == [.exited(.video(clip: 3), .clean)])
        let probe = try ExternalTool.run(
            "ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "default=nw=1", path])
        #expect(String(decoding: probe, as: UTF8.self) == "nb_read_frames=3\n")
    }

    /// The stream opens on a thread of its own: meanwhile the port has no descriptor and asks
    /// to be looked at again in 5 ms, a photo asked waits, and once the stream is open the
    /// photo is its nearest frame. A program killed while its stream opens: the stream is
    /// closed once open.
    @Test func theStreamOpensOnAThreadOfItsOwn() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        for buffer in 0..<3 { stream.deliver(UInt32(buffer), atMilliseconds: Int64(buffer) * 40) }
        let clock: () -> Instant = { Self.at(1000) }
        var port = V4L2Processes<FakeStream>(settings: Board.V4L2CameraSettings(), clock: clock) { _ throws(V4L2Error) in
            usleep(50_000)
            return stream
        }
        let started = port.start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(0))
        #expect(started)
        #expect(port.descriptors.isEmpty)
        #expect(port.nextDeadline == Self.at(5))
        port.requestPhoto(touchedAt: Self.at(45), at: Self.at(45))
        var seen: [CameraProcessEvent] = []
        for _ in 0..<400 where seen.isEmpty {
            seen = Self.events(&port, at: 50)
            if seen.isEmpty { usleep(5_000) }
        }
        #expect(seen == [.photoClosed(index: 0, exposedAt: Self.at(40))])
        #expect(port.descriptors == [99])

        let second = FakeStream()
        var killed = V4L2Processes<FakeStream>(settings: Board.V4L2CameraSettings(), clock: clock) { _ throws(V4L2Error) in
            usleep(20_000)
            return second
        }
        _ = killed.start(.stillServer, output: directory.path + "/.upright-x-%04d.jpg", orientation: .normal, at: Self.at(0))
        killed.kill(at: Self.at(1))
        #expect(Self.events(&killed, at: 1) == [.exited(.stillServer, .signalled(SIGKILL))])
        for _ in 0..<400 where !second.closed {
            _ = Self.events(&killed, at: 2)
            usleep(5_000)
        }
        #expect(second.closed)
        #expect(killed.descriptors.isEmpty)

        // A device the quick check refuses fails the start itself, before any thread.
        let missing: (Board.V4L2CameraSettings) throws(V4L2Error) -> Void = { settings throws(V4L2Error) in
            throw .system(settings.device, "open", code: ENOENT)
        }
        let open: (Board.V4L2CameraSettings) throws(V4L2Error) -> FakeStream = { _ throws(V4L2Error) in FakeStream() }
        var refused = V4L2Processes<FakeStream>(settings: Board.V4L2CameraSettings(), clock: clock, check: missing, openStream: open)
        let refusedStart = refused.start(.stillServer, output: "/tmp/.upright-y-%04d.jpg", orientation: .normal, at: Self.at(0))
        #expect(!refusedStart)
        #expect(refused.nextDeadline == Self.at(0))
        #expect(
            Self.events(&refused, at: 0) == [
                .exited(
                    .stillServer,
                    .notStarted(
                        reason: "/dev/video0: open: No such file or directory (no such device node: is the camera plugged in, its driver loaded?)"))
            ])
    }

    /// A Motion JPEG photo whose nearest frame is torn (cut before its end-of-image marker,
    /// as a broken USB transfer leaves it) is the next nearest frame that is whole, as the
    /// camera made it; the torn one is noted.
    @Test func aTornFrameGivesWayToTheNextNearest() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        stream.shape.format = .mjpeg
        let whole = try JPEGCompressor().compress(RGBImage(width: 16, height: 8), quality: 80)
        stream.jpegs = [0: whole, 1: Array(whole.dropLast(30)), 2: whole]
        var port = Self.port(stream)
        _ = port.start(.stillServer, output: directory.path + "/.upright-still-%04d.jpg", orientation: .normal, at: Self.at(0))
        for buffer in 0..<3 { stream.deliver(UInt32(buffer), atMilliseconds: Int64(buffer) * 40) }
        port.requestPhoto(touchedAt: Self.at(45), at: Self.at(45))
        #expect(Self.events(&port, at: 90) == [.photoClosed(index: 0, exposedAt: Self.at(80))])
        #expect(try POSIXFile.readAll(directory.path + "/.upright-still-0000.jpg", limit: 1 << 20) == whole)
        // The image's scan is short: the cut falls in its header, before the scan.
        #expect(port.takeNotes().dropFirst().first?.hasPrefix("frame 1: truncated: segment FF C4") == true)
    }

    /// A clip killed leaves no file.
    @Test func aClipKilledLeavesNoFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        var port = Self.port(stream)
        let path = directory.path + "/.upright-clip-0002.mov"
        _ = port.start(.video(clip: 2), output: path, orientation: .normal, at: Self.at(0))
        stream.deliver(0, atMilliseconds: 0)
        #expect(Self.events(&port, at: 10).isEmpty)
        port.kill(at: Self.at(20))
        #expect(Self.events(&port, at: 20) == [.exited(.video(clip: 2), .signalled(SIGKILL))])
        #expect(access(path, F_OK) != 0)
        #expect(stream.closed)
    }

    /// Through the camera session: the photo is the frame nearest the order's touch, finished
    /// as IMG_0001.jpg with its shot's EXIF orientation (exiftool), answered with the frame's
    /// exposure time.
    @Test func theSessionFinishesTheFrame() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let stream = FakeStream()
        let port = Self.port(stream)
        var camera = CameraSession(
            processes: port, settings: CameraSessionSettings(readyDelay: .zero),
            files: CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mov")))
        camera.perform(.startPreview, at: Self.at(0))
        for buffer in 0..<3 { stream.deliver(UInt32(buffer), atMilliseconds: Int64(buffer) * 40) }
        // Ordered at 85 ms for a touch at 45 ms: the frame of 40 ms, not the order's 80.
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: Self.at(45)), at: Self.at(85))
        var reports: [CameraReport] = []
        for step in 0..<8 {
            if let report = camera.nextCompletion(through: Self.at(90 + Int64(step)), now: Self.at(90 + Int64(step))) { reports.append(report) }
        }
        #expect(reports.map(\.completion) == [.captureFinished(shot: 1, exposedAt: Self.at(40), waited: .zero)])
        #expect(try ExternalTool.exiftool("Orientation", directory.path + "/IMG_0001.jpg") == "6")
    }
}
