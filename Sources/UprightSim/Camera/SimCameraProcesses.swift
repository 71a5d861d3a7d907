#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// A model of the camera programs rpicam-apps provides (docs/camera.md), as the camera
/// session's process port in the simulator: the same session that drives rpicam on a Pi drives
/// this, so shutter lag, waits, faults and the one-owner rule are the simulator's to show.
///
/// What it models, in virtual time, from `Board.SimulatedCameraTimings`:
/// - a start takes `open` until the camera is acquired and the signal handlers are installed (a
///   signal before that ends the program, as it ends rpicam) and `settle` more to a settled
///   preview (a clip records from then);
/// - a photo is taken at the preview's next frame after its signal, exposed `capture` later
///   (`zsl_capture` with zero shutter lag), and its file, a real JPEG of the synthetic scene at
///   the exposure's pose, is closed `write` after that; without zero shutter lag the preview
///   comes back `preview_again` after the exposure, and a signal meanwhile waits for it;
/// - with `frame_ring` (the V4L2 model: a device streaming frames at the frame interval into a
///   ring of the last `ringFrames` with their timestamps), a photo is the frame nearest its
///   touch, before or after it, or the oldest one kept when the touch is older than that, with
///   no mode switch: its file is closed `write` after the later of the frame and the signal;
/// - SIGUSR2 ends the still server `stop` later; SIGINT ends the recorder `video_stop` later,
///   its movie (`SimMovie`, identity matrix: the session writes the rotation) finished with
///   every frame from the settled preview to the stop; SIGKILL ends either at once;
/// - one owner: a start while another program is alive is refused after `open` (exit 255) and
///   counted in `violations` (the session must keep it 0);
/// - faults: `SimCameraFault`s at their times, and, for the soak, crashes and hangs drawn per
///   photo and refusals per start from `generator` with the given probabilities.
///
/// Deterministic: nothing reads a clock; events are due at times computed from the orders'.
public struct SimCameraProcesses: CameraProcesses {
    public let settings: Board.SimulatedCameraSettings
    public let zeroShutterLag: Bool
    /// The camera's true pose at an instant: what a photo or a movie frame shows.
    public var pose: (Instant) -> MotionPose
    /// Wraps every rendering (photo or movie frames), for timing; nil renders directly.
    public var renderHook: ((_ render: () -> Void) -> Void)?

    /// Starts refused because another program owned the camera.
    public private(set) var violations = 0
    /// Photo files written, and their total bytes.
    public private(set) var photosWritten = 0
    public private(set) var faultsActed = 0

    /// Probabilities per photo (crash, hang) and per start (the camera busy), for the soak.
    public var crashProbability = 0.0
    public var hangProbability = 0.0
    public var busyProbability = 0.0
    private var generator: SeededGenerator

    private struct Program {
        /// Tells this run from a refused second one of the same program.
        var id: Int
        var program: CameraProgram
        var output: String
        var openAt: Instant
        var settledAt: Instant
        /// No earlier frame is taken for a photo (the preview coming back after a capture).
        var previewAt: Instant
        var photoIndex = 0
        /// It ignores every signal but SIGKILL (a hang).
        var hung = false
        /// Refused at start: it only waits to exit with 255.
        var refused = false
        var movie: SimMovie?
    }

    private enum Happening {
        case closePhoto(index: Int, path: String, exposedAt: Instant)
        case exit(id: Int, CameraProgram, CameraExit)
    }

    private var alive: Program?
    private var nextID = 0
    /// Programs refused while `alive` ran, waiting to report their exit.
    private var pending: [(due: Instant, happening: Happening)] = []
    private var faults: [SimCameraFault]

    public init(
        settings: Board.SimulatedCameraSettings, zeroShutterLag: Bool, faults: [SimCameraFault] = [],
        generator: SeededGenerator = SeededGenerator(seed: 0), pose: @escaping (Instant) -> MotionPose
    ) {
        self.settings = settings
        self.zeroShutterLag = zeroShutterLag
        self.faults = faults.sorted { $0.time < $1.time }
        self.generator = generator
        self.pose = pose
    }

    private var timings: Board.SimulatedCameraTimings { settings.timings }
    private static func ms(_ value: Int) -> TimeSpan { .milliseconds(Int64(value)) }

    // MARK: CameraProcesses

