import UprightCore

/// The one camera, as one owner: the `Camera` the engine drives on a Pi (over real programs,
/// `RpicamProcesses`) and in the simulator (over a modelled program, `SimCameraProcesses`).
/// At most one camera program exists at any time (libcamera lets one process own the camera);
/// the session only ever starts one after the last has been seen to end.
///
/// - **Preview** (`startPreview`, in server mode): a still server starts and runs while the
///   machine previews, so exposure and white balance have settled when the shutter fires.
///   `stopPreview` stops it (SIGUSR2), once no photo is waiting.
/// - **Photo**: the server is signalled (SIGUSR1) once it is ready (`readyDelay` after its
///   start: signals before that would end it); its next file, closed, is finished by
///   `CameraFiles` (a whole JPEG, the shot's own latched EXIF orientation, the final name
///   atomically). An order that waits for the server to start is served as soon as it is ready
///   and its wait is reported (`captureFinished(waited:)`). One photo at a time: the next
///   signal only after the last file is closed (rpicam keeps one pending signal). A server
///   that its first signal ends was not ready yet: it starts again at once, the photo still
///   first in line, and every server is signalled twice as late from then on (to 8 s). In
///   one-shot mode each photo is its own program, queued.
/// - **Clip**: the server is stopped and its exit awaited, the video program started,
///   `recordingStarted` once it is ready; a stop (SIGINT) waits for ready too; after a clean
///   exit the rotation is written and the clip named; then the server starts again if the
///   machine still previews.
/// - **Faults**: a program that dies is a `camera-died` fault and is started again after a
///   backoff (0.5 s doubling to 8 s); one that does not write a photo or stop within its bound
///   is killed, `camera-hung`; one that cannot acquire the camera (rpicam's exit 255) or be
///   started at all is `camera-unavailable`, and the photos waiting fail at once, so every press
///   still gets a capture or a rejection. Each is reported once, and `recovered` when a program
///   is ready again. A photo in flight when its program dies or hangs fails (`captureFailed`);
///   a clip fails (`recordingFailed`).
/// - **Storage**: an order that finds the output's file system below the reserve or
///   read-only (`CameraFiles.storage`), or a photo or clip whose writing fails for the
///   storage's sake (ENOSPC, EIO, EROFS; a program that exits with a failure or leaves a
///   partial photo while the file system has no room), is a `storage` fault, reported before its failure
///   (the machine then rejects presses `storage full`); the file system is looked at again
///   every `storageRecheck` and the fault `recovered` once there is room.
///
/// - **Kill**: a program killed (SIGKILL) and still not ended `killBound` later is stuck in
///   the kernel (uninterruptible sleep in a driver): it still owns the camera, so nothing else
///   is started, but the photos and the clip waiting fail at once, it is a
///   `camera-unavailable` fault, and new orders fail at once until it ends.
///
/// Time is the real clock the runtime gives (`perform(_:at:)`, `nextCompletion(through:now:)`):
/// when an order really reached the camera, so a stall of the firmware never counts against a
/// program's bound. Deadlines (ready, bounds, restarts) are in `nextDeadline`; a process edge
/// that cannot predict its events (real programs) has its descriptors polled. Each completion
/// carries the time the session saw it.
public struct CameraSession<Processes: CameraProcesses>: Camera {
    public var processes: Processes
    public let settings: CameraSessionSettings
    public internal(set) var files: CameraFiles

    /// Why orders failed and what went wrong, oldest first, for the log (at most 32 kept).
    public private(set) var problems: [String] = []
    /// Photos and clips finished, by their final paths (for the summaries; the last 64).
    public private(set) var written: [String] = []

    private struct PhotoRequest {
        var shot: UInt32
        var orientation: UprightOrientation
        var orderedAt: Instant
        var abandoned = false
    }

    private struct ClipRequest {
        var clip: UInt32
        var orientation: UprightOrientation
        var started = false
        var stopWanted = false
    }

    private enum Phase {
        /// Started; may be signalled from `readyAt` on.
        case starting(readyAt: Instant)
        case ready
        /// The server was signalled for the photo whose file will be `index`.
        case shooting(index: Int, since: Instant)
        /// Asked to stop at `since`.
        case stopping(since: Instant)
        /// SIGKILL sent at `since`; waiting for the exit.
        case killed(since: Instant)
        /// Killed and not ended `killBound` later: stuck; still waiting for the exit.
        case stuck
    }

