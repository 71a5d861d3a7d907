#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The camera session's process port over a V4L2 device, with no camera program: the still
/// server is the device streaming into a frame ring. The session's rules stay as they are (one
/// owner, the photo bound, restarts with backoff, the storage checks); what each command means
/// here:
/// - **start** the still server: open the device and stream (`V4L2Stream`: the format, size
///   and rate negotiated, the buffers mapped and queued), on a thread of its own
///   (`StreamOpening`) so the event loop goes on meanwhile; photos asked meanwhile wait for its
///   frames. A device that is not there, or does not offer the board's format, cannot start:
///   `.notStarted` with its one line, which the session reports `camera-unavailable`.
/// - **requestPhoto**: the photo is the ring's frame whose exposure began nearest the touch
///   (`photoMoment`), waiting for the next frame when it could be nearer; encoded
///   (YUYV by libjpeg-turbo at the board's quality, Motion JPEG as the camera made it,
///   completed by `MotionJPEGFrame`) and written in place under the session's temporary name,
///   as rpicam-still writes, then `.photoClosed` with the frame's exposure start. A file that
///   cannot be created is the program failing (the session then looks at the card's room).
/// - **start** the video program: a clip from the same stream (opened if it is not), every
///   frame from then on into a Motion JPEG QuickTime movie (`MotionJPEGMovie`, the writer
///   the simulator's clips use) at the stream's rate; a frame the driver dropped repeats the
///   one before it, so the movie keeps time. Its rotation is the session's to write, as for
///   rpicam-vid's files.
/// - **stop**: the still server ends at once (`.exited(.clean)`); the recorder once its movie
///   is finished (its index written, published under the session's temporary name). The
///   stream lingers `lingerSpan`, so a clip after the still server, or the still server after
///   a clip, takes the same stream without opening the device again.
/// - **kill**: the same, the movie abandoned.
/// - Each look (`nextEvent`) first takes every frame the driver has filled (bounded by its
///   buffers), gives the oldest back as the ring fills, then answers the photos waiting. A
///   device that fails (unplugged: `ENODEV`) ends the running program, `.exited(.failed)`,
///   which the session handles as a camera that died; its one line is in `takeNotes`.
///
/// Event loop contract: poll `descriptors` for POLLIN (a frame is ready) and wake by
/// `nextDeadline` (the lingering stream's end).
public struct V4L2Processes<Stream: V4L2FrameStream>: CameraProcesses {
    public let settings: Board.V4L2CameraSettings
    /// Opens the stream (the device's in `upright run`, a fake in the tests).
    public let openStream: (Board.V4L2CameraSettings) throws(V4L2Error) -> Stream
    /// What can be known of the device at once (`V4L2Stream.check`): run before the stream
    /// is opened on its thread, so that a missing device or a format it does not offer fails
    /// the start itself. A start whose open fails later, on the thread (the device busy, out of
    /// memory), has been `ready` for the session meanwhile (its ready delay is 0): the failure
    /// is then reported `camera-unavailable` after a `recovered`.
    public let check: (Board.V4L2CameraSettings) throws(V4L2Error) -> Void
    /// The session's clock: CLOCK_MONOTONIC, the kernel's timestamps' clock, less
    /// `clockOrigin`; each frame's dequeue time.
    public let clock: () -> Instant
    /// The CLOCK_MONOTONIC instant that is the session's zero: zero on a board, whose session
    /// runs on CLOCK_MONOTONIC; the run's start in `upright sim --realtime`, whose time is
    /// virtual from zero, paced to the wall clock. The kernel's frame timestamps are moved by it.
    public let clockOrigin: Instant

    /// How long a stream outlives the still server, for a clip that follows.
    public static var lingerSpan: TimeSpan { .seconds(2) }
    /// The most photos waiting for their frame (the session asks for one at a time).
    public static var maximumWaitingPhotos: Int { 8 }
    /// The most notes kept for the log.
    public static var maximumNotes: Int { 16 }

    /// Frames dropped (the driver's sequence skipped, or a frame it marked in error).
    public private(set) var framesDropped = 0
    /// Frames taken from the driver.
    public private(set) var framesTaken = 0

