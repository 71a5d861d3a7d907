import UprightCore

/// Explores every state the camera session's machine can reach from its start, breadth
/// first, under every event the world may give in each: the runtime's orders (a bounded number
/// of photos and clips), each program's ends and files, each armed timer's expiry, each file's
/// outcome, and the file system with or without room. Time stands still (every event at zero):
/// the timers are what moves it, and any armed one may expire next, which covers every order
/// of deadlines.
///
/// On every transition it checks the session's promises against a ledger of its own, kept
/// beside the machine's state:
/// - one owner: a program is started only where none runs, and signalled only where one does;
/// - every photo ordered is answered once, an abandoned one never, and a finished one only
///   once its file was written; a clip starts at most once and ends once, stopped only after it
///   started and its file was written;
/// - an abandoned photo keeps no file: given up before its answer, its file is discarded when
///   it comes; given up after it (a touch's photo whose press became a clip), at once;
/// - each fault is reported once and recovered only while outstanding;
/// - the timers: only an armed one expires;
/// - the storage contract: an event whose kind does not consult `storageHasRoom` answers the
///   same either way.
/// And over the whole graph: from every reachable state, some sequence of events answers every
/// order waiting (no photo or clip can be left waiting for ever), without the runtime giving
/// up on a photo (`abandonPhoto`).
struct SessionExplorer {
    typealias Handle = (inout CameraSessionState, CameraSessionEvent) -> [CameraSessionCommand]

    enum PhotoStatus: Hashable { case notOrdered, waiting, abandoned, answered }
    enum ClipStatus: Hashable { case notOrdered, ordered, started, ended }
    enum Outcome: Hashable {
        case photo(UInt32)
        case clip(UInt32)
    }

    /// What the explorer knows beside the machine: the orders' answers, the faults reported,
    /// the timers armed and the files being finished.
    struct Node: Hashable {
        var state: CameraSessionState
        var photos: [PhotoStatus]
        var clips: [ClipStatus]
        var cameraFault: CameraFault?
        var storageFault = false
        /// By `SessionTimer.rawValue`.
        var armed: UInt8 = 0
        /// Files the machine asked to finish, oldest first: their outcomes to come.
        var outcomes: [Outcome] = []
        /// The photos whose file is under its final name (written, not discarded), by bit.
        var files: UInt8 = 0

        /// Nothing waits for an answer.
        var settled: Bool {
            outcomes.isEmpty && !photos.contains(.waiting) && !clips.contains(.ordered) && !clips.contains(.started)
        }
    }

    /// Each photo's touch: shot N at N ms, so a photo asked of the program names its shot.
    static func touch(shot: UInt32) -> Instant { Instant(nanoseconds: Int64(shot) * 1_000_000) }

    struct Report {
        var states = 0
        var transitions = 0
        var violations: [String] = []
        /// States from which no sequence of events answers every order waiting.
        var stranded = 0
    }

    let settings: CameraSessionSettings
    let handle: Handle
    let shots: Int
    let clips: Int
    /// Stop after this many states (the bound says so in the report).
    let maximumStates: Int

    static let exits: [CameraExit] = [
        .clean, .failed(status: 1), .failed(status: CameraExit.acquireFailedStatus), .signalled(CameraExit.photoSignal),
        .signalled(9), .notStarted(reason: "no such file"),
    ]

    init(settings: CameraSessionSettings, shots: Int, clips: Int, maximumStates: Int = 2_000_000, handle: Handle? = nil) {
        self.settings = settings
        self.shots = shots
        self.clips = clips
        self.maximumStates = maximumStates
        let machine = CameraSessionMachine(settings: settings)
        self.handle = handle ?? { state, event in machine.handle(&state, event) }
    }

    func explore() -> Report {
        var report = Report()
        let start = Node(
            state: CameraSessionState(settings: settings), photos: Array(repeating: .notOrdered, count: shots),
            clips: Array(repeating: .notOrdered, count: clips))
        var index: [Node: Int] = [start: 0]
        var nodes = [start]
        var successors: [[Int]] = []
        var next = 0
        while next < nodes.count {
            let node = nodes[next]
            next += 1
            var targets: [Int] = []
            for (kind, room) in events(in: node) {
                report.transitions += 1
                guard let after = step(node, kind, room: room, report: &report) else { continue }
                // The session must answer by itself: a photo the runtime gave up on does not
                // count as answered (the liveness graph leaves those edges out).
                let answers: Bool
                if case .order(.abandonPhoto) = kind { answers = false } else { answers = true }
                if let known = index[after] {
                    if answers { targets.append(known) }
                } else if nodes.count < maximumStates {
                    index[after] = nodes.count
                    if answers { targets.append(nodes.count) }
                    nodes.append(after)
                } else {
                    report.violations.append("the exploration stopped at \(maximumStates) states")
                    return report
                }
            }
            successors.append(targets)
        }
        report.states = nodes.count
        report.stranded = stranded(nodes, successors)
        return report
    }

