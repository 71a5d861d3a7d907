/// The camera session's rules as one pure transition function, beside `CameraMachine`:
/// `(inout CameraSessionState, CameraSessionEvent) -> [CameraSessionCommand]`. No I/O and no
/// clock: the programs, the files and the timers are its ports (`CameraSessionCommand`), their
/// results come back as events, and whoever runs it (`CameraSession` in UprightHost, over real
/// rpicam programs or the simulator's) carries the commands out in order.
///
/// Its form is a reconciler, as the session always was: an event updates what is wanted (the
/// preview, the photos and the clip ordered) and what runs (one program and its phase), then
/// `reconcile` makes the one change that brings the running program nearer to what is wanted
/// (signal the server, stop it, start the next program), until none is due. The rules are
/// about wanted against running, and the one-owner rule then lives in one place: a program is
/// started only where none runs. (Written as states and events in `CameraMachine`'s form, the
/// program, its phase, the photo queue, the clip and the faults would multiply into a table no
/// reader could hold.)
///
/// - **Preview** (server mode): a still server runs while the preview is wanted, so exposure and
///   white balance have settled when the shutter fires; it stops once nothing needs it.
/// - **Photo**: the server is signalled once it is ready (`ready` timer: signals before that end
///   rpicam), one photo at a time (rpicam keeps one pending signal); its closed file is finished
///   by the files port (a whole JPEG, the shot's EXIF, its final name). A server that its first
///   signal ends was not ready yet: it starts again at once, the photo first in line, and every
///   server is signalled twice as late from then on (to the longest restart delay). One-shot
///   mode runs one program per photo, in turn.
/// - **Clip**: the server is stopped and its exit awaited (one owner), the recorder started,
///   `recordingStarted` once it is ready; its stop waits for ready too; after a clean exit the
///   file is finished; the server starts again if the preview is still wanted.
/// - **Faults**: a program that dies is `died`, restarted after a backoff (doubling to the
///   longest); one that does not write a photo or stop within its bound is killed, `hung`; one
///   that cannot acquire the camera (rpicam's 255), cannot start, or ends before it was ready is
///   `unavailable`, and the photos waiting fail at once. Each fault is reported once, and
///   `recovered` when a program is ready again. A program killed that outlives the kill bound
///   is stuck: it still owns the camera, so nothing is started; its photos and clip fail, and
///   new orders fail at once until it ends.
/// - **Storage**: an order that finds no room, a program that fails while there is none, a file
///   that could not be finished for the storage's sake: the `storage` fault, reported once
///   before the failure, looked at again every `storageRecheck` and `recovered` with room.
///
/// Every photo ordered gets one answer (`captureFinished` or `captureFailed`) unless it is
/// abandoned first; an abandoned photo leaves no file, also one answered before the abandon
/// (a touch's photo whose press became a clip: its finished file is discarded); every clip ordered gets `recordingFailed`, or `recordingStarted` and then
/// `recordingStopped` or `recordingFailed`. The exhaustive exploration (UprightHostTests,
/// `CameraSessionExplorationTests`) checks both, and the one owner, in every reachable state.
public struct CameraSessionMachine: Sendable {
    /// The timings and the mode.
    public let settings: CameraSessionSettings

    /// How long a killed program may take to end before it counts as stuck: SIGKILL cannot be
    /// caught, so only a process asleep in the kernel outlives it.
    public static var killBound: TimeSpan { .seconds(2) }
    /// How often a full file system is looked at again.
    public static var storageRecheck: TimeSpan { .seconds(1) }
    /// The most changes one event brings (`reconcile`'s passes): each changes a phase or starts
    /// a program, and a program started waits for its ready timer.
    public static var reconcilePasses: Int { 4 }

    /// A machine with these rules.
    public init(settings: CameraSessionSettings) {
        self.settings = settings
    }

    /// Whether a program should run now (a clip, a photo, or the preview in server mode): the
    /// restart timer matters only then, so the host needs no wake-up for it otherwise.
    public func wantsAProgram(_ state: CameraSessionState) -> Bool {
        if state.clip != nil { return true }
        if state.photos.contains(where: { !$0.abandoned }) { return true }
        return settings.mode == .server && state.previewWanted
    }