    private var stream: Stream?
    private var ring = FrameRing(capacity: 1)
    private var program: CameraProgram?
    private var pattern = ""
    private var nextIndex = 0
    private var waiting: [(index: Int, moment: Instant)] = []
    private var events: [CameraProcessEvent] = []
    private var notes: [String] = []
    private var lingerUntil: Instant?
    private var lastExposure: Instant?
    private var lastSequence: UInt32?
    private var lastNow = Instant.zero
    private let compressor: JPEGCompressor?
    /// The clip being recorded (the video program's file).
    private var movie: MotionJPEGMovie?
    /// The clip's file, until the stream it is recorded from is open.
    private var clipOutput: String?
    /// The stream being opened on its thread.
    private var opening: StreamOpening<Stream>?
    /// The program the stream was opened for was killed meanwhile: close it once open.
    private var closeWhenOpened = false
    /// Whether the stream is opened on a thread of its own (true but in the tests, whose
    /// stream is there at once).
    public let opensOnAThread: Bool

    public init(
        settings: Board.V4L2CameraSettings, clock: @escaping () -> Instant, clockOrigin: Instant = .zero, opensOnAThread: Bool = true,
        check: @escaping (Board.V4L2CameraSettings) throws(V4L2Error) -> Void = { _ throws(V4L2Error) in },
        openStream: @escaping (Board.V4L2CameraSettings) throws(V4L2Error) -> Stream
    ) {
        self.settings = settings
        self.clock = clock
        self.clockOrigin = clockOrigin
        self.opensOnAThread = opensOnAThread
        self.check = check
        self.openStream = openStream
        compressor = try? JPEGCompressor()
    }

    /// The moment a photo shows: the touch's, which the order carries (the kernel's timestamp
    /// of the shutter's first edge), not when the request reached the port, which is later by
    /// the engine's judging of the touch (docs/camera.md, "V4L2"). The ring's frame nearest it
    /// is taken.
    static func photoMoment(touchedAt: Instant, requestedAt now: Instant) -> Instant { touchedAt }

    /// The stream's descriptor while it is open.
    public var descriptors: [Int32] {
        guard let stream, stream.descriptor >= 0 else { return [] }
        return [stream.descriptor]
    }

    /// What the port has to say since the last call, one line each (for the log): why the
    /// stream failed, a frame that could not be encoded, each photo's frame (`choiceLine`).
    public mutating func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    /// The stream's shape while it is open.
    public var shape: V4L2StreamShape? { stream?.shape }

    // MARK: CameraProcesses

    public mutating func start(_ program: CameraProgram, output: String, orientation: UprightOrientation?, at now: Instant) -> Bool {
        lastNow = max(lastNow, now)
        guard self.program == nil else {
            events.append(.exited(program, .notStarted(reason: "another camera program is still running")))
            return false
        }
        switch program {
        case .stillServer:
            pattern = output
            nextIndex = 0
        case .oneShot:
            events.append(.exited(program, .notStarted(reason: "the v4l2 camera has no one-shot mode")))
            return false
        case .video:
            clipOutput = output
        }
        self.program = program
        lingerUntil = nil
        if stream == nil && opening == nil {
            beginOpening()
        } else if stream != nil {
            streamReady()
        }
        return self.program != nil
    }

    public mutating func requestPhoto(touchedAt: Instant, at now: Instant) {
        lastNow = max(lastNow, now)
        guard program == .stillServer, waiting.count < Self.maximumWaitingPhotos else { return }
        waiting.append((nextIndex, Self.photoMoment(touchedAt: touchedAt, requestedAt: now)))
        nextIndex += 1
        answerWaitingPhotos()
    }

    public mutating func stop(at now: Instant) {
        lastNow = max(lastNow, now)
        guard let movie else {
            end(.clean, lingering: true)
            return
        }
        self.movie = nil
        do throws(MotionJPEGMovieError) {
            try movie.finish(orientation: .normal)
            end(.clean, lingering: true)
        } catch {
            note(error.description)
            end(.failed(status: 1), lingering: true)
        }
    }

    public mutating func kill(at now: Instant) {
        lastNow = max(lastNow, now)
        end(.signalled(SIGKILL), lingering: false)
    }

    public mutating func nextEvent(now: Instant) -> CameraProcessEvent? {
        lastNow = max(lastNow, now)
        if let result = opening?.take() {
            opening = nil
            opened(result)
        }
        takeFrames()
        answerWaitingPhotos()
        if program == nil, let until = lingerUntil, lastNow >= until { closeStream() }
        return events.isEmpty ? nil : events.removeFirst()
    }