    /// Every event the world may give in `node`, each with the file system's answers.
    func events(in node: Node) -> [(CameraSessionEvent.Kind, Bool)] {
        var kinds: [CameraSessionEvent.Kind] = []
        // The files are finished in the order given, at once or much later (a slow card on a
        // thread of its own): the first one's outcome may come next, or after anything else.
        switch node.outcomes.first {
        case .photo(let shot)?:
            kinds = [.photoWritten(shot: shot), .photoNotWritten(shot: shot, storage: false), .photoNotWritten(shot: shot, storage: true)]
        case .clip(let clip)?:
            kinds = [.clipWritten(clip: clip), .clipNotWritten(clip: clip, storage: false), .clipNotWritten(clip: clip, storage: true)]
        case nil:
            break
        }
        do {
            kinds += [.order(.startPreview), .order(.stopPreview), .order(.showOrientation(.leftUp))]
            if let shot = node.photos.firstIndex(of: .notOrdered) {
                kinds.append(.order(.capturePhoto(shot: UInt32(shot + 1), orientation: .rightUp, touchedAt: Self.touch(shot: UInt32(shot + 1)))))
            }
            // The runtime gives up a photo waiting (its time-out, a shutdown) or answered (the
            // touch's photo of a press that became a clip, a glitch's).
            for (shot, status) in node.photos.enumerated() where status == .waiting || status == .answered {
                kinds.append(.order(.abandonPhoto(shot: UInt32(shot + 1))))
            }
            if let clip = node.clips.firstIndex(of: .notOrdered) {
                kinds.append(.order(.startRecording(clip: UInt32(clip + 1), orientation: .bottomUp)))
            }
            for (clip, status) in node.clips.enumerated() where status != .notOrdered {
                kinds.append(.order(.stopRecording(clip: UInt32(clip + 1))))
            }
            if let running = node.state.running {
                for exit in Self.exits { kinds.append(.process(.exited(running.program, exit))) }
                if running.program == .stillServer {
                    for index in 0...running.nextIndex { kinds.append(.process(.photoClosed(index: index, exposedAt: nil))) }
                }
            }
            for timer in SessionTimer.allCases where node.armed & (1 << timer.rawValue) != 0 {
                kinds.append(.timer(timer))
            }
        }
        return kinds.flatMap { kind in kind.consultsStorage ? [(kind, true), (kind, false)] : [(kind, true)] }
    }

