import UprightCore

/// The one camera, as one owner: the `Camera` the engine drives on a Pi (over real programs,
/// `RpicamProcesses`) and in the simulator (over a modelled program, `SimCameraProcesses`).
///
/// The rules are `CameraSessionMachine` (UprightCore): a pure transition function whose
/// documentation says what the session does with a preview, a photo, a clip, a fault, a full
/// card and a stuck program. This type only runs it: it turns the runtime's orders, the
/// programs' events (`CameraProcesses`), its timers' expiries and the files' outcomes into
/// `CameraSessionEvent`s, and carries the machine's commands out, in order: it starts and
/// signals programs, finishes and discards files (`CameraFiles`), arms timers, answers the
/// runtime and words the notes for the log.
///
/// Time is the real clock the runtime gives (`perform(_:at:)`, `nextCompletion(through:now:)`):
/// when an order really reached the camera, so a stall of the firmware never counts against a
/// program's bound. What happened before an order is handled before it: the programs' events
/// by then, then the timers due, then the order. Deadlines (the timers, the model's events,
/// the first completion) are in `nextDeadline`; a process port that cannot predict its events
/// (real programs) has its descriptors polled. Each completion carries the time the session
/// saw it.
public struct CameraSession<Processes: CameraProcesses>: Camera {
    public var processes: Processes
    public let settings: CameraSessionSettings
    public internal(set) var files: CameraFiles
    public let machine: CameraSessionMachine
    /// Everything the machine knows (for tests and the summaries).
    public private(set) var state: CameraSessionState

    /// Why orders failed and what went wrong, oldest first, for the log (at most 32 kept).
    public private(set) var problems: [String] = []
    /// Photos and clips finished, by their final paths (for the summaries; the last 64).
    public private(set) var written: [String] = []

    /// Each timer's deadline, by `SessionTimer.rawValue`.
    private var deadlines: [Instant?] = Array(repeating: nil, count: SessionTimer.allCases.count)
    private var completions: [CameraReport] = []
    private var lastNow = Instant.zero
    /// The file system's words for its last problem, for the storage notes.
    private var storageProblem: String?

    public static var maximumProblems: Int { 32 }
    public static var maximumWritten: Int { 64 }
    /// The most program events taken in one look (a model or real programs produce a few per
    /// photo; the rest wait for the next look).
    public static var maximumProcessEvents: Int { 16 }
    /// The most events one event leads to (a file finished answers at once; each answer is a
    /// command, not an event, so one is the most seen).
    static var maximumFollowingEvents: Int { 8 }

    public init(processes: Processes, settings: CameraSessionSettings, files: CameraFiles) {
        self.processes = processes
        self.settings = settings
        self.files = files
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

    // MARK: Camera

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        catchUp(now: now)
        deliver(.order(order))
    }

    public mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        catchUp(now: now)
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
        return earliest
    }

    // MARK: running the machine

    /// The programs' events by `now`, then the timers due by `now`, each its own event.
    private mutating func catchUp(now: Instant) {
        lastNow = max(lastNow, now)
        var taken = 0
        while taken < Self.maximumProcessEvents, let event = processes.nextEvent(now: lastNow) {
            taken += 1
            deliver(.process(event))
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
    private mutating func deliver(_ kind: CameraSessionEvent.Kind) {
        var queue = [kind]
        var handled = 0
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard handled <= Self.maximumFollowingEvents else {
                // An outcome answers a command; an answer gives no further command that
                // produces one. Reaching this is a defect in the machine.
                assertionFailure("camera session: more than \(Self.maximumFollowingEvents) events from one")
                note("camera session: more than \(Self.maximumFollowingEvents) events from one; the rest dropped")
                return
            }
            handled += 1
            var hasRoom = true
            if next.consultsStorage {
                storageProblem = files.storage.problem()
                hasRoom = storageProblem == nil
            }
            let commands = machine.handle(&state, CameraSessionEvent(next, at: lastNow, storageHasRoom: hasRoom))
            for command in commands {
                if let outcome = perform(command) { queue.append(outcome) }
            }
        }
    }

    /// Carries out one command; a file finished or not is the event it returns.
    private mutating func perform(_ command: CameraSessionCommand) -> CameraSessionEvent.Kind? {
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
            switch files.finishPhoto(at: path(file), shot: shot, orientation: orientation) {
            case .success(let written):
                wrote(written)
                return .photoWritten(shot: shot)
            case .failure(let error):
                storageProblem = error.description
                return .photoNotWritten(shot: shot, storage: error.isStorage)
            }
        case .finishClip(let clip, let orientation):
            switch files.finishClip(at: files.pendingClip(clip: clip), clip: clip, orientation: orientation) {
            case .success(let written):
                wrote(written)
                return .clipWritten(clip: clip)
            case .failure(let error):
                storageProblem = error.description
                return .clipNotWritten(clip: clip, storage: error.isStorage)
            }
        case .discard(let file):
            files.discard(path(file))
        case .complete(let completion):
            completions.append(CameraReport(completion, at: lastNow))
        case .arm(let timer, let span):
            deadlines[Int(timer.rawValue)] = lastNow + span
        case .cancel(let timer):
            deadlines[Int(timer.rawValue)] = nil
        case .note(let note):
            self.note(note.text(storageProblem: storageProblem ?? "", settings: settings))
        }
        return nil
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