    /// Now while events wait to be taken (a stop's exit, a photo written in the step), the
    /// lingering stream's end otherwise; frames come through the descriptor.
    public var nextDeadline: Instant? {
        if !events.isEmpty { return lastNow }
        if opening != nil { return lastNow + Self.openingPollInterval }
        return program == nil ? lingerUntil : nil
    }

    /// How often the loop looks whether the stream opening on its thread is open.
    public static var openingPollInterval: TimeSpan { .milliseconds(5) }

    // MARK: the stream

    /// Opens the stream for the program started: on a thread of its own (`StreamOpening`), or
    /// at once when `opensOnAThread` is off (the tests).
    private mutating func beginOpening() {
        if opensOnAThread {
            do throws(V4L2Error) {
                try check(settings)
            } catch {
                opened(.failure(error))
                return
            }
            opening = StreamOpening(settings: settings, open: openStream)
            return
        }
        do throws(V4L2Error) {
            opened(.success(try openStream(settings)))
        } catch {
            opened(.failure(error))
        }
    }

    /// The open's outcome: the stream for the program started meanwhile (its movie, for a
    /// clip), lingering or closed when it has ended; the program's `.notStarted` when the
    /// device could not be opened.
    private mutating func opened(_ result: Result<Stream, V4L2Error>) {
        switch result {
        case .success(let opened):
            stream = opened
            ring = FrameRing(capacity: opened.shape.ringCapacity)
            lastExposure = nil
            lastSequence = nil
            let shape = opened.shape
            note(
                "v4l2: \(settings.device) streams \(shape.widthPixels) x \(shape.heightPixels) \(shape.format.rawValue), a frame every "
                    + "\(shape.frameInterval.nanoseconds / 1000) us, a ring of \(shape.ringCapacity)")
            if program != nil {
                streamReady()
            } else if closeWhenOpened {
                closeStream()
            } else {
                lingerUntil = lastNow + Self.lingerSpan
            }
        case .failure(let error):
            guard let program else {
                note(error.description)
                return
            }
            self.program = nil
            clipOutput = nil
            waiting.removeAll()
            events.append(.exited(program, .notStarted(reason: error.description)))
        }
        closeWhenOpened = false
    }

    /// The stream is there for the program started: a clip's movie is created.
    private mutating func streamReady() {
        guard case .video = program, let output = clipOutput, let shape = stream?.shape else { return }
        clipOutput = nil
        do throws(MotionJPEGMovieError) {
            movie = try MotionJPEGMovie(
                path: output, width: shape.widthPixels, height: shape.heightPixels, framesPerSecond: Self.moviesRate(shape.frameInterval))
        } catch {
            if let program { events.append(.exited(program, .notStarted(reason: error.description))) }
            program = nil
            lingerUntil = lastNow + Self.lingerSpan
        }
    }

    /// The running program ends with `exit`: the photos it had not written are lost, as a
    /// still server's; the stream stays open for `lingerSpan`, or closes.
    private mutating func end(_ exit: CameraExit, lingering: Bool) {
        guard let program else { return }
        self.program = nil
        waiting.removeAll()
        clipOutput = nil
        movie?.cancel()
        movie = nil
        if opening != nil { closeWhenOpened = !lingering }
        events.append(.exited(program, exit))
        if lingering && stream != nil {
            lingerUntil = lastNow + Self.lingerSpan
        } else {
            closeStream()
        }
    }

    private mutating func closeStream() {
        stream?.close()
        stream = nil
        _ = ring.removeAll()
        lingerUntil = nil
    }

    /// The stream failed: noted, closed; the running program ends as a program that died.
    private mutating func fail(_ error: V4L2Error) {
        note(error.description)
        end(.failed(status: 1), lingering: false)
        closeStream()
    }

    /// The movie's frame rate: the stream's, in whole frames a second (1...120).
    static func moviesRate(_ interval: TimeSpan) -> Int {
        guard interval.nanoseconds > 0 else { return 30 }
        let rate = (1_000_000_000 + interval.nanoseconds / 2) / interval.nanoseconds
        return Int(min(max(rate, Int64(MotionJPEGMovie.frameRates.lowerBound)), Int64(MotionJPEGMovie.frameRates.upperBound)))
    }

