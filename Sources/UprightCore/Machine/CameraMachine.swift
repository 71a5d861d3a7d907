/// The camera state machine: one pure transition function, `(inout MachineState, MachineEvent)
/// -> Commands`. No I/O, no clock: timers are commands, their expiry comes back as an event.
///
/// ```
///            press               release
///   idle ------------> previewing ----------> capturing --+  finished / failed / timeout
///    ^                  |  ^  ^                  |  ^     |  with a press queued:
///    | idle timer,      |  |  +------------------+  +-----+  next photo, stays
///    | shutdown    hold |  |  finished / failed / timeout, queue empty
///    |                  v  |  (answered before the release: at once, back at the release)
///    |              recording    (press, clip timer, camera stop or failure: back)
///    +----- shutdown, from previewing, capturing and recording
/// ```
///
/// Zero shutter lag: in `idle` and `previewing` (the camera free, the card not full) the touch
/// orders the photo at once (`EarlyPhoto`), so it is of that moment; the gesture decides later.
/// Its release enters `capturing` with the photo already in flight (or answered: the answer is
/// journaled then); a hold gives it up and starts the clip (the press's one answer is its
/// `record-start`), and so does a glitch (a touch that never became a press: no record at
/// all), an idle timeout or a shutdown. A photo given up is `abandonPhoto`: the camera keeps
/// no file of it, and its number is not used again. Presses while `capturing` or `recording`
/// keep their rules: queued at the release, a hold refused as busy, a press stopping a clip.
///
/// No default is latched. Before the detector's first decision a latch holds no orientation
/// (`Latch`): the touch defers its photo (`EarlyPhoto.deferred`), and the first decision fills
/// the open latches (the touch's, the press pending, the queued ones) and orders the photo,
/// still of the touch's moment. A photo or clip that must be ordered before any upright
/// decision (a release or a hold first, a camera flat since power-on, a sensor at fault from
/// the start) is latched `unknown`: no EXIF Orientation, the identity matrix.
///
/// Order of the commands for a transition: the transition's own actions (records, camera
/// orders), the source's exit action, the `state` record, the target's entry action. The
/// transitions are listed as data in UprightHost's `TransitionTable` (drawn by `upright
/// machine`); the tests check every transition the machine takes against it.
public struct CameraMachine: Sendable {
    /// The timeouts, clip length and press queue depth the transitions use.
    public var configuration: MachineConfiguration

    /// A machine with these tunables; it holds no state (that is `MachineState`).
    public init(configuration: MachineConfiguration = MachineConfiguration()) {
        self.configuration = configuration
    }

    /// The entry action of the initial state (boot, or `replay` starting in `previewing`).
    public func start(_ state: inout MachineState) -> Commands {
        var commands = Commands()
        enter(&state, &commands)
        return commands
    }

