/// The run-to-completion loop around the camera machine, shared by `run`, `sim` and `replay`:
/// it owns the machine, the shutter gesture recogniser and the orientation detector, turns
/// samples, button edges, camera completions and timer expiries into events, runs each to
/// completion, and carries out the commands through `camera` and `sink`.
///
/// Time is data: the runtime never reads a clock. The caller moves it forward with
/// `advance(to:)` (a virtual clock in tests, replay and simulation, the monotonic clock on a
/// board), and samples and edges carry their own times; time never goes backwards. Within one
/// `advance`, everything due is handled in time order: gestures, camera completions, timers.
public struct CameraRuntime<C: Camera, S: RecordSink> {
    public var camera: C
    public var sink: S
    public private(set) var machine: CameraMachine
    public private(set) var state: MachineState
    public private(set) var detector: OrientationDetector
    public private(set) var gesture: ShutterGesture
    public private(set) var now: Instant

    private var queue = EventQueue()
    private var eventsLost = false
    /// Armed deadlines by `TimerID.rawValue`; nil when disarmed.
    private var timers = InlineArray<3, Instant?>(repeating: nil)

    /// The most events one `drain` runs before returning (the rest wait for the next call);
    /// and the most deadlines one `advance` steps through.
    public static var stepLimit: Int { 256 }

    /// Starts the machine in `initial` (`idle` at boot, `previewing` for replay) at `start`,
    /// running that state's entry action.
    public init(
        camera: C, sink: S,
        configuration: MachineConfiguration = MachineConfiguration(),
        gesture: ShutterGesture.Configuration = ShutterGesture.Configuration(),
        detector: OrientationDetector = OrientationDetector(),
        initial: StateName = .idle,
        start: Instant = .zero
    ) {
        self.camera = camera
        self.sink = sink
        self.machine = CameraMachine(configuration: configuration)
        self.state = MachineState(initial)
        self.detector = detector
        self.gesture = ShutterGesture(configuration: gesture)
        self.now = start
        let commands = machine.start(&state)
        execute(commands)
    }

    // MARK: inputs

    /// Feeds a batch of samples (e.g. what `SampleRing.popBatch(into:max:)` filled). Each
    /// sample first moves time to its timestamp, so timers and gestures due before it run first.
    public mutating func ingest<Samples: Collection>(_ samples: Samples) where Samples.Element == Sample {
        for sample in samples {
            if sample.time > now { advance(to: sample.time) }
            if let pose = detector.update(sample) {
                sink.record(.orientation(pose), at: now)
                post(.orientationChanged(pose))
            }
        }
    }

    /// The shutter line changed (`down`: pressed) at `time`.
    public mutating func buttonEdge(down: Bool, at time: Instant) {
        advance(to: time)
        gesture.edge(down: down, at: time)
        collectGestures()
        drain()
    }

    /// The sensor stopped answering: the detector forgets its filter; latches become stale.
    public mutating func sensorFailed() {
        detector.reset()
        post(.sensorFault)
    }

    public mutating func sensorRecovered() { post(.sensorRecovered) }

    public mutating func requestShutdown() { post(.shutdownRequested) }

    /// Queues `event` and runs the queue to completion.
    @inline(never)
    public mutating func post(_ event: MachineEvent) {
        enqueue(event)
        drain()
    }

    /// Moves time to `target`, handling everything due on the way in time order.
    @inline(never)
    public mutating func advance(to target: Instant) {
        var steps = 0
        while steps < Self.stepLimit, let due = nextDeadline, due <= target {
            steps += 1
            if due > now { now = due }
            handleDue()
        }
        if target > now { now = target }
        handleDue()
    }

    /// When something will be due if no input comes first: the next gesture step, timer or
    /// known camera completion. A real event loop sleeps until then (or an input).
    public var nextDeadline: Instant? {
        var earliest = gesture.nextDeadline
        for index in 0..<3 {
            if let deadline = timers[index], earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        if let deadline = camera.nextDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        return earliest
    }

    // MARK: running

    @inline(never)
    private mutating func handleDue() {
        collectGestures()
        drain()
        // Timers run one at a time on an empty queue and are checked again just before they
        // run, so an expiry never reaches a photo or clip that started after it was armed.
        for timer in TimerID.allCases {
            if let deadline = timers[Int(timer.rawValue)], deadline <= now {
                timers[Int(timer.rawValue)] = nil
                handle(.timerFired(timer))
                drain()
            }
        }
    }

    @inline(never)
    private mutating func collectGestures() {
        var count = 0
        while count < 8, let recognised = gesture.next(now: now) {
            count += 1
            switch recognised.kind {
            case .pressed: enqueue(.shutterPressed)
            case .released: enqueue(.shutterReleased)
            case .held: enqueue(.shutterHeld)
            case .stuck: sink.record(.fault(.button), at: now)
            case .unstuck: sink.record(.recovered(.button), at: now)
            }
        }
    }

    @inline(never)
    private mutating func collectCompletions() {
        var count = 0
        while count < EventQueue.capacity, let completion = camera.nextCompletion(now: now) {
            count += 1
            enqueue(completion.event)
        }
    }

    @inline(never)
    private mutating func enqueue(_ event: MachineEvent) {
        if !queue.append(event) { eventsLost = true }
    }

    @inline(never)
    private mutating func drain() {
        collectCompletions()
        var steps = 0
        while steps < Self.stepLimit {
            steps += 1
            if eventsLost {
                eventsLost = false
                handle(.eventsLost)
            } else if let event = queue.removeFirst() {
                handle(event)
            } else {
                return
            }
            collectCompletions()
        }
    }

    @inline(never)
    private mutating func handle(_ event: MachineEvent) {
        let commands = machine.transition(&state, event)
        execute(commands)
    }

    @inline(never)
    private mutating func execute(_ commands: Commands) {
        for command in commands {
            switch command {
            case .startPreview: camera.perform(.startPreview, at: now)
            case .stopPreview: camera.perform(.stopPreview, at: now)
            case .showOrientation(let pose): camera.perform(.showOrientation(pose), at: now)
            case .capturePhoto(let shot, let orientation): camera.perform(.capturePhoto(shot: shot, orientation: orientation), at: now)
            case .startRecording(let clip, let orientation): camera.perform(.startRecording(clip: clip, orientation: orientation), at: now)
            case .stopRecording(let clip): camera.perform(.stopRecording(clip: clip), at: now)
            case .armTimer(let timer, let span): timers[Int(timer.rawValue)] = now + span
            case .cancelTimer(let timer): timers[Int(timer.rawValue)] = nil
            case .journal(let record): sink.record(record, at: now)
            }
        }
    }
}
