import UprightCore
import UprightHost

/// Breadth-first exploration of every event sequence up to a length from a start state,
/// checking invariants after each event and collecting the transitions taken.
///
/// Alphabet (up to 18 events, restricted the way the real inputs are): the shutter gestures
/// follow the button (a touch only while up; pressed or a glitch only while up after a touch;
/// released or held only while down; a hold's release gives no gesture, as ShutterGesture
/// does); two poses, one upright (`left-up`) and one flat
/// (`lens-up`), so that a `normal` latch can only be a default (the machine starts undecided,
/// and never latches one: checked on every order and record); camera completions for the current shot or clip, plus one late completion for
/// the previous one of each; a timer fires only while armed; sensor fault and recovery, lost
/// events, shutdown.
///
/// Pruning: two sequences that reach the same canonical node (machine state with the shot and
/// clip numbers left out, since only their equality with completions matters, plus the button,
/// the armed timers, the open-press count and the clip latch) have identical futures, so only
/// the first one reached (at the smallest depth, hence with the most remaining length) is
/// expanded. Every sequence is still covered, with invariants checked on each step.
struct MachineExplorer {
    struct Node {
        var state: MachineState
        var buttonDown = false
        /// A touch was given and its press not yet.
        var touched = false
        var armed: [Bool] = [false, false, false]
        /// Accepted presses not yet answered by a capture, capture-failed, record-start or
        /// shutter-rejected record.
        var openPresses = 0
        /// The latch of the running clip, from its record-start.
        var clipLatch: UprightOrientation??
        /// Photos ordered and neither recorded nor given up (at most one: one in flight).
        var photosOut: [UInt32] = []
    }

    struct Key: Hashable {
        var name: StateName
        var orientation: Orientation?
        var lastUpright: UprightOrientation?
        var sensorFaulty: Bool
        var touchLatch: UInt8?
        var touched: Bool
        var press: PressPhase
        var queue: [UInt8]
        var shotLatch: UInt8
        var clipLatch: UInt8
        var buttonDown: Bool
        var armed: [Bool]
        var openPresses: Int
        var recordedClipLatch: UprightOrientation??
        var early: UInt8
        var photosOut: Int
    }

    struct Step: Hashable {
        var from: StateName
        var event: EventKind
        /// nil: the state stayed.
        var to: StateName?
    }

    let machine: CameraMachine
    var failures: [String] = []
    /// Effective transitions seen: the state (name or data) changed, or the machine acted.
    var steps: Set<Step> = []
    var nodesExpanded = 0
    var sequencesChecked = 0
    var maxCommands = 0

    /// Changes the machine's commands before they are checked: a mutation the checks must
    /// catch (nil: the machine as it is).
    let mutation: ((MachineEvent, [MachineCommand]) -> [MachineCommand])?

    init(configuration: MachineConfiguration, mutation: ((MachineEvent, [MachineCommand]) -> [MachineCommand])? = nil) {
        machine = CameraMachine(configuration: configuration)
        self.mutation = mutation
    }

    /// The latch as a byte: its orientation (4: none, `unknown`) and whether it is stale.
    static func code(_ latch: Latch) -> UInt8 { (latch.orientation?.rawValue ?? 4) | (latch.stale ? 8 : 0) }

    static func earlyCode(_ early: EarlyPhoto) -> UInt8 {
        switch early {
        case .none: 0
        case .deferred: 5
        case .ordered: 1
        case .finished: 2
        case .failed: 3
        case .taken: 4
        }
    }

    static func key(_ node: Node) -> Key {
        let state = node.state
        var queue = state.queue
        var queued: [UInt8] = []
        while let latch = queue.removeFirst() { queued.append(code(latch)) }
        return Key(
            name: state.name, orientation: state.orientation, lastUpright: state.lastUpright,
            sensorFaulty: state.sensorFaulty, touchLatch: state.touchLatch.map(code), touched: node.touched,
            press: state.press, queue: queued,
            shotLatch: code(state.shotLatch), clipLatch: code(state.clipLatch),
            buttonDown: node.buttonDown, armed: node.armed, openPresses: node.openPresses,
            recordedClipLatch: node.clipLatch, early: earlyCode(state.early), photosOut: node.photosOut.count)
    }