    /// Reacts to `event`, run to completion: its own effects, then the reconciliation.
    public func handle(_ state: inout CameraSessionState, _ event: CameraSessionEvent) -> [CameraSessionCommand] {
        var step = Step(state: state, event: event, settings: settings)
        switch event.kind {
        case .order(let order): step.order(order)
        case .process(.photoClosed(let index, let exposedAt)): step.photoClosed(index: index, exposedAt: exposedAt)
        case .process(.exited(let program, let exit)): step.exited(program, exit)
        case .timer(let timer): step.timer(timer)
        case .photoWritten(let shot): step.photoWritten(shot: shot)
        case .photoNotWritten(let shot, let storage): step.photoNotWritten(shot: shot, storage: storage)
        case .clipWritten(let clip): step.clipWritten(clip: clip)
        case .clipNotWritten(let clip, let storage): step.clipNotWritten(clip: clip, storage: storage)
        }
        var passes = 0
        while passes < Self.reconcilePasses, step.reconcile() { passes += 1 }
        state = step.state
        return step.commands
    }
}

/// One event's work: the state being changed and the commands given, in order.
private struct Step {
    var state: CameraSessionState
    let event: CameraSessionEvent
    let settings: CameraSessionSettings
    var commands: [CameraSessionCommand] = []

    init(state: CameraSessionState, event: CameraSessionEvent, settings: CameraSessionSettings) {
        self.state = state
        self.event = event
        self.settings = settings
    }

    var now: Instant { event.time }

    mutating func emit(_ command: CameraSessionCommand) { commands.append(command) }

    // MARK: orders

    mutating func order(_ order: CameraOrder) {
        switch order {
        case .startPreview:
            state.previewWanted = true
        case .stopPreview:
            state.previewWanted = false
        case .showOrientation:
            break // rpicam-still draws no overlay; the pose is in the event stream
        case .capturePhoto(let shot, let orientation, let touchedAt):
            if state.isStuck {
                emit(.note(.photoWhileStuck(shot: shot)))
                emit(.complete(.captureFailed(shot: shot)))
            } else if !event.storageHasRoom {
                storageFailed(.photoStorage(shot: shot))
                emit(.complete(.captureFailed(shot: shot)))
            } else if state.photos.count + state.finishing.count >= CameraSessionState.maximumPhotos {
                emit(.complete(.captureFailed(shot: shot)))
                emit(.note(.photosWaiting(shot: shot, waiting: CameraSessionState.maximumPhotos)))
            } else {
                state.photos.append(CameraSessionState.Photo(shot: shot, orientation: orientation, touchedAt: touchedAt, orderedAt: now))
            }
        case .abandonPhoto(let shot):
            abandon(shot: shot)
        case .startRecording(let clip, let orientation):
            if state.isStuck {
                emit(.note(.clipWhileStuck(clip: clip)))
                emit(.complete(.recordingFailed(clip: clip)))
            } else if !event.storageHasRoom {
                storageFailed(.clipStorage(clip: clip))
                emit(.complete(.recordingFailed(clip: clip)))
            } else if state.clip != nil {
                emit(.complete(.recordingFailed(clip: clip)))
                emit(.note(.clipStillRecording(clip: clip)))
            } else {
                state.clip = CameraSessionState.Clip(clip: clip, orientation: orientation)
            }
        case .stopRecording(let clip):
            if state.clip?.clip == clip { state.clip?.stopWanted = true }
        }
    }

    mutating func abandon(shot: UInt32) {
        if let index = state.finishing.firstIndex(where: { $0.shot == shot }) {
            state.finishing[index].abandoned = true
            return
        }
        guard let index = state.photos.firstIndex(where: { $0.shot == shot }) else {
            // Answered already (or failed: then there is no file): a touch's photo whose press
            // became a clip, or one whose answer crossed its time-out. Its file goes.
            emit(.discard(.finishedPhoto(shot: shot)))
            return
        }
        if index == 0, case .shooting? = state.running?.phase {
            // Its program is at it: let it finish, then throw the file away.
            state.photos[0].abandoned = true
        } else {
            state.photos.remove(at: index)
        }
    }

