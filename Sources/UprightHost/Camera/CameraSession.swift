import UprightCore

/// The one camera, as one owner: the `Camera` the engine drives on a Pi (over real programs,
/// `RpicamProcesses`) and in the simulator (over a modelled program, `SimCameraProcesses`).
///
/// The rules are `CameraSessionMachine` (UprightCore): a pure transition function whose
/// documentation says what the session does with a preview, a photo, a clip, a fault, a full
/// card and a stuck program. This type only runs it: it turns the runtime's orders, the
/// programs' events (`CameraProcesses`), its timers' expiries and the files' outcomes into
/// `CameraSessionEvent`s, and carries the machine's commands out, in order: it starts and
/// signals programs, hands files to be finished and discarded to its files port
/// (`CameraFileWork`: in the step, or on a thread of its own on a Pi), arms timers, answers the
/// runtime and words the notes for the log.
///
/// Time is the real clock the runtime gives (`perform(_:at:)`, `nextCompletion(through:now:)`):
/// when an order really reached the camera, so a stall of the firmware never counts against a
/// program's bound. What happened before an order is handled before it: the programs' events
/// by then, then the timers due, then the order. Deadlines (the timers, the model's events,
/// the first completion) are in `nextDeadline`; a process port that cannot predict its events
/// (real programs) has its descriptors polled, and so has a files port that finishes files
/// later (`CameraFileWork.readyDescriptor`). Each completion carries the time the session saw
/// it.
public struct CameraSession<Processes: CameraProcesses>: Camera {
    public var processes: Processes
    public let settings: CameraSessionSettings
    public internal(set) var files: CameraFiles
    /// Who finishes and discards the files: at once in the step (the simulator, the tests), or
    /// later on a thread (a Pi), its outcomes taken as the programs' events are.
    public internal(set) var fileWork: any CameraFileWork
    public let machine: CameraSessionMachine
    /// Everything the machine knows (for tests and the summaries).
    public private(set) var state: CameraSessionState

    /// Why orders failed and what went wrong, oldest first, for the log (at most 32 kept).
    public private(set) var problems: [String] = []
    /// Photos and clips finished, by their final paths (for the summaries; the last 64).
    public private(set) var written: [String] = []
    /// Clips named without their rotation, not yet journaled (`takeOwedRotations`; at most 64
    /// kept: one a clip, and the loop takes them every pass).
    private var owedRotations: [OwedRotation] = []

    /// Each timer's deadline, by `SessionTimer.rawValue`.
    private var deadlines: [Instant?] = Array(repeating: nil, count: SessionTimer.allCases.count)
    private var completions: [CameraReport] = []
    private var lastNow = Instant.zero
    /// The file system's words for its last problem, for the storage notes.
    private var storageProblem: String?
    /// Jobs the files port refused (its queue full) and every job after them, in order, offered
    /// again at each look (at most `maximumHeldJobs`); since when the oldest has waited.
    private var heldJobs: [CameraFileJob] = []
    private var heldSince: Instant?
    /// Bounds reached since the runtime last asked (`takeBoundReached`): at most one of each
    /// kind (`camera-files`, `loop`), two of a kind merged into the worst of them.
    private var boundsReached: [PortBound] = []

    public static var maximumProblems: Int { 32 }
    public static var maximumWritten: Int { 64 }
    /// The most program events taken in one look (a model or real programs produce a few per
    /// photo; the rest wait for the next look).
    public static var maximumProcessEvents: Int { 16 }
    /// The most events one event leads to (a file finished answers at once; each answer is a
    /// command, not an event, so one is the most seen).
    static var maximumFollowingEvents: Int { 8 }
    /// The most files' outcomes taken in one look (a port that finishes later may have several
    /// ready after a slow card's stall).
    public static var maximumFileOutcomes: Int { 16 }
    /// The most jobs held while the files port is full: the machine keeps at most
    /// `CameraSessionState.maximumPhotos` photos and a clip in hand, so past this only
    /// discards are held, and one more is dropped (its temporary file is removed at start-up).
    public static var maximumHeldJobs: Int { 32 }

    public init(
        processes: Processes, settings: CameraSessionSettings, files: CameraFiles, fileWork: any CameraFileWork = InlineCameraFileWork()
    ) {
        self.processes = processes
        self.settings = settings
        self.files = files
        self.fileWork = fileWork
        machine = CameraSessionMachine(settings: settings)
        state = CameraSessionState(settings: settings)
    }

    /// True while a camera program runs or an order waits for one.
    public var isBusy: Bool { state.isBusy }