    /// The node after `kind`, with the promises checked; nil when a violation stops the path.
    func step(_ node: Node, _ kind: CameraSessionEvent.Kind, room: Bool, report: inout Report) -> Node? {
        var after = node
        var problems: [String] = []
        let event = CameraSessionEvent(kind, at: .zero, storageHasRoom: room)
        let commands = handle(&after.state, event)
        if !kind.consultsStorage {
            var other = node.state
            let otherCommands = handle(&other, CameraSessionEvent(kind, at: .zero, storageHasRoom: false))
            if other != after.state || otherCommands != commands { problems.append("\(kind) depends on the storage it does not consult") }
        }
        var owner = node.state.running != nil
        switch kind {
        case .order(.capturePhoto(let shot, _, _)): after.photos[Int(shot) - 1] = .waiting
        case .order(.abandonPhoto(let shot)): after.photos[Int(shot) - 1] = .abandoned
        case .order(.startRecording(let clip, _)): after.clips[Int(clip) - 1] = .ordered
        case .process(.exited): owner = false
        case .timer(let timer): after.armed &= ~(1 << timer.rawValue)
        case .photoWritten(let shot):
            after.outcomes.removeFirst()
            after.files |= 1 << (shot - 1)
        case .photoNotWritten, .clipWritten, .clipNotWritten: after.outcomes.removeFirst()
        default: break
        }
        for command in commands {
            switch command {
            case .start:
                if owner { problems.append("a program started while another runs") }
                owner = true
            case .requestPhoto(let touchedAt):
                if !owner { problems.append("\(command) with no program running") }
                // The photo asked for is of its own touch: one still waiting for its answer.
                let shot = Int(touchedAt.nanoseconds / Self.touch(shot: 1).nanoseconds)
                if !(1...after.photos.count).contains(shot) || after.photos[shot - 1] != .waiting {
                    problems.append("a photo asked for at \(touchedAt), no waiting photo's touch")
                }
            case .stop, .kill:
                if !owner { problems.append("\(command) with no program running") }
            case .finishPhoto(_, let shot, _):
                if after.photos[Int(shot) - 1] != .waiting { problems.append("photo \(shot) finished while \(after.photos[Int(shot) - 1])") }
                after.outcomes.append(.photo(shot))
            case .finishClip(let clip, _):
                if after.clips[Int(clip) - 1] != .started { problems.append("clip \(clip) finished while \(after.clips[Int(clip) - 1])") }
                after.outcomes.append(.clip(clip))
            case .complete(let completion):
                answer(completion, after: kind, &after, &problems)
            case .arm(let timer, _):
                after.armed |= 1 << timer.rawValue
            case .cancel(let timer):
                after.armed &= ~(1 << timer.rawValue)
            case .discard(.finishedPhoto(let shot)):
                after.files &= ~(1 << (shot - 1))
            case .discard, .note:
                break
            }
        }
        for (shot, status) in after.photos.enumerated() where status == .abandoned && after.files & (1 << shot) != 0 {
            problems.append("abandoned photo \(shot + 1) keeps its file")
        }
        if owner != (after.state.running != nil) { problems.append("the commands and the state disagree on whether a program runs") }
        guard problems.isEmpty else {
            report.violations.append(contentsOf: problems.map { "\($0) (after \(kind) in \(node.state))" })
            return nil
        }
        return after
    }

    func answer(_ completion: CameraCompletion, after kind: CameraSessionEvent.Kind, _ node: inout Node, _ problems: inout [String]) {
        switch completion {
        case .captureFinished(let shot, _, _), .captureFailed(let shot):
            let status = node.photos[Int(shot) - 1]
            if status != .waiting { problems.append("photo \(shot) answered while \(status)") }
            if case .captureFinished = completion, kind != .photoWritten(shot: shot) {
                problems.append("photo \(shot) finished before its file was written")
            }
            node.photos[Int(shot) - 1] = .answered
        case .recordingStarted(let clip):
            if node.clips[Int(clip) - 1] != .ordered { problems.append("clip \(clip) started while \(node.clips[Int(clip) - 1])") }
            node.clips[Int(clip) - 1] = .started
        case .recordingStopped(let clip):
            if node.clips[Int(clip) - 1] != .started { problems.append("clip \(clip) stopped while \(node.clips[Int(clip) - 1])") }
            if kind != .clipWritten(clip: clip) { problems.append("clip \(clip) stopped before its file was written") }
            node.clips[Int(clip) - 1] = .ended
        case .recordingFailed(let clip):
            let status = node.clips[Int(clip) - 1]
            if status != .ordered && status != .started { problems.append("clip \(clip) failed while \(status)") }
            node.clips[Int(clip) - 1] = .ended
        case .fault(.storage):
            if node.storageFault { problems.append("the storage fault reported twice") }
            node.storageFault = true
        case .recovered(.storage):
            if !node.storageFault { problems.append("the storage recovered with no fault outstanding") }
            node.storageFault = false
        case .fault(let fault):
            if let outstanding = node.cameraFault { problems.append("\(fault) reported while \(outstanding) is outstanding") }
            node.cameraFault = fault
        case .recovered(let fault):
            if node.cameraFault != fault { problems.append("\(fault) recovered while \(String(describing: node.cameraFault)) is outstanding") }
            node.cameraFault = nil
        }
    }

    /// How many states cannot reach a settled one (backwards from every settled state).
    func stranded(_ nodes: [Node], _ successors: [[Int]]) -> Int {
        var predecessors = Array(repeating: [Int](), count: nodes.count)
        for (from, targets) in successors.enumerated() {
            for target in targets { predecessors[target].append(from) }
        }
        var reaches = nodes.map(\.settled)
        var frontier = reaches.indices.filter { reaches[$0] }
        while let node = frontier.popLast() {
            for from in predecessors[node] where !reaches[from] {
                reaches[from] = true
                frontier.append(from)
            }
        }
        return reaches.filter { !$0 }.count
    }
}