    // MARK: the programs

    mutating func photoClosed(index: Int, exposedAt: Instant?) {
        guard var current = state.running, current.program == .stillServer else { return }
        guard case .shooting(let shooting) = current.phase, shooting == index else {
            // A file nobody asked for (an abandoned photo's, or one rpicam took twice).
            emit(.discard(.serverPhoto(index: index)))
            return
        }
        current.phase = .ready
        state.running = current
        emit(.cancel(.photo))
        finishPhoto(.serverPhoto(index: index), exposedAt: exposedAt ?? now)
    }

    mutating func exited(_ program: CameraProgram, _ exit: CameraExit) {
        let was = state.running
        state.running = nil
        for timer in [SessionTimer.ready, .photo, .stop, .kill] { emit(.cancel(timer)) }
        let stopping = was?.phase == .stopping
        switch program {
        case .stillServer:
            if was?.phase == .shooting(index: 0), exit == .signalled(CameraExit.photoSignal), !state.readyDelay.isLongest {
                // Its first photo signal killed it: it was not ready yet (a loaded machine
                // starts it slower than `ready_ms`). Not a fault: wait longer from now on,
                // start it again at once, and the photo stays first in line.
                let waited = state.readyDelay.current
                state.readyDelay.lengthen()
                emit(.note(.notReady(afterMilliseconds: waited.milliseconds, nowMilliseconds: state.readyDelay.current.milliseconds)))
                state.restartPending = false
                emit(.cancel(.restart))
                return
            }
            if case .shooting? = was?.phase { failFirstPhoto(.serverEnded(exit)) }
            if !(stopping && exit == .clean) { fault(for: exit, was: was, program: .stillServer) }
        case .oneShot(let shot):
            if exit == .clean, !stopping {
                finishPhoto(.oneShotPhoto(shot: shot), exposedAt: now)
            } else {
                failFirstPhoto(.oneShotEnded(exit))
                emit(.discard(.oneShotPhoto(shot: shot)))
                fault(for: exit, was: was, program: .stillCommand)
            }
        case .video(let number):
            guard let request = state.clip, request.clip == number else {
                emit(.discard(.pendingClip(clip: number)))
                return
            }
            state.clip = nil
            if exit == .clean && request.started {
                state.finishingClips.append(number)
                emit(.finishClip(clip: number, orientation: request.orientation))
                if !stopping { emit(.note(.videoEndedByItself(clip: number))) }
            } else {
                emit(.discard(.pendingClip(clip: number)))
                checkStorage(.clipStorage(clip: number))
                emit(.complete(.recordingFailed(clip: number)))
                fault(for: exit, was: was, program: .videoProgram)
            }
        }
    }

    /// A program ended other than asked: the fault it is, reported once; and the backoff.
    mutating func fault(for exit: CameraExit, was: CameraSessionState.Running?, program: SessionProgramName) {
        let killedFor = was?.killedFor
        if killedFor == nil, case .failed = exit, !event.storageHasRoom {
            // rpicam exits with a failure when it cannot open or write its file: on a full or
            // read-only card that is the storage's fault, not the camera's. No photo waiting
            // can be written; it is started again (with backoff) for when there is room.
            storageFailed(.programStorage(program, exit))
            failWaitingPhotos(.noRoom)
            backOff()
            return
        }
        let kind: CameraFault
        if let killedFor {
            kind = killedFor
        } else {
            switch exit {
            case .failed(let status) where status == CameraExit.acquireFailedStatus: kind = .unavailable
            case .notStarted: kind = .unavailable
            default: kind = was?.phase == .starting && exit == .clean ? .unavailable : .died
            }
        }
        emit(.note(.programEnded(program, exit)))
        // Nothing will take them soon: answer them now.
        if kind == .unavailable { failWaitingPhotos(.unavailable) }
        if state.outstandingFault == nil {
            state.outstandingFault = kind
            emit(.complete(.fault(kind)))
        }
        backOff()
    }

    /// The next start after the current backoff, which doubles (up to its longest) for the one after.
    mutating func backOff() {
        state.restartPending = true
        emit(.arm(.restart, state.restartDelay.current))
        state.restartDelay.lengthen()
    }