    /// The problems noted since the last call.
    public mutating func takeProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }

    /// A photo in flight may finish (`photoBound`), then the program is stopped (`stopBound`),
    /// then killed; a second for the kill to be reaped.
    public var longestShutdown: TimeSpan { settings.photoBound + settings.stopBound + .seconds(1) }

    /// The clips named without their rotation since the last call, for the journal's `fault`
    /// `rotation` lines (`OwedRotation.record`).
    public mutating func takeOwedRotations() -> [OwedRotation] {
        defer { owedRotations.removeAll() }
        return owedRotations
    }

    /// Photos or clips handed to the files port and not yet answered by it.
    public var isFinishingFiles: Bool { !state.finishing.isEmpty || !state.finishingClips.isEmpty }

    public mutating func takeBoundReached() -> PortBound? {
        boundsReached.isEmpty ? nil : boundsReached.removeFirst()
    }

    // MARK: Camera

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        catchUp(now: now, judged: now)
        deliver(.order(order))
    }

    public mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        catchUp(now: now, judged: time)
        guard let first = completions.first, first.time <= time else { return nil }
        return completions.removeFirst()
    }

    public var nextDeadline: Instant? {
        var earliest = processes.nextDeadline
        func consider(_ deadline: Instant?) {
            if let deadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        let wantsAProgram = machine.wantsAProgram(state)
        for timer in SessionTimer.allCases where timer != .restart || wantsAProgram {
            consider(deadlines[Int(timer.rawValue)])
        }
        consider(completions.first?.time)
        consider(fileWork.nextOutcomeTime)
        return earliest
    }

    // MARK: running the machine

    /// The programs' events by `now`, then the files' outcomes ready by then, then the timers
    /// due by `now`, each its own event. A file's outcome is handed to the machine at the time
    /// its job ended (`CameraFileOutcome.time`: the worker's, not this look's), but never before
    /// `judged` (the runtime's time: it has judged everything before it) nor before a
    /// completion already waiting, so the completions stay in time order.
    private mutating func catchUp(now: Instant, judged: Instant) {
        lastNow = max(lastNow, now)
        var taken = 0
        while taken < Self.maximumProcessEvents, let event = processes.nextEvent(now: lastNow) {
            taken += 1
            deliver(.process(event))
        }
        offerHeldJobs()
        // Bounded as the programs' events; the rest wait for the next look (the port's
        // descriptor stays readable while any does).
        taken = 0
        while taken < Self.maximumFileOutcomes, let outcome = fileWork.nextOutcome(through: lastNow) {
            taken += 1
            deliver(take(outcome), at: max(outcome.time, judged, completions.last?.time ?? judged))
        }
        // Each timer fires at most once per look: a timer armed again by its own expiry is
        // armed for later.
        for timer in SessionTimer.allCases {
            guard let deadline = deadlines[Int(timer.rawValue)], deadline <= lastNow else { continue }
            deadlines[Int(timer.rawValue)] = nil
            deliver(.timer(timer))
        }
    }

    /// Hands `kind` to the machine at the current time, and carries out its commands; the
    /// files' outcomes they produce are handed on in turn (bounded: `maximumFollowingEvents`).
    private mutating func deliver(_ kind: CameraSessionEvent.Kind) { deliver(kind, at: lastNow) }

    /// The same for an event that happened at `time` (a file's outcome): the machine sees it
    /// then, and the completions it gives are reported then; the orders it gives the programs
    /// still reach them now.
    private mutating func deliver(_ kind: CameraSessionEvent.Kind, at time: Instant) {
        var queue = [kind]
        var handled = 0
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard handled <= Self.maximumFollowingEvents else {
                // An outcome answers a command; an answer gives no further command that
                // produces one. Reaching this is a defect in the machine: a `loop` bound,
                // which the runtime records (and a strict build traps on).
                note("camera session: more than \(Self.maximumFollowingEvents) events from one; the rest dropped")
                reach(PortBound(.loop, lost: UInt32(clamping: queue.count), waited: .zero))
                return
            }
            handled += 1
            var hasRoom = true
            if next.consultsStorage {
                storageProblem = files.storage.problem()
                hasRoom = storageProblem == nil
            }
            let commands = machine.handle(&state, CameraSessionEvent(next, at: time, storageHasRoom: hasRoom))
            for command in commands {
                if let outcome = perform(command, at: time) { queue.append(outcome) }
            }
        }
    }

    /// Carries out one command of an event at `time`; a file finished or not is the event it
    /// returns.
    private mutating func perform(_ command: CameraSessionCommand, at time: Instant) -> CameraSessionEvent.Kind? {
        switch command {
        case .start(let program, let output, let orientation):
            // One that could not start reports `.exited(_, .notStarted)` as its next event.
            _ = processes.start(program, output: path(output), orientation: orientation, at: lastNow)
        case .requestPhoto(let touchedAt):
            processes.requestPhoto(touchedAt: touchedAt, at: lastNow)
        case .stop:
            processes.stop(at: lastNow)
        case .kill:
            processes.kill(at: lastNow)
        case .finishPhoto(let file, let shot, let orientation):
            if fileWork.finishesLater {
                // Finished later: the machine hears that it is taken, so that the card's time
                // does not count against the capture timeout, which bounds the camera.
                completions.append(CameraReport(.captureTaken(shot: shot), at: time))
            }
            return submit(.finishPhoto(at: path(file), shot: shot, orientation: orientation))
        case .finishClip(let clip, let orientation):
            return submit(.finishClip(clip: clip, orientation: orientation))
        case .discard(let file):
            return submit(.discard(path(file)))
        case .complete(let completion):
            completions.append(CameraReport(completion, at: time))
        case .arm(let timer, let span):
            deadlines[Int(timer.rawValue)] = lastNow + span
        case .cancel(let timer):
            deadlines[Int(timer.rawValue)] = nil
        case .note(let note):
            self.note(note.text(storageProblem: storageProblem ?? "", settings: settings))
        }
        return nil
    }

    /// Hands `job` to the files port; an outcome ready at once (the port finished it in the
    /// step) is the event it returns, so that it is handled before the next event, as the
    /// machine's own commands are. At most one: each job gives at most one.
    private mutating func submit(_ job: CameraFileJob) -> CameraSessionEvent.Kind? {
        if heldJobs.isEmpty && fileWork.submit(job, files: files, at: lastNow) == .accepted {
            return fileWork.nextOutcome(through: lastNow).map { take($0) }
        }
        return hold(job)
    }

    /// Keeps `job` until the files port has room (after the jobs held before it). Past
    /// `maximumHeldJobs` a discard is dropped (counted in the bound), and a photo or clip is
    /// answered not written (unreachable while the machine keeps its bounds).
    private mutating func hold(_ job: CameraFileJob) -> CameraSessionEvent.Kind? {
        if heldSince == nil { heldSince = lastNow }
        guard heldJobs.count >= Self.maximumHeldJobs else {
            heldJobs.append(job)
            return nil
        }
        reach(PortBound(.cameraFiles, lost: 1, waited: lastNow - (heldSince ?? lastNow)))
        let problem = "the queue of photos and clips to finish is full"
        switch job {
        case .discard: return nil
        case .finishPhoto(_, let shot, _): return take(CameraFileOutcome(event: .photoNotWritten(shot: shot, storage: true), problem: problem))
        case .finishClip(let clip, _): return take(CameraFileOutcome(event: .clipNotWritten(clip: clip, storage: true), problem: problem))
        }
    }

    /// Offers the held jobs again, oldest first, until the port refuses one; once all are
    /// taken, how long the oldest waited is the `camera-files` bound.
    private mutating func offerHeldJobs() {
        guard let since = heldSince else { return }
        // Bounded by `maximumHeldJobs`.
        while let job = heldJobs.first, fileWork.submit(job, files: files, at: lastNow) == .accepted {
            heldJobs.removeFirst()
        }
        guard heldJobs.isEmpty else { return }
        heldSince = nil
        reach(PortBound(.cameraFiles, waited: lastNow - since))
    }

    /// Keeps `bound` for the runtime; two of a kind before it asks are one, the worst of them.
    private mutating func reach(_ bound: PortBound) {
        guard let index = boundsReached.firstIndex(where: { $0.kind == bound.kind }) else {
            boundsReached.append(bound)
            return
        }
        boundsReached[index].lost = boundsReached[index].lost &+ bound.lost
        boundsReached[index].waited = max(boundsReached[index].waited, bound.waited)
    }

    /// An outcome's event, its file counted or its problem kept for the storage notes.
    private mutating func take(_ outcome: CameraFileOutcome) -> CameraSessionEvent.Kind {
        if let written = outcome.written { wrote(written) }
        if let problem = outcome.problem { storageProblem = problem }
        if let owed = outcome.owedRotation {
            if owedRotations.count >= Self.maximumWritten { owedRotations.removeFirst() }
            owedRotations.append(owed)
            note("clip \(owed.clip): named \(owed.file) without its rotation \(owed.rotationDegrees), owed: \(owed.problem)")
        }
        return outcome.event
    }

    private func path(_ file: SessionFile) -> String {
        switch file {
        case .serverPattern: files.serverPattern
        case .serverPhoto(let index): files.serverPhoto(index: index)
        case .oneShotPhoto(let shot): files.oneShotPhoto(shot: shot)
        case .pendingClip(let clip): files.pendingClip(clip: clip)
        case .finishedPhoto(let shot): files.path(files.naming.photoName(shot: shot))
        }
    }

    private mutating func wrote(_ path: String) {
        if written.count >= Self.maximumWritten { written.removeFirst() }
        written.append(path)
    }

    private mutating func note(_ problem: String) {
        if problems.count >= Self.maximumProblems { problems.removeFirst() }
        problems.append(problem)
    }
}
