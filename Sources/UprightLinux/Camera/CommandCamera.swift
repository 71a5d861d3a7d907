#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The board's camera commands (`rpicam-still`, `rpicam-vid`) as a `Camera`: each order
/// expands the board's `CommandTemplate` into an argument vector and spawns it (no shell, so no
/// value can add arguments or commands). Nothing blocks: children are waited for through
/// `pollDescriptors` (pidfds) and `nextDeadline`, and reaped in `nextCompletion`.
///
/// - Photo: spawn the still command; exit 0 is `captureFinished`, anything else (or a spawn
///   failure, or running past `stillTimeLimit`: killed) is `captureFailed`.
/// - Clip: spawn the video command (`recordingStarted` at once); stop with SIGINT, SIGKILL
///   after `stopGrace`; when it has ended, `afterClip(path, orientation)` (the MP4 rotation
///   patcher) then `recordingStopped`. A video child that ends by itself is a stop (exit 0)
///   or `recordingFailed`.
///
/// Event loop contract: poll `pollDescriptors` for POLLIN and sleep no later than
/// `nextDeadline`; on either, call the runtime's `advance(to: now)`, which collects the
/// completions. Files are named by `naming` (`IMG_0001.jpg`, `CLIP_0001.mp4`), built from
/// numbers only, so every path stays directly inside `outputDirectory`.
public struct CommandCamera: Camera {
    public var still: CommandTemplate
    public var video: CommandTemplate
    public var outputDirectory: String
    public var naming: MediaNaming
    /// Between SIGINT and SIGKILL when stopping a clip (rpicam-vid finalises the MP4 on SIGINT).
    public var stopGrace: TimeSpan = .seconds(3)
    /// A still command running longer is killed (the machine's capture timeout has long fired).
    public var stillTimeLimit: TimeSpan = .seconds(30)
    /// Called once a stopped clip's process has ended, before `recordingStopped`.
    public var afterClip: ((_ path: String, _ orientation: UprightOrientation) -> Void)?

    /// Children running at most: photos beyond it fail at once.
    public static let maxStills = 4
    /// Without pidfds (kernels before 5.3) `nextDeadline` ticks at this interval while a child runs.
    public static let fallbackPollInterval = TimeSpan.milliseconds(20)
    public static let maxProblems = 32

    private struct Still {
        var shot: UInt32
        var child: ChildProcess
        var killAt: Instant?
    }

    private struct Recording {
        var clip: UInt32
        var orientation: UprightOrientation
        var path: String
        var child: ChildProcess
        var stopRequested = false
        var killAt: Instant?
    }

    private var stills: [Still] = []
    private var recording: Recording?
    private var completions: [CameraCompletion] = []
    private var lastNow = Instant.zero
    /// Why orders failed (spawn errors, bad names, exit statuses), oldest first, for the log.
    public private(set) var problems: [String] = []

    /// rpicam-vid writes MP4.
    public static let clipExtension = "mp4"

    public init(still: CommandTemplate, video: CommandTemplate, outputDirectory: String, naming: MediaNaming = MediaNaming(clipExtension: CommandCamera.clipExtension)) {
        self.still = still
        self.video = video
        self.outputDirectory = outputDirectory
        self.naming = naming
    }

    /// The board's command backend writing into its output directory; nil when the board
    /// uses the simulated camera.
    public init?(board: Board, naming: MediaNaming = MediaNaming(clipExtension: CommandCamera.clipExtension)) {
        guard case .command(let still, let video) = board.camera else { return nil }
        self.init(still: still, video: video, outputDirectory: board.output.directory, naming: naming)
    }