    public mutating func start(_ program: CameraProgram, output: String, orientation: UprightOrientation?, at now: Instant) -> Bool {
        applyFaults(by: now)
        let openAt = now + Self.ms(timings.openMilliseconds)
        nextID += 1
        if alive != nil {
            // libcamera refuses a second owner; the program fails once it tries to acquire.
            violations += 1
            schedule(openAt, .exit(id: nextID, program, .failed(status: CameraExit.acquireFailedStatus)))
            return true
        }
        var started = Program(
            id: nextID, program: program, output: output, openAt: openAt,
            settledAt: openAt + Self.ms(timings.settleMilliseconds), previewAt: openAt)
        if busy(at: now) || generator.chance(busyProbability) {
            started.refused = true
            schedule(openAt, .exit(id: started.id, program, .failed(status: CameraExit.acquireFailedStatus)))
        } else {
            switch program {
            case .stillServer:
                break
            case .oneShot:
                // The one-shot command takes its photo as soon as its preview has settled.
                let exposed = started.settledAt + Self.ms(timings.captureMilliseconds)
                let closed = exposed + Self.ms(timings.writeMilliseconds)
                schedule(closed, .closePhoto(index: 0, path: output, exposedAt: exposed))
                schedule(closed, .exit(id: started.id, program, .clean))
            case .video:
                // A movie that cannot be created leaves no file, as a recorder that cannot open its
                // output: the session finds none at the stop and fails the clip.
                started.movie = try? SimMovie(path: output, settings: settings.clip)
            }
        }
        alive = started
        return true
    }

    /// The frames the V4L2 model keeps: the V4L2 backend's default ring (`ring_frames`).
    public static let ringFrames = 4

    public mutating func requestPhoto(touchedAt: Instant, at now: Instant) {
        applyFaults(by: now)
        guard var program = alive, !program.refused, !program.hung else { return }
        guard now >= program.openAt else {
            // No handler yet: SIGUSR1's default action ends the program.
            end(with: .signalled(SIGUSR1), at: now)
            return
        }
        if hangDue(at: now) || generator.chance(hangProbability) {
            program.hung = true
            alive = program
            return
        }
        let exposed: Instant
        if settings.frameRing {
            exposed = nearestFrame(to: touchedAt, at: now, in: program)
        } else {
            let frame = nextFrame(after: max(now, program.previewAt), in: program)
            exposed = frame + Self.ms(zeroShutterLag ? timings.zeroLagCaptureMilliseconds : timings.captureMilliseconds)
        }
        // A frame from the ring may be older than the signal: the work starts now.
        let taken = max(now, exposed)
        if generator.chance(crashProbability) {
            schedule(taken, .exit(id: program.id, program.program, .signalled(SIGSEGV)))
            alive = program
            return
        }
        let path = Self.path(pattern: program.output, index: program.photoIndex)
        schedule(taken + Self.ms(timings.writeMilliseconds), .closePhoto(index: program.photoIndex, path: path, exposedAt: exposed))
        program.photoIndex += 1
        if !zeroShutterLag && !settings.frameRing { program.previewAt = exposed + Self.ms(timings.backToPreviewMilliseconds) }
        alive = program
    }

    public mutating func stop(at now: Instant) {
        applyFaults(by: now)
        guard let program = alive, !program.refused, !program.hung else { return }
        guard now >= program.openAt else {
            end(with: .signalled(program.program == .stillServer ? SIGUSR2 : SIGINT), at: now)
            return
        }
        switch program.program {
        case .stillServer:
            schedule(nextFrame(after: now, in: program) + Self.ms(timings.stopMilliseconds), .exit(id: program.id, program.program, .clean))
        case .video:
            finishMovie(at: now)
            schedule(now + Self.ms(timings.videoStopMilliseconds), .exit(id: program.id, program.program, .clean))
        case .oneShot:
            break // it exits by itself
        }
    }

    public mutating func kill(at now: Instant) {
        end(with: .signalled(SIGKILL), at: now)
    }

    public mutating func nextEvent(now: Instant) -> CameraProcessEvent? {
        applyFaults(by: now)
        guard let first = pending.first, first.due <= now else { return nil }
        pending.removeFirst()
        switch first.happening {
        case .closePhoto(let index, let path, let exposedAt):
            guard alive != nil else { return nextEvent(now: now) }
            writePhoto(at: path, exposedAt: exposedAt)
            return .photoClosed(index: index, exposedAt: exposedAt)
        case .exit(let id, let program, let exit):
            if let running = alive, running.id == id {
                running.movie?.cancel()
                alive = nil
                // A photo it had not closed will never be.
                pending.removeAll { if case .closePhoto = $0.happening { true } else { false } }
            }
            return .exited(program, exit)
        }
    }

    public var nextDeadline: Instant? {
        var earliest = pending.first?.due
        if alive != nil {
            for case .crash(let at) in faults where earliest.map({ at < $0 }) ?? true { earliest = at }
        }
        return earliest
    }

    // MARK: the model