    /// Reacts to one event, run to completion. Every handler names the events it ignores, so
    /// a new event cannot be ignored by accident: the compiler asks where it goes. Its length
    /// is that one switch, kept whole: the events every state handles alike, then the
    /// dispatch to the state's handler, each event in one place a reader can find.
    @inline(never)
    public func transition(_ state: inout MachineState, _ event: MachineEvent) -> Commands {
        var commands = Commands()
        switch event {
        case .shutterTouched(let time):
            // The one latch: the orientation at the press's first edge, stale while the
            // sensor is at fault, none before the detector's first decision. The debounced
            // press that follows uses it.
            let latch = Latch(orientation: state.lastUpright, stale: state.sensorFaulty, pressedAt: time)
            state.touchLatch = latch
            orderEarlyPhoto(&state, latch, &commands)
        case .shutterGlitch:
            abandonEarlyPhoto(&state, &commands)
        case .captureTaken(let shot) where shot == state.shot:
            // Its file is with the card: a slow card's time is not the camera's.
            if state.early == .ordered {
                state.early = .taken
            } else if state.name == .capturing {
                commands.append(.cancelTimer(.capture))
            }
        case .captureFinished(let shot, let exposedAt, let waited) where state.early.awaitsAnswer && shot == state.shot:
            // The touch's photo, answered before its press is known to be one: kept for the release.
            state.early = .finished
            state.earlyLagMilliseconds = lagMilliseconds(state, exposedAt)
            state.earlyWaitMilliseconds = UInt32(clamping: waited.milliseconds)
        case .captureFailed(let shot) where state.early.awaitsAnswer && shot == state.shot:
            state.early = .failed
        case .orientationChanged(let pose):
            if state.orientation == nil { firstDecision(&state, pose, &commands) }
            state.orientation = pose
            if let upright = pose.upright { state.lastUpright = upright }
            // The overlay follows the pose wherever the preview is on; nothing is latched.
            if state.name != .idle { commands.order(.showOrientation(pose)) }
        case .sensorFault:
            if !state.sensorFaulty {
                state.sensorFaulty = true
                commands.append(.journal(.fault(.sensor)))
            }
        case .sensorRecovered:
            if state.sensorFaulty {
                state.sensorFaulty = false
                commands.append(.journal(.recovered(.sensor)))
            }
        case .eventsLost:
            commands.append(.journal(.fault(.eventQueue)))
        case .cameraFault(let fault):
            if fault == .storage { state.storageFull = true }
            commands.append(.journal(.fault(fault.faultKind)))
        case .cameraRecovered(let fault):
            if fault == .storage { state.storageFull = false }
            commands.append(.journal(.recovered(fault.faultKind)))
        case .recordingFailed(let clip) where clip == state.stoppedClip && clip != 0:
            // The clip stopped at a press, a clip limit or a shutdown (its record-stop is
            // written), and the camera could not finish its file (the card filled while the
            // rotation was written, the recorder died while stopping): say it has none.
            state.stoppedClip = 0
            commands.append(.journal(.recordFailed(clip: clip, reason: state.storageFull ? .storage : .camera)))
        case .captureTaken:
            break // an earlier shot's, or one given up
        case .shutterPressed, .shutterReleased, .shutterHeld, .captureFinished, .captureFailed,
            .recordingStarted, .recordingStopped, .recordingFailed, .timerFired, .shutdownRequested:
            switch state.name {
            case .idle: idle(&state, event, &commands)
            case .previewing: previewing(&state, event, &commands)
            case .capturing: capturing(&state, event, &commands)
            case .recording: recording(&state, event, &commands)
            }
        }
        return commands
    }

    // MARK: states

    private func idle(_ state: inout MachineState, _ event: MachineEvent, _ commands: inout Commands) {
        switch event {
        case .shutterPressed:
            // The press wakes the camera and is not lost: its release or hold shoots.
            confirmPress(&state)
            go(&state, to: .previewing, &commands)
        case .shutterReleased, .shutterHeld:
            state.press = .up
        case .captureFinished, .captureFailed, .recordingStarted, .recordingStopped, .recordingFailed, .timerFired:
            break // late completions and timers of an earlier state
        case .shutdownRequested:
            abandonEarlyPhoto(&state, &commands) // idle, but a touch may have ordered a photo
        case .shutterTouched, .shutterGlitch, .orientationChanged, .captureTaken, .sensorFault, .sensorRecovered, .eventsLost, .cameraFault,
            .cameraRecovered:
            break // handled for every state in `transition`
        }
    }

    private func previewing(_ state: inout MachineState, _ event: MachineEvent, _ commands: inout Commands) {
        switch event {
        case .shutterPressed:
            confirmPress(&state)
            commands.append(.armTimer(.idle, configuration.idleTimeout))
        case .shutterReleased:
            guard let latch = endPress(&state) else { return }
            guard !state.storageFull else {
                abandonEarlyPhoto(&state, &commands)
                commands.append(.journal(.shutterRejected(.storageFull)))
                return
            }
            // Released before the detector's first decision: its photo is ordered now, as it
            // is latched (`unknown`), by the entry of `capturing`.
            if state.early == .deferred { state.early = .none }
            // No photo ordered at the touch and the last number taken: never wraps.
            guard state.early != .none || state.shot < .max else {
                commands.append(.journal(.shutterRejected(.numbersUsedUp)))
                return
            }
            state.shotLatch = latch
            let early = state.early
            go(&state, to: .capturing, &commands)
            // The touch's photo was answered already: its record now, after the state record.
            switch early {
            case .finished: photoAnswered(&state, lag: state.earlyLagMilliseconds, wait: state.earlyWaitMilliseconds, &commands)
            case .failed: photoFailed(&state, &commands)
            case .none, .deferred, .ordered, .taken: break
            }
        case .shutterHeld:
            guard let latch = endPress(&state) else { return }
            // The press is a clip: the touch's photo is given up (no file, no record).
            abandonEarlyPhoto(&state, &commands)
            guard !state.storageFull else {
                commands.append(.journal(.shutterRejected(.storageFull)))
                return
            }
            guard state.clip < .max else {
                commands.append(.journal(.shutterRejected(.numbersUsedUp)))
                return
            }
            state.clipLatch = latch
            go(&state, to: .recording, &commands)
        case .timerFired(.idle):
            abandonEarlyPhoto(&state, &commands)
            rejectPendingPress(&state, .idle, &commands)
            go(&state, to: .idle, &commands)
        case .shutdownRequested:
            abandonEarlyPhoto(&state, &commands)
            rejectPendingPress(&state, .shutdown, &commands)
            go(&state, to: .idle, &commands)
        case .captureFinished, .captureFailed, .recordingStarted, .recordingStopped, .recordingFailed,
            .timerFired(.capture), .timerFired(.clip):
            break // late completions and timers of an earlier photo or clip
        case .shutterTouched, .shutterGlitch, .orientationChanged, .captureTaken, .sensorFault, .sensorRecovered, .eventsLost, .cameraFault,
            .cameraRecovered:
            break // handled for every state in `transition`
        }
    }