    // MARK: timers

    mutating func timer(_ timer: SessionTimer) {
        switch timer {
        case .ready:
            guard var current = state.running, current.phase == .starting else { return }
            current.phase = .ready
            state.running = current
            state.restartDelay.reset(to: settings.firstRestartDelay)
            if let fault = state.outstandingFault {
                state.outstandingFault = nil
                emit(.complete(.recovered(fault)))
            }
            if case .video = current.program, var request = state.clip {
                request.started = true
                state.clip = request
                emit(.complete(.recordingStarted(clip: request.clip)))
            }
        case .photo:
            guard case .shooting? = state.running?.phase else { return }
            kill(for: .hung)
        case .stop:
            guard state.running?.phase == .stopping else { return }
            kill(for: .hung)
        case .kill:
            guard state.running?.phase == .killed else { return }
            state.running?.phase = .stuck
            emit(.note(.stuck))
            failWaitingPhotos(.stuck)
            if let request = state.clip {
                state.clip = nil
                emit(.complete(.recordingFailed(clip: request.clip)))
            }
            if state.outstandingFault == nil {
                state.outstandingFault = .unavailable
                emit(.complete(.fault(.unavailable)))
            }
        case .restart:
            state.restartPending = false
        case .storageRecheck:
            guard state.storageFaulted else { return }
            if event.storageHasRoom {
                state.storageFaulted = false
                emit(.complete(.recovered(.storage)))
            } else {
                emit(.arm(.storageRecheck, CameraSessionMachine.storageRecheck))
            }
        }
    }

    mutating func kill(for fault: CameraFault) {
        guard var current = state.running else { return }
        if case .shooting = current.phase { failFirstPhoto(.notWrittenInTime) }
        emit(.kill)
        emit(.cancel(.photo))
        emit(.cancel(.stop))
        emit(.arm(.kill, CameraSessionMachine.killBound))
        current.phase = .killed
        current.killedFor = fault
        state.running = current
    }

    // MARK: the files

    mutating func finishPhoto(_ file: SessionFile, exposedAt: Instant) {
        guard !state.photos.isEmpty else {
            emit(.discard(file))
            return
        }
        let request = state.photos.removeFirst()
        guard !request.abandoned else {
            emit(.discard(file))
            return
        }
        let waited = max(.zero, (request.signalledAt ?? request.orderedAt) - request.orderedAt)
        state.finishing.append(CameraSessionState.Finishing(shot: request.shot, exposedAt: exposedAt, waited: waited))
        emit(.finishPhoto(file, shot: request.shot, orientation: request.orientation))
    }

    mutating func photoWritten(shot: UInt32) {
        guard let index = state.finishing.firstIndex(where: { $0.shot == shot }) else { return }
        let done = state.finishing.remove(at: index)
        guard !done.abandoned else {
            emit(.discard(.finishedPhoto(shot: shot)))
            return
        }
        emit(.complete(.captureFinished(shot: shot, exposedAt: done.exposedAt, waited: done.waited)))
    }

    mutating func photoNotWritten(shot: UInt32, storage: Bool) {
        guard let index = state.finishing.firstIndex(where: { $0.shot == shot }) else { return }
        let done = state.finishing.remove(at: index)
        if storage { storageFailed(.photoNotFinishedStorage(shot: shot)) } else { emit(.note(.photoNotFinished(shot: shot))) }
        if !done.abandoned { emit(.complete(.captureFailed(shot: shot))) }
    }

    mutating func clipWritten(clip: UInt32) {
        guard let index = state.finishingClips.firstIndex(of: clip) else { return }
        state.finishingClips.remove(at: index)
        emit(.complete(.recordingStopped(clip: clip)))
    }

    mutating func clipNotWritten(clip: UInt32, storage: Bool) {
        guard let index = state.finishingClips.firstIndex(of: clip) else { return }
        state.finishingClips.remove(at: index)
        if storage { storageFailed(.clipNotFinishedStorage(clip: clip)) } else { emit(.note(.clipNotFinished(clip: clip))) }
        emit(.complete(.recordingFailed(clip: clip)))
    }