    private struct Running {
        var program: CameraProgram
        var phase: Phase
        /// The still server's next file index (its pattern's counter).
        var nextIndex = 0
        /// Why it was killed, reported when its exit is seen.
        var killedFor: CameraFault?
    }

    private var previewWanted = false
    /// Photo orders not yet answered, oldest first (the machine sends one at a time; an
    /// abandoned one stays until its program is done with it).
    private var photos: [PhotoRequest] = []
    private var clip: ClipRequest?
    private var running: Running?
    private var restartAt: Instant?
    private var restartDelay: TimeSpan
    /// How long after its start the still server is signalled: `settings.readyDelay`, doubled
    /// (to at most `longestRestartDelay`) each time a server was found not ready.
    private var readyDelay: TimeSpan
    /// The fault reported and not yet recovered from.
    private var outstandingFault: CameraFault?
    private var completions: [CameraReport] = []
    private var lastNow = Instant.zero
    /// While the storage fault is outstanding: when to look at the file system again.
    private var storageRecheckAt: Instant?

    /// How often a full file system is looked at again.
    public static var storageRecheck: TimeSpan { .seconds(1) }
    /// How long a killed program may take to end before it counts as stuck: SIGKILL cannot be
    /// caught, so only a process asleep in the kernel outlives it.
    public static var killBound: TimeSpan { .seconds(2) }

    public static var maximumPhotoRequests: Int { 8 }
    public static var maximumProblems: Int { 32 }

    public init(processes: Processes, settings: CameraSessionSettings, files: CameraFiles) {
        self.processes = processes
        self.settings = settings
        self.files = files
        self.restartDelay = settings.firstRestartDelay
        self.readyDelay = settings.readyDelay
    }

    /// True while a camera program runs or an order waits for one.
    public var isBusy: Bool { running != nil || !photos.isEmpty || clip != nil }