    private func capturing(_ state: inout MachineState, _ event: MachineEvent, _ commands: inout Commands) {
        switch event {
        case .shutterPressed:
            confirmPress(&state)
        case .shutterReleased:
            guard let latch = endPress(&state) else { return }
            if state.storageFull {
                commands.append(.journal(.shutterRejected(.storageFull)))
            } else if !state.queue.append(latch, limit: configuration.queueDepth) {
                commands.append(.journal(.shutterRejected(.queueFull)))
            }
        case .shutterHeld:
            // A clip cannot start while a photo is in flight; say so rather than queue it.
            rejectPendingPress(&state, .busy, &commands)
        case .captureFinished(let shot, let exposedAt, let waited) where shot == state.shot:
            photoAnswered(&state, lag: lagMilliseconds(state, exposedAt), wait: UInt32(clamping: waited.milliseconds), &commands)
        case .captureFailed(let shot) where shot == state.shot:
            photoFailed(&state, &commands)
        case .timerFired(.capture):
            commands.order(.abandonPhoto(shot: state.shot))
            commands.append(.journal(.captureFailed(shot: state.shot, reason: .timeout)))
            finishPhoto(&state, &commands)
        case .shutdownRequested:
            commands.order(.abandonPhoto(shot: state.shot))
            commands.append(.journal(.captureFailed(shot: state.shot, reason: .shutdown)))
            while state.queue.removeFirst() != nil {
                commands.append(.journal(.shutterRejected(.shutdown)))
            }
            rejectPendingPress(&state, .shutdown, &commands)
            go(&state, to: .idle, &commands)
        case .captureFinished, .captureFailed:
            break // an earlier shot's late answer (it timed out)
        case .recordingStarted, .recordingStopped, .recordingFailed, .timerFired(.idle), .timerFired(.clip):
            break // late completions and timers of an earlier clip or preview
        case .shutterTouched, .shutterGlitch, .orientationChanged, .captureTaken, .sensorFault, .sensorRecovered, .eventsLost, .cameraFault,
            .cameraRecovered:
            break // handled for every state in `transition`
        }
    }

    private func recording(_ state: inout MachineState, _ event: MachineEvent, _ commands: inout Commands) {
        switch event {
        case .shutterPressed:
            // The press stops the clip; its latch is not needed.
            state.touchLatch = nil
            state.press = .consumed
            stopClip(&state, .shutter, to: .previewing, &commands)
        case .shutterReleased, .shutterHeld:
            state.press = .up
        case .timerFired(.clip):
            stopClip(&state, .clipLimit, to: .previewing, &commands)
        case .recordingStopped(let clip) where clip == state.clip:
            commands.append(.journal(.recordStop(clip: clip, orientation: state.clipLatch.orientation, reason: .camera)))
            go(&state, to: .previewing, &commands)
        case .recordingFailed(let clip) where clip == state.clip:
            commands.append(.journal(.recordFailed(clip: clip, reason: state.storageFull ? .storage : .camera)))
            go(&state, to: .previewing, &commands)
        case .shutdownRequested:
            stopClip(&state, .shutdown, to: .idle, &commands)
        case .recordingStarted:
            break // a confirmation: record-start was written at entry
        case .recordingStopped, .recordingFailed:
            break // an earlier clip's late answer
        case .captureFinished, .captureFailed, .timerFired(.idle), .timerFired(.capture):
            break // late completions and timers of an earlier photo or preview
        case .shutterTouched, .shutterGlitch, .orientationChanged, .captureTaken, .sensorFault, .sensorRecovered, .eventsLost, .cameraFault,
            .cameraRecovered:
            break // handled for every state in `transition`
        }
    }