    /// The most frames a gap in the driver's count repeats: two seconds at the fastest rate;
    /// a longer gap is a stall the movie does not stretch over.
    static var maximumRepeatedFrames: Int { 240 }

    /// How much of one look may go to encoding a clip's frames: until `until`, and at least
    /// one frame.
    struct EncodingBudget {
        var until: Instant
        var encoded = 0
    }

    /// Frames of the clip that repeat the one before: dropped by the driver, not encodable,
    /// or over a look's encoding budget.
    public private(set) var clipFramesRepeated = 0

    /// A frame for the clip being recorded: as many repeats of the last as the driver dropped
    /// before it, then it, or the last again when it cannot be encoded or the look's budget is
    /// spent. A movie that cannot be written (a full card) ends the recorder as a program that
    /// failed.
    private mutating func record(_ frame: RingFrame, dropped: Int, from stream: Stream, budget: inout EncodingBudget) {
        guard let movie, case .video = program else { return }
        do throws(MotionJPEGMovieError) {
            for _ in 0..<min(dropped, Self.maximumRepeatedFrames) {
                if try movie.repeatLast() { clipFramesRepeated += 1 }
            }
            let overBudget = budget.encoded > 0 && clock() >= budget.until
            if !overBudget, let jpeg = encode(frame, from: stream, quality: settings.quality) {
                budget.encoded += 1
                try movie.append(jpeg: jpeg)
            } else if try movie.repeatLast() {
                clipFramesRepeated += 1
            }
        } catch {
            note(error.description)
            end(.failed(status: 1), lingering: true)
        }
    }

    /// Every frame the driver has filled, bounded by its buffers (one more finds none): each
    /// timed, pushed into the ring, the oldest given back.
    private mutating func takeFrames() {
        guard let stream else { return }
        let interval = stream.shape.frameInterval
        // The clip's encoding shares the event loop with the sensor and the shutter: at most
        // half a frame interval of it per look (one frame always), the rest repeat.
        var budget = EncodingBudget(until: clock() + TimeSpan(nanoseconds: interval.nanoseconds / 2))
        for _ in 0..<(V4L2Device.maximumBuffers + 1) {
            let dequeued: V4L2Device.Dequeued
            do throws(V4L2Error) {
                guard let next = try stream.dequeue() else { return }
                dequeued = next
            } catch {
                fail(error)
                return
            }
            framesTaken += 1
            var dropped = 0
            if let last = lastSequence, dequeued.sequence &- last > 1 { dropped = Int(dequeued.sequence &- last &- 1) }
            lastSequence = dequeued.sequence
            framesDropped += dropped
            if dequeued.flags & V4L2Device.errorFlag != 0 {
                framesDropped += 1
                giveBack(dequeued.buffer)
                continue
            }
            let timed = V4L2Timestamp.exposureStart(
                timestampNanoseconds: dequeued.timestampNanoseconds &- clockOrigin.nanoseconds, flags: dequeued.flags, dequeuedAt: clock(),
                interval: interval,
                previous: lastExposure)
            lastExposure = timed.start
            let frame = RingFrame(buffer: dequeued.buffer, exposure: timed.start, sequence: dequeued.sequence, bytesUsed: dequeued.bytesUsed)
            record(frame, dropped: dropped, from: stream, budget: &budget)
            if let oldest = ring.push(frame) { giveBack(oldest.buffer) }
            if self.stream == nil { return }
        }
    }

    private mutating func giveBack(_ buffer: UInt32) {
        do throws(V4L2Error) {
            try stream?.requeue(buffer)
        } catch {
            fail(error)
        }
    }

