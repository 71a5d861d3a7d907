#if canImport(Glibc)
import Glibc
#endif
import CLinux
import UprightCore
import UprightHost

/// The camera session's process port on Linux: the board's camera programs (rpicam-still,
/// rpicam-vid, or a maker's own, from argv templates: never a shell) started with posix_spawn
/// (`ChildProcess`: no signal blocked, default dispositions, so SIGUSR1/SIGUSR2/SIGINT reach
/// them), signalled, and watched without polling: a pidfd says a program ended, inotify
/// (`IN_CLOSE_WRITE` on the output directory) says the still server closed a photo.
///
/// Event loop contract: poll `descriptors` for POLLIN and sleep no later than `nextDeadline`;
/// then the session's `nextCompletion` (the runtime's `advance`) collects what happened.
public struct RpicamProcesses: CameraProcesses {
    public var still: ArgvTemplate
    public var video: ArgvTemplate
    public let outputDirectory: String

    /// Where the running program is recorded for a start-up after `upright` alone died
    /// (`CameraChildRecord`); nil: not recorded.
    public var childRecord: CameraChildRecord?

    /// Without pidfds (kernels before 5.3) `nextDeadline` ticks at this interval while a
    /// program runs, to reap it.
    public static let fallbackPollInterval = TimeSpan.milliseconds(20)

    private var child: ChildProcess?
    private var program: CameraProgram?
    private var events: [CameraProcessEvent] = []
    /// inotify watching the output directory for closed files; -1 when it could not be set up
    /// (the tick then also looks for the next photo's file).
    private let notify: Int32
    private var lastNow = Instant.zero
    /// The still server's name pattern, to tell its photos in the directory's events.
    private var serverPrefix = CameraFiles.temporaryPrefix + "still-"

    public init(still: ArgvTemplate, video: ArgvTemplate, outputDirectory: String) {
        self.still = still
        self.video = video
        self.outputDirectory = outputDirectory
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0, inotify_add_watch(fd, outputDirectory, UInt32(IN_CLOSE_WRITE)) < 0 {
            close(fd)
            notify = -1
        } else {
            notify = fd
        }
    }

    /// The board's command backend writing into its output directory; nil for the simulated one.
    public init?(board: Board) {
        guard case .command(let still, let video) = board.camera.backend else { return nil }
        self.init(still: still, video: video, outputDirectory: board.output.directory)
    }

    /// The descriptors to poll: the running program's pidfd, the output directory's inotify.
    public var descriptors: [Int32] {
        var fds: [Int32] = []
        if let child, child.descriptor >= 0 { fds.append(child.descriptor) }
        if notify >= 0 { fds.append(notify) }
        return fds
    }

    /// True while a program runs.
    public var isRunning: Bool { child != nil }

    // MARK: CameraProcesses

    public mutating func start(_ program: CameraProgram, output: String, orientation: UprightOrientation?, at now: Instant) -> Bool {
        lastNow = max(lastNow, now)
        guard child == nil else {
            // The session never does this; refusing keeps one owner even if it did.
            events.append(.exited(program, .notStarted(reason: "another camera program is still running")))
            return false
        }
        // An unknown latch (nil) claims nothing: {exif} 1 and {rotation} 0 are what a file
        // without an orientation displays as, and the session removes the photo's tag when it
        // finishes it (docs/boards.md).
        var values = [
            "file": output, "exif": String(orientation?.exifValue ?? 1), "rotation": String(orientation?.rotationDegrees ?? 0),
            "orientation": orientation.latchName, "shot": "0", "clip": "0",
        ]
        let template: ArgvTemplate
        switch program {
        case .stillServer:
            template = still
        case .oneShot(let shot):
            template = still
            values["shot"] = String(shot)
        case .video(let clip):
            template = video
            values["clip"] = String(clip)
        }
        do throws(TemplateError) {
            let arguments = try template.expand(values)
            do throws(SpawnError) {
                let spawned = try ChildProcess.spawn(arguments)
                child = spawned
                self.program = program
                childRecord?.record(pid: spawned.pid, program: arguments[0])
                return true
            } catch {
                events.append(.exited(program, .notStarted(reason: error.description)))
            }
        } catch {
            events.append(.exited(program, .notStarted(reason: "argument \(error.index): \(error.message)")))
        }
        return false
    }

    public mutating func requestPhoto(touchedAt: Instant, at now: Instant) { child?.signal(SIGUSR1) }

    public mutating func stop(at now: Instant) {
        guard let program else { return }
        switch program {
        case .stillServer: child?.signal(SIGUSR2)
        case .video: child?.signal(SIGINT)
        case .oneShot: child?.signal(SIGTERM)
        }
    }

    public mutating func kill(at now: Instant) { child?.signal(SIGKILL) }

    public mutating func nextEvent(now: Instant) -> CameraProcessEvent? {
        lastNow = max(lastNow, now)
        readClosedFiles()
        reap()
        return events.isEmpty ? nil : events.removeFirst()
    }

    public var nextDeadline: Instant? {
        guard let child else { return nil }
        return child.descriptor < 0 || notify < 0 ? lastNow + Self.fallbackPollInterval : nil
    }

    // MARK: watching

    /// The still server's closed photos, from inotify (the directory's close-after-write events).
    private mutating func readClosedFiles() {
        guard notify >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Bounded: each read drains up to 4 KB of events; a few reads empty the queue.
        for _ in 0..<8 {
            let count = buffer.withUnsafeMutableBytes { read(notify, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + 16 <= count {
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then name[len].
                let length =
                    Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                if program == .stillServer, let index = Self.photoIndex(name, prefix: serverPrefix) {
                    events.append(.photoClosed(index: index, exposedAt: nil))
                }
            }
        }
    }

    /// N of `.upright-still-NNNN.jpg`.
    static func photoIndex(_ name: String, prefix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(".jpg") else { return nil }
        return Int(name.dropFirst(prefix.count).dropLast(4))
    }

    private mutating func reap() {
        guard var running = child, let program else { return }
        guard let status = running.reap() else { return }
        child = nil
        childRecord?.clear()
        self.program = nil
        let exit: CameraExit
        switch status {
        case .exited(let code): exit = code == 0 ? .clean : .failed(status: code)
        case .signalled(let signal): exit = .signalled(signal)
        case .lost: exit = .failed(status: -1)
        }
        events.append(.exited(program, exit))
    }
}