    func alphabet(_ node: Node) -> [MachineEvent] {
        let state = node.state
        var events: [MachineEvent]
        if node.buttonDown {
            events = [.shutterReleased, .shutterHeld]
        } else {
            events = node.touched ? [.shutterTouched(at: .zero), .shutterPressed, .shutterGlitch] : [.shutterTouched(at: .zero)]
        }
        events += [
            .orientationChanged(.leftUp), .orientationChanged(.lensUp),
            .captureTaken(shot: state.shot), .captureFinished(shot: state.shot), .captureFailed(shot: state.shot),
            .captureFinished(shot: state.shot &- 1),
            .recordingStarted(clip: state.clip), .recordingStopped(clip: state.clip), .recordingFailed(clip: state.clip),
            .recordingStopped(clip: state.clip &- 1),
            .sensorFault, .sensorRecovered, .eventsLost, .cameraFault(.died), .cameraRecovered(.died), .shutdownRequested,
        ]
        for timer in TimerID.allCases where node.armed[Int(timer.rawValue)] { events.append(.timerFired(timer)) }
        return events
    }

    mutating func explore(from start: StateName, depth: Int) {
        var root = Node(state: MachineState(start))
        let startCommands = machine.start(&root.state)
        apply(startCommands, to: &root)
        var visited: Set<Key> = [MachineExplorer.key(root)]
        var frontier = [root]
        for _ in 0..<depth {
            var next: [Node] = []
            for node in frontier {
                nodesExpanded += 1
                for event in alphabet(node) {
                    sequencesChecked += 1
                    var child = node
                    step(&child, event)
                    if failures.count > 20 { return }
                    if visited.insert(MachineExplorer.key(child)).inserted { next.append(child) }
                }
            }
            frontier = next
        }
    }

    private mutating func apply(_ commands: some Collection<MachineCommand>, to node: inout Node) {
        for command in commands {
            switch command {
            case .armTimer(let timer, _): node.armed[Int(timer.rawValue)] = true
            case .cancelTimer(let timer): node.armed[Int(timer.rawValue)] = false
            default: break
            }
        }
    }

    private mutating func fail(_ message: String, _ event: MachineEvent, _ before: MachineState) {
        failures.append("\(message) (event \(event) in \(before.name))")
    }