    /// The photos whose nearest frame is in the ring, in order; the rest wait for frames.
    private mutating func answerWaitingPhotos() {
        guard let stream else { return }
        while let first = waiting.first {
            guard case .frame(let nearest) = ring.nearest(to: first.moment, interval: stream.shape.frameInterval) else { return }
            waiting.removeFirst()
            let path = Self.path(pattern: pattern, index: first.index)
            // A frame that cannot be made a JPEG (a webcam's torn Motion JPEG transfer) gives
            // way to the next nearest; with none, its bytes are written and the session
            // refuses them as a photo that is not whole.
            var frame = nearest
            var jpeg: [UInt8]?
            for candidate in [nearest] + ring.byDistance(to: first.moment).filter({ $0 != nearest }) {
                frame = candidate
                jpeg = encode(candidate, from: stream, quality: settings.quality)
                if jpeg != nil { break }
            }
            if jpeg == nil { frame = nearest }
            let bytes = jpeg ?? stream.withBytes(of: nearest.buffer, count: nearest.bytesUsed) { Array($0) }
            guard write(bytes, to: path) else {
                fail(V4L2Error(device: settings.device, operation: "write", code: 0, description: "\(path): the photo's file cannot be created"))
                return
            }
            note(Self.choiceLine(index: first.index, frame: frame, moment: first.moment, ring: ring, interval: stream.shape.frameInterval))
            events.append(.photoClosed(index: first.index, exposedAt: frame.exposure))
        }
    }

    /// A photo's bytes in `path`, written in place (a write cut short leaves a partial
    /// file, which the session refuses, as it refuses rpicam-still's); false when the file
    /// cannot be created at all.
    private mutating func write(_ jpeg: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            note("\(path): \(POSIXFile.errorText(errno))")
            return false
        }
        defer { close(fd) }
        do throws(FileError) {
            try POSIXFile.writeAll(fd, jpeg, path: path)
        } catch {
            note(error.description)
        }
        return true
    }

    /// The frame's JPEG: YUYV compressed at `quality`, Motion JPEG made a whole file
    /// (`MotionJPEGFrame`); nil, noted, when it cannot be (a torn frame, an encoder's failure).
    private mutating func encode(_ frame: RingFrame, from stream: Stream, quality: Int) -> [UInt8]? {
        let shape = stream.shape
        let compressor = self.compressor
        let result = stream.withBytes(of: frame.buffer, count: frame.bytesUsed) { bytes -> Result<[UInt8], FrameProblem> in
            switch shape.format {
            case .mjpeg:
                do throws(MediaError) {
                    return .success(try MotionJPEGFrame.file(from: Array(bytes)))
                } catch {
                    return .failure(FrameProblem(description: error.description))
                }
            case .yuyv:
                guard let compressor else { return .failure(FrameProblem(description: "no JPEG compressor")) }
                do throws(JPEGCompressionError) {
                    return .success(
                        try compressor.compress(
                            yuyv: bytes, width: shape.widthPixels, height: shape.heightPixels, bytesPerLine: shape.bytesPerLine,
                            quality: quality))
                } catch {
                    return .failure(FrameProblem(description: error.description))
                }
            }
        }
        switch result {
        case .success(let jpeg):
            return jpeg
        case .failure(let problem):
            note("frame \(frame.sequence): \(problem.description)")
            return nil
        }
    }

    /// Why a frame could not be made a JPEG.
    private struct FrameProblem: Error {
        var description: String
    }

    /// The log's line for a photo's frame: its exposure, the moment asked for and the ring's
    /// frames on either side of it (CLOCK_MONOTONIC seconds), so that a reader (the kernel
    /// test) can check that no other frame was nearer.
    static func choiceLine(index: Int, frame: RingFrame, moment: Instant, ring: FrameRing, interval: TimeSpan) -> String {
        let before = ring.frames.last { $0.exposure < frame.exposure }.map { seconds($0.exposure) } ?? "none"
        let after = ring.frames.first { $0.exposure > frame.exposure }.map { seconds($0.exposure) } ?? "none"
        return "v4l2 photo \(index): frame \(frame.sequence) exposed at \(seconds(frame.exposure)) s for the moment \(seconds(moment)) s "
            + "(frames before \(before), after \(after); interval \(interval.nanoseconds / 1000) us)"
    }

    /// An instant as seconds with nine decimals.
    static func seconds(_ instant: Instant) -> String {
        let nanoseconds = instant.nanoseconds
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1_000_000_000)
        return sign + String(magnitude / 1_000_000_000) + "." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    private mutating func note(_ text: String) {
        if notes.count >= Self.maximumNotes { notes.removeFirst() }
        notes.append(text)
    }

    /// rpicam's printf-style `%04d` counter in `pattern` (the session's still pattern).
    static func path(pattern: String, index: Int) -> String {
        pattern.replacing("%04d", with: MediaNaming.fourDigits(index))
    }
}