    // MARK: entry and exit actions

    @inline(never)
    private func go(_ state: inout MachineState, to target: StateName, _ commands: inout Commands) {
        exit(state, &commands)
        commands.append(.journal(.state(from: state.name, to: target)))
        state.name = target
        enter(&state, &commands)
    }

    private func enter(_ state: inout MachineState, _ commands: inout Commands) {
        switch state.name {
        case .idle: enterIdle(&commands)
        case .previewing: enterPreviewing(showing: state.orientation, &commands)
        case .capturing: startPhoto(&state, &commands)
        case .recording: enterRecording(&state, &commands)
        }
    }

    private func exit(_ state: MachineState, _ commands: inout Commands) {
        switch state.name {
        case .idle: commands.order(.startPreview)
        case .previewing: commands.append(.cancelTimer(.idle))
        case .capturing: commands.append(.cancelTimer(.capture))
        case .recording: commands.append(.cancelTimer(.clip))
        }
    }

    private func enterIdle(_ commands: inout Commands) {
        commands.order(.stopPreview)
    }

    /// Takes the pose, not the state: a state passed by value is a 172-byte copy on the stack.
    /// Before the detector's first decision there is no pose to show: the decision shows it.
    /// Out of line: inlined into `enter`, it cost the Cortex-M0 84 bytes more (docs/mcu.md).
    @inline(never)
    private func enterPreviewing(showing pose: Orientation?, _ commands: inout Commands) {
        commands.append(.armTimer(.idle, configuration.idleTimeout))
        if let pose { commands.order(.showOrientation(pose)) }
    }

    /// Entry of `capturing`, and the next queued press while staying there. A photo its touch
    /// ordered is not ordered again: it is the one in flight (or answered: no timer).
    private func startPhoto(_ state: inout MachineState, _ commands: inout Commands) {
        if state.early == .none { orderPhoto(&state, &commands) }
        let early = state.early
        state.early = .none
        // A photo taken already has its file with the card: no timeout (see `captureTaken`).
        if early == .ordered {
            commands.append(.armTimer(.capture, configuration.captureTimeout))
        }
    }

    /// Orders the next photo, `shotLatch`'s, of its touch's moment.
    @inline(never)
    private func orderPhoto(_ state: inout MachineState, _ commands: inout Commands) {
        state.shot &+= 1
        state.early = .ordered
        commands.order(.capturePhoto(shot: state.shot, orientation: state.shotLatch.orientation, touchedAt: state.shotLatch.pressedAt))
    }

    private func enterRecording(_ state: inout MachineState, _ commands: inout Commands) {
        state.clip &+= 1
        let latch = state.clipLatch
        commands.order(.startRecording(clip: state.clip, orientation: latch.orientation))
        commands.append(.armTimer(.clip, configuration.maxClipLength))
        commands.append(.journal(.recordStart(clip: state.clip, orientation: latch.orientation, stale: latch.stale)))
    }

    // MARK: helpers

    /// The photo in flight was written: its record, then the next photo or back to previewing.
    @inline(never)
    private func photoAnswered(_ state: inout MachineState, lag: Int32?, wait: UInt32, _ commands: inout Commands) {
        commands.append(
            .journal(
                .capture(
                    shot: state.shot, orientation: state.shotLatch.orientation, stale: state.shotLatch.stale,
                    lagMilliseconds: lag, waitMilliseconds: wait)))
        finishPhoto(&state, &commands)
    }

    /// The shutter lag of the photo in flight: from its touch to `exposedAt`, when the camera says.
    private func lagMilliseconds(_ state: MachineState, _ exposedAt: Instant?) -> Int32? {
        exposedAt.map { Int32(clamping: ($0 - state.shotLatch.pressedAt).milliseconds) }
    }