    mutating func step(_ node: inout Node, _ event: MachineEvent) {
        let before = node.state
        if event == .shutterTouched(at: .zero) { node.touched = true }
        if event == .shutterGlitch { node.touched = false }
        if event == .shutterPressed {
            node.buttonDown = true
            node.touched = false
            if before.name != .recording { node.openPresses += 1 }
        }
        if event == .shutterReleased || event == .shutterHeld { node.buttonDown = false }
        if case .timerFired(let timer) = event { node.armed[Int(timer.rawValue)] = false }

        let given = machine.transition(&node.state, event)
        let commands = mutation?(event, Array(given)) ?? Array(given)
        let after = node.state
        maxCommands = max(maxCommands, commands.count)
        apply(commands, to: &node)

        var stateRecords: [(StateName, StateName)] = []
        var photosStarted = 0
        var photoRecords = 0
        var records = 0
        var givenUp: [UInt32] = []
        var ordered: UprightOrientation??
        for command in commands {
            // No default: the only upright pose this alphabet decides is left-up, so a
            // `normal` in an order or a record can only be one.
            switch command {
            case .camera(.capturePhoto(_, .normal, _)), .camera(.startRecording(_, .normal)), .journal(.capture(_, .normal, _, _, _)),
                .journal(.recordStart(_, .normal, _)), .journal(.recordStop(_, .normal, _, _)):
                fail("\(command) latched a default", event, before)
            default: break
            }
            switch command {
            case .camera(.capturePhoto(let shot, let orientation, let touchedAt)):
                photosStarted += 1
                ordered = orientation
                if shot != after.shot || orientation != after.shotLatch.orientation { fail("photo \(shot) is not the one in flight", event, before) }
                if touchedAt != after.shotLatch.pressedAt { fail("photo \(shot) is not of its own touch", event, before) }
                if !node.photosOut.isEmpty { fail("photo \(shot) ordered with \(node.photosOut) in flight", event, before) }
                node.photosOut.append(shot)
            case .camera(.abandonPhoto(let shot)):
                guard let index = node.photosOut.firstIndex(of: shot) else {
                    fail("photo \(shot) given up but not in flight", event, before)
                    break
                }
                node.photosOut.remove(at: index)
                givenUp.append(shot)
            case .camera(.startRecording(_, let orientation)):
                if before.name == .recording { fail("a second clip started", event, before) }
                if orientation != after.clipLatch.orientation { fail("clip started with another orientation", event, before) }
            case .journal(let record):
                if case .state = record {} else { records += 1 }
                switch record {
                case .state(let from, let to): stateRecords.append((from, to))
                case .capture(let shot, _, _, _, _), .captureFailed(let shot, _):
                    node.openPresses -= 1
                    photoRecords += 1
                    if let index = node.photosOut.firstIndex(of: shot) {
                        node.photosOut.remove(at: index)
                    } else if case .captureFailed = record, givenUp.contains(shot) {
                        // A time-out or a shutdown: given up, then journaled failed.
                    } else {
                        fail("a record for photo \(shot), which is not in flight", event, before)
                    }
                case .shutterRejected: node.openPresses -= 1
                case .recordStart(_, let orientation, _):
                    node.openPresses -= 1
                    node.clipLatch = orientation
                case .recordStop(_, let orientation, _, _):
                    if orientation != node.clipLatch {
                        fail("record-stop reports \(orientation.latchName), clip latched \(String(describing: node.clipLatch))", event, before)
                    }
                    node.clipLatch = nil
                case .recordFailed(let clip, _):
                    // Only the clip recording ends here; a stopped clip's late failure changes nothing.
                    if before.name == .recording && clip == before.clip { node.clipLatch = nil }
                default: break
                }
            default: break
            }
        }

        // Never two captures in flight: at most one photo ordered per event, and only by
        // entering `capturing` or by finishing the previous one while staying there.
        if photosStarted > 1 { fail("two photos ordered by one event", event, before) }
        // A touch orders its photo where a press would shoot (zero shutter lag); nothing else
        // orders one outside `capturing`.
        // Before the detector's first decision the touch defers it to that decision, which
        // orders it with what it decided (`unknown` when it decided a flat pose).
        let touchShoots = event == .shutterTouched(at: .zero) && (before.name == .idle || before.name == .previewing) && !before.storageFull
        let touchOrders = touchShoots && before.orientation != nil
        if touchOrders && (photosStarted != 1 || after.early != .ordered) { fail("the touch ordered no photo", event, before) }
        if touchShoots && before.orientation == nil && (photosStarted != 0 || after.early != .deferred) {
            fail("the touch before the first decision did not wait for it", event, before)
        }
        var decisionOrders = false
        if case .orientationChanged(let pose) = event, before.orientation == nil {
            decisionOrders = before.early == .deferred
            if decisionOrders && (photosStarted != 1 || after.early != .ordered || ordered != .some(pose.upright)) {
                fail("the first decision did not order the touch's photo with it (\(String(describing: ordered)))", event, before)
            }
            if let upright = pose.upright {
                // Every latch still open takes it: the touch's, the press pending, the queued ones.
                var open: [Latch] = after.touchLatch.map { [$0] } ?? []
                var queue = after.queue
                while let latch = queue.removeFirst() { open.append(latch) }
                if before.early == .deferred { open.append(after.shotLatch) }
                for latch in open where latch.orientation != upright {
                    fail("the first decision left a latch open: \(latch)", event, before)
                }
            }
        }
        if photosStarted == 1 && after.name != .capturing && !touchOrders && !decisionOrders {
            fail("photo ordered outside capturing", event, before)
        }
        // At most one photo in flight: the one `capturing` is at, or the touch's (once ordered).
        let expectedOut = after.name == .capturing ? 1 : (after.early == .none || after.early == .deferred ? 0 : 1)
        if node.photosOut.count != expectedOut { fail("photos in flight \(node.photosOut), expected \(expectedOut)", event, before) }
        // A hold leaves no still: the press's one answer is its record-start, and the touch's
        // photo is given up (no capture, no file: the camera is told to keep none).
        if event == .shutterHeld && after.name == .recording && (photoRecords != 0 || !node.photosOut.isEmpty) {
            fail("a hold left a still (\(photoRecords) photo records, \(node.photosOut) in flight)", event, before)
        }
        // A glitch leaves nothing: no record, and no photo left in flight outside `capturing`.
        if event == .shutterGlitch && (records != 0 || (after.name != .capturing && !node.photosOut.isEmpty)) {
            fail("a glitch left \(records) records, \(node.photosOut) in flight", event, before)
        }
        if photosStarted == 1 && before.name == .capturing && !finishesPhoto(event, before) {
            fail("photo ordered with one in flight", event, before)
        }
        // Every accepted press is answered exactly once: the presses still open are exactly the
        // one down, the queued ones and the one in flight.
        var open = 0
        if after.press == .pending { open += 1 }
        open += Int(after.queue.count)
        if after.name == .capturing { open += 1 }
        if node.openPresses != open { fail("open presses \(node.openPresses), expected \(open)", event, before) }
        // The latch holds through a clip.
        if after.name == .recording {
            if node.clipLatch != after.clipLatch.orientation { fail("clip latch changed", event, before) }
        } else if node.clipLatch != nil {
            fail("clip latch kept outside recording", event, before)
        }
        // Every state change has its record, and only state changes do: the records chain from
        // the state before to the state after (a release whose photo was answered already goes
        // to `capturing` and back in one event: two records).
        var chained = before.name
        for (from, to) in stateRecords {
            if from != chained || from == to { fail("state record \(from) -> \(to) from \(chained)", event, before) }
            chained = to
        }
        if chained != after.name { fail("state change without its record", event, before) }
        if before.name == after.name && stateRecords.count == 1 { fail("state record without a change", event, before) }
        if given.overflowed || commands.count > Commands.capacity { fail("more commands than capacity", event, before) }
        // The press latch is the touch's: a press takes the latch the touch took, and nothing else.
        if event == .shutterTouched(at: .zero), after.touchLatch != Latch(orientation: before.lastUpright, stale: before.sensorFaulty) {
            fail("the touch latched \(String(describing: after.touchLatch))", event, before)
        }
        if event == .shutterPressed, after.press == .pending, after.touchLatch != before.touchLatch {
            fail("the press took \(String(describing: after.touchLatch)), its touch \(String(describing: before.touchLatch))", event, before)
        }
        // A pending press holds its latch until its release or hold uses it, and no longer.
        if after.press == .pending && after.touchLatch == nil { fail("a pending press without its latch", event, before) }
        if (event == .shutterReleased || event == .shutterHeld) && after.touchLatch != nil {
            fail("the latch outlived its press", event, before)
        }
        if before != after || !commands.isEmpty {
            steps.insert(Step(from: before.name, event: event.kind, to: before.name == after.name ? nil : after.name))
        }
    }

    private func finishesPhoto(_ event: MachineEvent, _ before: MachineState) -> Bool {
        switch event {
        case .captureFinished(let shot, _, _), .captureFailed(let shot): shot == before.shot
        case .timerFired(.capture): true
        default: false
        }
    }
}