    /// The problems noted since the last call.
    public mutating func takeProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }

    // MARK: Camera

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        lastNow = max(lastNow, now)
        let now = lastNow
        switch order {
        case .startPreview:
            previewWanted = true
        case .stopPreview:
            previewWanted = false
        case .showOrientation:
            break // rpicam-still draws no overlay; the pose is in the event stream
        case .capturePhoto(let shot, let orientation):
            if isStuck {
                note("photo \(shot): the camera program is stuck and still owns the camera")
                complete(.captureFailed(shot: shot))
                break
            }
            if let problem = files.storage.problem() {
                storageFailed("photo \(shot): " + problem)
                complete(.captureFailed(shot: shot))
                break
            }
            guard photos.count < Self.maximumPhotoRequests else {
                complete(.captureFailed(shot: shot))
                note("photo \(shot): \(Self.maximumPhotoRequests) photos already waiting")
                break
            }
            photos.append(PhotoRequest(shot: shot, orientation: orientation, orderedAt: now))
        case .abandonPhoto(let shot):
            abandon(shot: shot)
        case .startRecording(let clip, let orientation):
            if isStuck {
                note("clip \(clip): the camera program is stuck and still owns the camera")
                complete(.recordingFailed(clip: clip))
                break
            }
            if let problem = files.storage.problem() {
                storageFailed("clip \(clip): " + problem)
                complete(.recordingFailed(clip: clip))
                break
            }
            guard self.clip == nil else {
                complete(.recordingFailed(clip: clip))
                note("clip \(clip): a clip is still recording")
                break
            }
            self.clip = ClipRequest(clip: clip, orientation: orientation)
        case .stopRecording(let clip):
            guard self.clip?.clip == clip else { break }
            self.clip?.stopWanted = true
        }
        update(now: now)
    }

    public mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        lastNow = max(lastNow, now)
        update(now: lastNow)
        guard let first = completions.first, first.time <= time else { return nil }
        return completions.removeFirst()
    }

    public var nextDeadline: Instant? {
        var earliest = processes.nextDeadline
        func consider(_ deadline: Instant?) {
            if let deadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        if let running {
            switch running.phase {
            case .starting(let readyAt): consider(readyAt)
            case .ready: break
            case .shooting(_, let since): consider(since + settings.photoBound)
            case .stopping(let since): consider(since + settings.stopBound)
            case .killed(let since): consider(since + Self.killBound)
            case .stuck: break
            }
        } else if let restartAt, wantsAProgram {
            consider(restartAt)
        }
        consider(storageRecheckAt)
        consider(completions.first?.time)
        return earliest
    }

    // MARK: the rules

    /// Events first, then timers, then what should run: bounded (each pass changes a phase or
    /// stops).
    private mutating func update(now: Instant) {
        var events = 0
        while events < 16, let event = processes.nextEvent(now: now) {
            events += 1
            handle(event, at: now)
        }
        checkTimers(now: now)
        if let recheck = storageRecheckAt, now >= recheck {
            if files.storage.problem() == nil {
                storageRecheckAt = nil
                complete(.recovered(.storage))
            } else {
                storageRecheckAt = now + Self.storageRecheck
            }
        }
        var passes = 0
        while passes < 4, schedule(now: now) { passes += 1 }
    }

    private var wantsAProgram: Bool {
        if clip != nil { return true }
        if photos.contains(where: { !$0.abandoned }) { return true }
        return settings.mode == .server && previewWanted
    }

    private mutating func handle(_ event: CameraProcessEvent, at now: Instant) {
        switch event {
        case .photoClosed(let index, let exposedAt):
            guard var current = running, current.program == .stillServer else { return }
            guard case .shooting(let shooting, _) = current.phase, shooting == index else {
                // A file nobody asked for (an abandoned photo's, or one rpicam took twice).
                files.discard(files.serverPhoto(index: index))
                return
            }
            current.phase = .ready
            running = current
            finishPhoto(at: files.serverPhoto(index: index), exposedAt: exposedAt ?? now, now: now)
        case .exited(let program, let exit):
            let was = running
            running = nil
            exited(program, exit, was: was, at: now)
        }
    }

    private mutating func exited(_ program: CameraProgram, _ exit: CameraExit, was: Running?, at now: Instant) {
        let stopping: Bool
        if case .stopping = was?.phase { stopping = true } else { stopping = false }
        switch program {
        case .stillServer:
            if case .shooting(0, _) = was?.phase, exit == .signalled(CameraExit.photoSignal), readyDelay < settings.longestRestartDelay {
                // Its first photo signal killed it: it was not ready yet (a loaded machine
                // starts it slower than `ready_ms`). Not a fault: wait longer from now on,
                // start it again at once, and the photo stays first in line.
                let longer = min(readyDelay + readyDelay, settings.longestRestartDelay)
                note(
                    "the still server was not ready \(readyDelay.milliseconds) ms after its start (the photo signal ended it); waiting \(longer.milliseconds) ms from now on"
                )
                readyDelay = longer
                restartAt = now
                return
            }
            if case .shooting = was?.phase { failFirstPhoto("the still server ended while taking it (\(Self.describe(exit)))") }
            if !(stopping && exit == .clean) { fault(for: exit, killedFor: was?.killedFor, during: was?.phase, program: "still server") }
        case .oneShot(let shot):
            if exit == .clean, !stopping {
                finishPhoto(at: files.oneShotPhoto(shot: shot), exposedAt: now, now: now)
            } else {
                failFirstPhoto("the still command \(Self.describe(exit))")
                files.discard(files.oneShotPhoto(shot: shot))
                fault(for: exit, killedFor: was?.killedFor, during: was?.phase, program: "still command")
            }
        case .video(let number):
            let temporary = files.pendingClip(clip: number)
            guard let request = clip, request.clip == number else {
                files.discard(temporary)
                return
            }
            clip = nil
            if exit == .clean && request.started {
                switch files.finishClip(at: temporary, clip: number, orientation: request.orientation) {
                case .success(let path):
                    wrote(path)
                    complete(.recordingStopped(clip: number))
                case .failure(let error):
                    if error.isStorage { storageFailed("clip \(number): \(error)") } else { note("clip \(number): \(error)") }
                    complete(.recordingFailed(clip: number))
                }
                if !stopping { note("clip \(number): the video program ended by itself") }
            } else {
                files.discard(temporary)
                checkStorage("clip \(number)")
                complete(.recordingFailed(clip: number))
                fault(for: exit, killedFor: was?.killedFor, during: was?.phase, program: "video program")
            }
        }
    }

    /// A program ended other than asked: the fault it is, reported once; and the backoff.
    private mutating func fault(for exit: CameraExit, killedFor: CameraFault?, during phase: Phase?, program: String) {
        if killedFor == nil, case .failed = exit, let problem = files.storage.problem() {
            // rpicam exits with a failure when it cannot open or write its file: on a full or
            // read-only card that is the storage's fault, not the camera's. No photo waiting
            // can be written; it is started again (with backoff) for when there is room.
            storageFailed("\(program) \(Self.describe(exit)): " + problem)
            while photos.contains(where: { !$0.abandoned }) { failFirstPhoto("no room to write it") }
            backOff()
            return
        }
        let kind: CameraFault
        if let killedFor {
            kind = killedFor
        } else {
            switch exit {
            case .failed(let status) where status == CameraExit.acquireFailedStatus:
                kind = .unavailable
            case .notStarted:
                kind = .unavailable
            default:
                if case .starting = phase, exit == .clean { kind = .unavailable } else { kind = .died }
            }
        }
        note("\(program) \(Self.describe(exit))")
        if kind == .unavailable {
            // Nothing will take them soon: answer them now.
            while photos.contains(where: { !$0.abandoned }) { failFirstPhoto("the camera is unavailable") }
        }
        if outstandingFault == nil {
            outstandingFault = kind
            complete(.fault(kind))
        }
        backOff()
    }

    /// The next start after the current backoff, which doubles (up to its longest) for the one after.
    private mutating func backOff() {
        restartAt = lastNow + restartDelay
        restartDelay = min(restartDelay + restartDelay, settings.longestRestartDelay)
    }

    private mutating func checkTimers(now: Instant) {
        guard var current = running else { return }
        switch current.phase {
        case .starting(let readyAt) where now >= readyAt:
            current.phase = .ready
            running = current
            restartDelay = settings.firstRestartDelay
            if let fault = outstandingFault {
                outstandingFault = nil
                complete(.recovered(fault))
            }
            if case .video = current.program, var request = clip {
                request.started = true
                clip = request
                complete(.recordingStarted(clip: request.clip))
            }
        case .shooting(_, let since) where now - since >= settings.photoBound:
            kill(&current, for: .hung, at: now)
        case .stopping(let since) where now - since >= settings.stopBound:
            kill(&current, for: .hung, at: now)
        case .killed(let since) where now - since >= Self.killBound:
            current.phase = .stuck
            running = current
            note("the camera program did not end \(Self.killBound.seconds) s after SIGKILL (stuck in the kernel); it still owns the camera")
            while photos.contains(where: { !$0.abandoned }) { failFirstPhoto("the camera program is stuck") }
            if let request = clip {
                clip = nil
                complete(.recordingFailed(clip: request.clip))
            }
            if outstandingFault == nil {
                outstandingFault = .unavailable
                complete(.fault(.unavailable))
            }
        default:
            break
        }
    }

    private mutating func kill(_ current: inout Running, for fault: CameraFault, at now: Instant) {
        if case .shooting = current.phase { failFirstPhoto("the camera program did not write it within \(settings.photoBound.seconds) s") }
        processes.kill(at: now)
        current.phase = .killed(since: now)
        current.killedFor = fault
        running = current
    }

    /// Starts, signals or stops what the orders ask for; true when it changed something.
    private mutating func schedule(now: Instant) -> Bool {
        if let current = running {
            guard case .ready = current.phase else { return false }
            switch current.program {
            case .stillServer:
                if clip != nil || !(previewWanted || photos.contains { !$0.abandoned }) {
                    // A clip needs the camera, or nothing needs the server: stop it.
                    stop(at: now)
                    return true
                }
                guard let index = photos.firstIndex(where: { !$0.abandoned }) else { return false }
                if index > 0 { photos.removeFirst(index) }
                processes.requestPhoto(at: now)
                var signalled = current
                signalled.phase = .shooting(index: current.nextIndex, since: now)
                signalled.nextIndex += 1
                running = signalled
                waitedUntil[photos[0].shot] = now
                return true
            case .video:
                if clip?.stopWanted ?? true {
                    stop(at: now)
                    return true
                }
                return false
            case .oneShot:
                return false
            }
        }
        if let restartAt, now < restartAt { return false }
        restartAt = nil
        if let request = clip {
            guard !request.stopWanted else {
                // Stopped before it could start: nothing was recorded, and the record-stop the
                // machine journaled at the stop names a file that will never be: a failure.
                clip = nil
                complete(.recordingFailed(clip: request.clip))
                return true
            }
            start(.video(clip: request.clip), output: files.pendingClip(clip: request.clip), orientation: request.orientation, at: now)
            return true
        }
        photos.removeAll { $0.abandoned }
        switch settings.mode {
        case .server:
            guard previewWanted || !photos.isEmpty else { return false }
            start(.stillServer, output: files.serverPattern, orientation: photos.first?.orientation ?? .normal, at: now)
            return true
        case .oneShot:
            guard let first = photos.first else { return false }
            start(.oneShot(shot: first.shot), output: files.oneShotPhoto(shot: first.shot), orientation: first.orientation, at: now)
            waitedUntil[first.shot] = now
            return true
        }
    }

    /// When each waiting photo's program was signalled (or, one-shot, started): its wait.
    private var waitedUntil: [UInt32: Instant] = [:]

    /// Starts `program`; a one-shot command takes its photo from its start on. One that could
    /// not start reports `.exited(_, .notStarted)` as its next event.
    private mutating func start(_ program: CameraProgram, output: String, orientation: UprightOrientation, at now: Instant) {
        if case .oneShot = program {
            running = Running(program: program, phase: .shooting(index: 0, since: now))
        } else {
            running = Running(program: program, phase: .starting(readyAt: now + readyDelay))
        }
        _ = processes.start(program, output: output, orientation: orientation, at: now)
    }

    private mutating func stop(at now: Instant) {
        guard var current = running else { return }
        processes.stop(at: now)
        current.phase = .stopping(since: now)
        running = current
    }

    private mutating func abandon(shot: UInt32) {
        guard let index = photos.firstIndex(where: { $0.shot == shot }) else { return }
        if index == 0, let current = running, case .shooting = current.phase {
            // Its program is at it: let it finish, then throw the file away.
            photos[0].abandoned = true
        } else {
            photos.remove(at: index)
            waitedUntil[shot] = nil
        }
    }

    private mutating func finishPhoto(at temporary: String, exposedAt: Instant, now: Instant) {
        guard !photos.isEmpty else {
            files.discard(temporary)
            return
        }
        let request = photos.removeFirst()
        let signalled = waitedUntil.removeValue(forKey: request.shot) ?? request.orderedAt
        guard !request.abandoned else {
            files.discard(temporary)
            return
        }
        switch files.finishPhoto(at: temporary, shot: request.shot, orientation: request.orientation) {
        case .success(let path):
            wrote(path)
            complete(.captureFinished(shot: request.shot, exposedAt: exposedAt, waited: max(.zero, signalled - request.orderedAt)))
        case .failure(let error):
            if error.isStorage { storageFailed("photo \(request.shot): \(error)") } else { note("photo \(request.shot): \(error)") }
            complete(.captureFailed(shot: request.shot))
        }
    }

    private mutating func failFirstPhoto(_ why: String) {
        guard !photos.isEmpty else { return }
        let request = photos.removeFirst()
        waitedUntil[request.shot] = nil
        guard !request.abandoned else { return }
        note("photo \(request.shot): \(why)")
        // A camera program that could not write its file (the card filled) dies too.
        checkStorage("photo \(request.shot)")
        complete(.captureFailed(shot: request.shot))
    }

    /// Reports the storage fault (once) and looks again in `storageRecheck`.
    private mutating func storageFailed(_ why: String) {
        note(why)
        if storageRecheckAt == nil { complete(.fault(.storage)) }
        storageRecheckAt = lastNow + Self.storageRecheck
    }

    /// After a failure that may be the storage's: the storage fault if the file system has no room.
    private mutating func checkStorage(_ what: String) {
        if let problem = files.storage.problem() { storageFailed(what + ": " + problem) }
    }

    /// A completion, seen now.
    private mutating func complete(_ completion: CameraCompletion) {
        completions.append(CameraReport(completion, at: lastNow))
    }

    /// A killed program outlived `killBound`: it is stuck (see the type's documentation).
    private var isStuck: Bool {
        if case .stuck = running?.phase { return true }
        return false
    }

    private mutating func wrote(_ path: String) {
        if written.count >= 64 { written.removeFirst() }
        written.append(path)
    }

    private mutating func note(_ problem: String) {
        if problems.count >= Self.maximumProblems { problems.removeFirst() }
        problems.append(problem)
    }

    static func describe(_ exit: CameraExit) -> String {
        switch exit {
        case .clean: "exited"
        case .failed(let status): "exited with status \(status)"
        case .signalled(let signal): "was ended by signal \(signal)"
        case .notStarted(let reason): "could not start: \(reason)"
        }
    }
}