    /// The photo in flight failed: its record, then the next photo or back to previewing.
    @inline(never)
    private func photoFailed(_ state: inout MachineState, _ commands: inout Commands) {
        commands.append(.journal(.captureFailed(shot: state.shot, reason: state.storageFull ? .storage : .camera)))
        finishPhoto(&state, &commands)
    }

    private func finishPhoto(_ state: inout MachineState, _ commands: inout Commands) {
        // Presses queued before the card filled: each answered, none shot into a full card;
        // after the last number, each answered `numbers used up` (one loop: one copy of the
        // queue's code in the Cortex-M0's flash).
        while state.storageFull || state.shot == .max, state.queue.removeFirst() != nil {
            commands.append(.journal(.shutterRejected(state.storageFull ? .storageFull : .numbersUsedUp)))
        }
        if let next = state.queue.removeFirst() {
            state.shotLatch = next
            startPhoto(&state, &commands)
        } else {
            go(&state, to: .previewing, &commands)
        }
    }

    private func stopClip(_ state: inout MachineState, _ reason: RecordStopReason, to target: StateName, _ commands: inout Commands) {
        commands.order(.stopRecording(clip: state.clip))
        state.stoppedClip = state.clip
        commands.append(.journal(.recordStop(clip: state.clip, orientation: state.clipLatch.orientation, reason: reason)))
        go(&state, to: target, &commands)
    }

    /// The debounced press: pending with its touch's latch, kept in `touchLatch` until its
    /// gesture is known, or (a press with no touch seen, which the recogniser never gives)
    /// the orientation now.
    private func confirmPress(_ state: inout MachineState) {
        state.press = .pending
        if state.touchLatch == nil { state.touchLatch = Latch(orientation: state.lastUpright, stale: state.sensorFaulty) }
    }

    /// The release or hold ends the press: the pending press's latch, nil when none was
    /// pending (a touch not yet confirmed keeps its latch for its press).
    @inline(never)
    private func endPress(_ state: inout MachineState) -> Latch? {
        guard state.press == .pending else {
            state.press = .up
            return nil
        }
        state.press = .up
        defer { state.touchLatch = nil }
        return state.touchLatch
    }

    /// Zero shutter lag: where a press would shoot (`idle` or `previewing`, the card not full),
    /// the touch orders its photo now, with its latch; one a lost gesture left open is given up.
    /// Before the detector's first decision the order waits for it (`firstDecision`).
    private func orderEarlyPhoto(_ state: inout MachineState, _ latch: Latch, _ commands: inout Commands) {
        guard state.name == .idle || state.name == .previewing else { return }
        abandonEarlyPhoto(&state, &commands)
        guard !state.storageFull, state.shot < .max else { return }
        state.shotLatch = latch
        state.early = .deferred
        if state.orientation != nil { orderPhoto(&state, &commands) }
    }

    /// The detector's first decision (`pose`; `state.orientation` still nil): an upright pose
    /// fills the latches taken before it and not yet ordered (the touch's, the press pending,
    /// the queued presses', the deferred photo's; a photo or clip already ordered `unknown`
    /// keeps it, as its file does), and the deferred photo is ordered now, with it (`unknown`
    /// after a flat decision: there is still no upright orientation to wait for).
    @inline(never)
    private func firstDecision(_ state: inout MachineState, _ pose: Orientation, _ commands: inout Commands) {
        if let upright = pose.upright {
            state.touchLatch?.decide(upright) // the touch's, pending or not
            state.queue.decide(upright)
            if state.early == .deferred { state.shotLatch.decide(upright) }
        }
        if state.early == .deferred { orderPhoto(&state, &commands) }
    }

    /// Gives up the photo a touch ordered, if any: the camera keeps no file of it and gives
    /// no answer; no record is written. A deferred one was never ordered: nothing to tell.
    @inline(never)
    private func abandonEarlyPhoto(_ state: inout MachineState, _ commands: inout Commands) {
        let early = state.early
        state.early = .none
        if early.rawValue > EarlyPhoto.deferred.rawValue { commands.order(.abandonPhoto(shot: state.shot)) }
    }

    private func rejectPendingPress(_ state: inout MachineState, _ reason: RejectionReason, _ commands: inout Commands) {
        if endPress(&state) != nil {
            commands.append(.journal(.shutterRejected(reason)))
        }
    }
}