    mutating func failFirstPhoto(_ why: SessionNote.PhotoFailure) {
        guard !state.photos.isEmpty else { return }
        let request = state.photos.removeFirst()
        guard !request.abandoned else { return }
        emit(.note(.photoFailed(shot: request.shot, why)))
        // A camera program that could not write its file (the card filled) dies too.
        checkStorage(.photoStorage(shot: request.shot))
        emit(.complete(.captureFailed(shot: request.shot)))
    }

    /// Fails every photo still wanted (the abandoned ones are dropped without an answer).
    mutating func failWaitingPhotos(_ why: SessionNote.PhotoFailure) {
        // Bounded by the queue: each turn removes one.
        while state.photos.contains(where: { !$0.abandoned }) { failFirstPhoto(why) }
    }

    /// Reports the storage fault (once) and looks again in `storageRecheck`.
    mutating func storageFailed(_ why: SessionNote) {
        emit(.note(why))
        if !state.storageFaulted {
            state.storageFaulted = true
            emit(.complete(.fault(.storage)))
        }
        emit(.arm(.storageRecheck, CameraSessionMachine.storageRecheck))
    }

    /// After a failure that may be the storage's: the storage fault if the file system has no room.
    mutating func checkStorage(_ what: SessionNote) {
        if !event.storageHasRoom { storageFailed(what) }
    }

    // MARK: reconciliation

    /// Starts, signals or stops what the orders ask for; true when it changed something.
    mutating func reconcile() -> Bool {
        if let current = state.running {
            guard current.phase == .ready else { return false }
            switch current.program {
            case .stillServer:
                if state.clip != nil || !(state.previewWanted || state.photos.contains { !$0.abandoned }) {
                    // A clip needs the camera, or nothing needs the server: stop it.
                    stop()
                    return true
                }
                guard let index = state.photos.firstIndex(where: { !$0.abandoned }) else { return false }
                if index > 0 { state.photos.removeFirst(index) }
                emit(.requestPhoto(touchedAt: state.photos[0].touchedAt))
                emit(.arm(.photo, settings.photoBound))
                state.running?.phase = .shooting(index: current.nextIndex)
                state.running?.nextIndex += 1
                state.photos[0].signalledAt = now
                return true
            case .video:
                if state.clip?.stopWanted ?? true {
                    stop()
                    return true
                }
                return false
            case .oneShot:
                return false
            }
        }
        if state.restartPending { return false }
        if let request = state.clip {
            guard !request.stopWanted else {
                // Stopped before it could start: nothing was recorded, and the record-stop the
                // machine journaled at the stop names a file that will never be: a failure.
                state.clip = nil
                emit(.complete(.recordingFailed(clip: request.clip)))
                return true
            }
            start(.video(clip: request.clip), output: .pendingClip(clip: request.clip), orientation: request.orientation)
            return true
        }
        state.photos.removeAll { $0.abandoned }
        switch settings.mode {
        case .server:
            guard state.previewWanted || !state.photos.isEmpty else { return false }
            start(.stillServer, output: .serverPattern, orientation: state.photos.first?.orientation)
            return true
        case .oneShot:
            guard let first = state.photos.first else { return false }
            start(.oneShot(shot: first.shot), output: .oneShotPhoto(shot: first.shot), orientation: first.orientation)
            state.photos[0].signalledAt = now
            return true
        }
    }

    /// Starts `program` (the one owner: only where none runs); a one-shot command takes its
    /// photo from its start on.
    mutating func start(_ program: CameraProgram, output: SessionFile, orientation: UprightOrientation?) {
        if case .oneShot = program {
            state.running = CameraSessionState.Running(program: program, phase: .shooting(index: 0))
            emit(.arm(.photo, settings.photoBound))
        } else {
            state.running = CameraSessionState.Running(program: program, phase: .starting)
            emit(.arm(.ready, state.readyDelay.current))
        }
        emit(.start(program, output: output, orientation: orientation))
    }

    mutating func stop() {
        emit(.stop)
        emit(.arm(.stop, settings.stopBound))
        state.running?.phase = .stopping
    }
}