    /// The problems noted since the last call.
    public mutating func takeProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }

    // MARK: event loop interface

    /// One pidfd per running child; readable when it has ended.
    public var pollDescriptors: [Int32] {
        var descriptors = stills.map(\.child.descriptor).filter { $0 >= 0 }
        if let recording, recording.child.descriptor >= 0 { descriptors.append(recording.child.descriptor) }
        return descriptors
    }

    /// The next kill deadline, or the fallback tick for a child without a pidfd.
    public var nextDeadline: Instant? {
        var earliest: Instant?
        func consider(_ deadline: Instant?) {
            if let deadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        for still in stills {
            consider(still.killAt)
            if still.child.descriptor < 0 { consider(lastNow + Self.fallbackPollInterval) }
        }
        if let recording {
            consider(recording.killAt)
            if recording.child.descriptor < 0 { consider(lastNow + Self.fallbackPollInterval) }
        }
        return earliest
    }

    // MARK: Camera

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        lastNow = max(lastNow, now)
        switch order {
        case .startPreview, .stopPreview, .showOrientation:
            break // the commands run with --nopreview; there is no overlay to draw
        case .capturePhoto(let shot, let orientation):
            startStill(shot: shot, orientation: orientation, at: now)
        case .startRecording(let clip, let orientation):
            startVideo(clip: clip, orientation: orientation)
        case .stopRecording(let clip):
            guard var running = recording, running.clip == clip, !running.stopRequested else { return }
            running.child.signal(SIGINT)
            running.stopRequested = true
            running.killAt = now + stopGrace
            recording = running
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        lastNow = max(lastNow, now)
        reapStills(now: now)
        reapRecording(now: now)
        return completions.isEmpty ? nil : completions.removeFirst()
    }

    // MARK: children

    private mutating func startStill(shot: UInt32, orientation: UprightOrientation, at now: Instant) {
        guard stills.count < Self.maxStills else {
            fail(.captureFailed(shot: shot), "photo \(shot): \(Self.maxStills) still commands still running")
            return
        }
        let path = path(naming.photoName(shot: shot))
        let values = values(file: path, orientation: orientation, shot: shot, clip: 0)
        do throws(CommandCameraError) {
            let child = try spawn(still, values)
            stills.append(Still(shot: shot, child: child, killAt: now + stillTimeLimit))
        } catch {
            fail(.captureFailed(shot: shot), "photo \(shot): \(error)")
        }
    }

    private mutating func startVideo(clip: UInt32, orientation: UprightOrientation) {
        guard recording == nil else {
            fail(.recordingFailed(clip: clip), "clip \(clip): a clip is still recording")
            return
        }
        let path = path(naming.clipName(clip: clip))
        let values = values(file: path, orientation: orientation, shot: 0, clip: clip)
        do throws(CommandCameraError) {
            let child = try spawn(video, values)
            recording = Recording(clip: clip, orientation: orientation, path: path, child: child)
            completions.append(.recordingStarted(clip: clip))
        } catch {
            fail(.recordingFailed(clip: clip), "clip \(clip): \(error)")
        }
    }

    private mutating func reapStills(now: Instant) {
        var index = 0
        while index < stills.count {
            if let status = stills[index].child.reap() {
                let shot = stills[index].shot
                if status.succeeded {
                    completions.append(.captureFinished(shot: shot))
                } else {
                    fail(.captureFailed(shot: shot), "photo \(shot): still command \(Self.describe(status))")
                }
                stills.remove(at: index)
                continue
            }
            if let killAt = stills[index].killAt, killAt <= now {
                stills[index].child.signal(SIGKILL)
                stills[index].killAt = nil
            }
            index += 1
        }
    }

    private mutating func reapRecording(now: Instant) {
        guard var running = recording else { return }
        if let status = running.child.reap() {
            recording = nil
            if running.stopRequested || status.succeeded {
                if status.succeeded || status == .signalled(SIGINT) {
                    afterClip?(running.path, running.orientation)
                } else {
                    problems(append: "clip \(running.clip): video command \(Self.describe(status)) when stopped")
                }
                completions.append(.recordingStopped(clip: running.clip))
            } else {
                fail(.recordingFailed(clip: running.clip), "clip \(running.clip): video command \(Self.describe(status))")
            }
            return
        }
        if let killAt = running.killAt, killAt <= now {
            running.child.signal(SIGKILL)
            running.killAt = nil
            recording = running
        }
    }

    // MARK: helpers

    /// `outputDirectory/name`.
    private func path(_ name: String) -> String {
        outputDirectory.hasSuffix("/") ? outputDirectory + name : outputDirectory + "/" + name
    }

    private func values(file: String, orientation: UprightOrientation, shot: UInt32, clip: UInt32) -> [String: String] {
        [
            "file": file,
            "exif": String(orientation.exifValue),
            "rotation": String(orientation.rotationDegrees),
            "orientation": "\(orientation.name)",
            "shot": String(shot),
            "clip": String(clip),
        ]
    }

    private func spawn(_ template: CommandTemplate, _ values: [String: String]) throws(CommandCameraError) -> ChildProcess {
        let arguments: [String]
        do throws(TemplateError) {
            arguments = try template.expand(values)
        } catch {
            throw .template(error)
        }
        do throws(SpawnError) {
            return try ChildProcess.spawn(arguments)
        } catch {
            throw .spawn(error)
        }
    }

    private mutating func fail(_ completion: CameraCompletion, _ problem: String) {
        completions.append(completion)
        problems(append: problem)
    }

    private mutating func problems(append problem: String) {
        if problems.count >= Self.maxProblems { problems.removeFirst() }
        problems.append(problem)
    }

    private static func describe(_ status: ChildProcess.Status) -> String {
        switch status {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "killed by signal \(signal)"
        case .lost: "reaped elsewhere (status unknown)"
        }
    }
}