    /// The first preview frame at or after `time`: frames tick from the open.
    private func nextFrame(after time: Instant, in program: Program) -> Instant {
        let frame = Self.ms(timings.frameMilliseconds).nanoseconds
        let since = max(0, (time - program.openAt).nanoseconds)
        return program.openAt + TimeSpan(nanoseconds: (since + frame - 1) / frame * frame)
    }

    /// The streamed frame nearest `time` (frames tick from the open; a tie takes the later).
    /// The ring's frame nearest `time`: frames start at the open and come every frame interval;
    /// at `now` the ring holds the last `ringFrames` begun by then, and the next one is awaited
    /// when it is nearer.
    private func nearestFrame(to time: Instant, at now: Instant, in program: Program) -> Instant {
        let frame = Self.ms(timings.frameMilliseconds).nanoseconds
        let nearest = (max(0, (time - program.openAt).nanoseconds) + frame / 2) / frame
        let oldestKept = max(0, (now - program.openAt).nanoseconds / frame - Int64(Self.ringFrames - 1))
        return program.openAt + TimeSpan(nanoseconds: max(nearest, oldestKept) * frame)
    }

    private mutating func schedule(_ due: Instant, _ happening: Happening) {
        let index = pending.firstIndex { $0.due > due } ?? pending.endIndex
        pending.insert((due, happening), at: index)
    }

    /// Ends the running program with `exit` now (its unclosed photo lost, its movie unfinished).
    private mutating func end(with exit: CameraExit, at now: Instant) {
        guard let program = alive else { return }
        pending.removeAll {
            switch $0.happening {
            case .closePhoto: true
            case .exit(let other, _, _): other == program.id
            }
        }
        schedule(now, .exit(id: program.id, program.program, exit))
        var ended = program
        ended.refused = true // nothing more happens to it
        ended.movie?.cancel()
        ended.movie = nil
        alive = ended
    }

    private mutating func finishMovie(at now: Instant) {
        guard var program = alive, let movie = program.movie else { return }
        let settled = program.settledAt
        let pose = self.pose
        rendering {
            if now > settled {
                // A write that fails leaves a broken movie, as a recorder on a failing card: the
                // session's rotation patch finds it unreadable and fails the clip.
                _ = try? movie.appendFrames(upTo: now - settled) { offset in pose(settled + offset) }
            }
            _ = try? movie.finish(orientation: .normal)
        }
        program.movie = nil
        alive = program
    }

    private mutating func writePhoto(at path: String, exposedAt: Instant) {
        let pose = self.pose(exposedAt)
        var rendered: [UInt8]?
        let settings = self.settings
        rendering {
            rendered = SimPhoto.jpeg(
                rollDegrees: pose.angleDegrees, tiltDegrees: pose.tiltDegrees, orientation: .normal,
                width: settings.widthPixels, height: settings.heightPixels, quality: settings.quality)
        }
        guard let bytes = rendered else { return }
        // Written in place, as rpicam-still writes (fopen, fwrite, fclose).
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        // Written in place as rpicam-still writes: a failed write leaves a partial file, which the
        // session's whole-JPEG check refuses (the photo fails).
        _ = try? POSIXFile.writeAll(fd, bytes, path: path)
        close(fd)
        photosWritten += 1
    }

    private func rendering(_ body: () -> Void) {
        if let renderHook { renderHook(body) } else { body() }
    }

    /// Crashes due by `now` end the running program; spent faults are dropped.
    private mutating func applyFaults(by now: Instant) {
        // Hangs and busy spells are acted on by the photo or start they meet.
        var index = 0
        while index < faults.count, faults[index].time <= now {
            guard case .crash = faults[index] else {
                index += 1
                continue
            }
            faults.remove(at: index)
            faultsActed += 1
            if let program = alive, !program.refused { end(with: .signalled(SIGSEGV), at: now) }
        }
    }

    private mutating func hangDue(at now: Instant) -> Bool {
        guard let index = faults.firstIndex(where: { if case .hang(let at) = $0 { at <= now } else { false } }) else { return false }
        faults.remove(at: index)
        faultsActed += 1
        return true
    }

    private mutating func busy(at now: Instant) -> Bool {
        faults.removeAll { if case .busy(_, let until) = $0 { until <= now } else { false } }
        let isBusy = faults.contains { if case .busy(let at, let until) = $0 { at <= now && now < until } else { false } }
        if isBusy { faultsActed += 1 }
        return isBusy
    }

    /// rpicam's printf-style `%04d` counter in `pattern`.
    static func path(pattern: String, index: Int) -> String {
        pattern.replacing("%04d", with: MediaNaming.fourDigits(index))
    }
}
