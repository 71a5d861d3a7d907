/// The run-to-completion loop around the camera machine, shared by `run`, `sim` and `replay`:
/// it owns the machine, the shutter gesture recogniser and the orientation detector, turns
/// samples, button edges, camera completions and timer expiries into events, runs each to
/// completion, and carries out the commands through `camera` and `sink`.
///
/// Time is data: the runtime never reads a clock. The caller moves it forward with
/// `advance(to:)` (a virtual clock in tests, replay and simulation, the monotonic clock on a
/// board), and samples and edges carry their own times; time never goes backwards. Within one
/// `advance`, everything due is handled in time order: gestures, camera completions, timers.
///
/// Feeding order matters: a press latches the orientation when its first down edge is fed
/// (the gesture's `touched`, which the machine latches on), so feed an edge before the samples
/// stamped after it; `FirmwareEngine` merges its inputs so. And a sample runs nothing unless
/// something is due by its time (`nextDeadline`), so a camera that cannot predict its
/// completions (a child process) needs an `advance(to:)` when it has one (its descriptor
/// polled readable), as does any change made to `camera` from outside.
///
/// The runtime decides nothing itself: every decision is the machine's (the latch included);
/// the runtime only moves time, runs events to completion and carries out commands. Its fixed
/// buffers (the event queue, a transition's commands, the gesture recogniser's pending
/// gestures) are bounded; an overflow is a broken bound, which traps when `strictBounds` is set
/// (the simulator and the tests) and is otherwise reported as a `bound` fault record.
public struct CameraRuntime<C: Camera, S: RecordSink> {
    /// The camera backend the orders go to.
    public var camera: C
    /// Where the records go.
    public var sink: S
    /// The machine whose decisions the runtime carries out.
    public private(set) var machine: CameraMachine
    /// The machine's current state.
    public private(set) var state: MachineState
    /// The shutter gesture recogniser the button edges go through.
    public private(set) var gesture: ShutterGesture

    /// The orientation detector the samples go through.
    public var detector: OrientationDetector { poseDetector }
    /// The runtime's time: it only moves forward, with samples, edges and `advance(to:)`.
    public var now: Instant { clock }

    @usableFromInline internal var poseDetector: OrientationDetector
    @usableFromInline internal var clock: Instant
    /// The earliest time anything can be due (`nextDeadline`, or `clock` while events wait):
    /// kept up to date by every entry point, so a sample before it only moves the clock.
    @usableFromInline internal var wake = Instant(nanoseconds: Int64.max)

    private var queue = EventQueue()
    private var eventsLost = false
    /// Armed deadlines; nil when disarmed.
    private var timers = TimerDeadlines()
    /// Trap on a broken bound instead of reporting it (see the type's documentation).
    public let strictBounds: Bool
    private var gestureOverflowReported = false

    /// The most events one `drain` runs before returning (the rest wait for the next call);
    /// and the most deadlines one `advance` steps through.
    public static var stepLimit: Int { 256 }

    /// Starts the machine in `initial` (`idle` at boot, `previewing` for replay) at `start`,
    /// running that state's entry action.
    @inline(never)
    public init(
        camera: C, sink: S,
        configuration: MachineConfiguration = MachineConfiguration(),
        gesture: ShutterGesture.Configuration = ShutterGesture.Configuration(),
        detector: OrientationDetector = OrientationDetector(),
        initial: StateName = .idle,
        start: Instant = .zero,
        strictBounds: Bool = false
    ) {
        self.strictBounds = strictBounds
        self.camera = camera
        self.sink = sink
        self.machine = CameraMachine(configuration: configuration)
        self.state = MachineState(initial, numberedAfter: configuration.numberedAfter)
        self.poseDetector = detector
        self.gesture = ShutterGesture(configuration: gesture)
        self.clock = start
        var commands = machine.start(&state)
        execute(&commands)
        refreshWake()
    }

    // MARK: inputs

    /// Feeds a batch of samples (e.g. what `SampleRing.popBatch(into:max:)` filled). Each
    /// sample first moves time to its timestamp, so timers and gestures due before it run first.
    @inlinable
    public mutating func ingest<Samples: Collection>(_ samples: Samples) where Samples.Element == Sample {
        for sample in samples { ingest(sample) }
    }

    /// Feeds one sample. The hot path: unless something is due by its time (`wake`), it costs
    /// one comparison, a clock move and the detector. A camera that cannot say when it will
    /// finish (`nextDeadline` nil: a child process) is not polled here; the event loop calls
    /// `advance(to:)` when that camera's descriptor is ready.
    @inlinable
    public mutating func ingest(_ sample: Sample) {
        if sample.time >= wake {
            advance(to: sample.time)
        } else if sample.time > clock {
            clock = sample.time
        }
        if let pose = poseDetector.update(sample) { orientationChanged(pose) }
    }

    /// The shutter line changed (`down`: pressed) at `time`. A touch is run at once, so the
    /// machine latches the orientation of this instant.
    public mutating func buttonEdge(down: Bool, at time: Instant) {
        advance(to: time)
        gesture.edge(down: down, at: time)
        collectGestures()
        drain()
        refreshWake()
    }

    /// The sensor stopped answering: the detector forgets its filter; latches become stale.
    public mutating func sensorFailed() {
        poseDetector.reset()
        post(.sensorFault)
    }

    /// The sensor answers again: latches are no longer stale.
    public mutating func sensorRecovered() { post(.sensorRecovered) }

    /// Asks the machine to shut down; whatever is in flight ends with a `shutdown` reason.
    public mutating func requestShutdown() { post(.shutdownRequested) }

    /// Queues `event` and runs the queue to completion.
    @inline(never)
    public mutating func post(_ event: MachineEvent) {
        enqueue(event)
        drain()
        refreshWake()
    }

    /// Moves time to `target`, handling everything due on the way in time order.
    @inline(never)
    public mutating func advance(to target: Instant) {
        var steps = 0
        while steps < Self.stepLimit, let due = nextDeadline, due <= target {
            steps += 1
            if due > clock { clock = due }
            handleDue()
        }
        if target > clock { clock = target }
        handleDue()
        refreshWake()
    }

    /// When something will be due if no input comes first: the next gesture step, timer or
    /// known camera completion. A real event loop sleeps until then (or an input).
    @inline(__always)
    public var nextDeadline: Instant? {
        var earliest = TimerDeadlines.earlier(gesture.nextDeadline, timers.earliest)
        if let deadline = camera.nextDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        return earliest
    }

    /// The detector reported a new stable pose (rare: off the per-sample path).
    @usableFromInline @inline(never)
    internal mutating func orientationChanged(_ pose: Orientation) {
        sink.record(.orientation(pose), at: clock)
        post(.orientationChanged(pose))
    }

    // MARK: running

    @inline(never)
    private mutating func handleDue() {
        collectGestures()
        drain()
        // Timers run one at a time on an empty queue and are checked again just before they
        // run, so an expiry never reaches a photo or clip that started after it was armed.
        for timer in TimerID.allCases {
            if let deadline = timers[timer], deadline <= clock {
                timers[timer] = nil
                handle(.timerFired(timer))
                drain()
            }
        }
    }

    @inline(never)
    private mutating func collectGestures() {
        var count = 0
        while count < 8, let recognised = gesture.next(now: clock) {
            count += 1
            switch recognised.kind {
            case .touched: enqueue(.shutterTouched(at: recognised.time))
            case .pressed: enqueue(.shutterPressed)
            case .released: enqueue(.shutterReleased)
            case .held: enqueue(.shutterHeld)
            case .stuck: sink.record(.fault(.button), at: clock)
            case .unstuck: sink.record(.recovered(.button), at: clock)
            }
        }
        if gesture.overflowed && !gestureOverflowReported {
            gestureOverflowReported = true
            boundExceeded("ShutterGesture: pending gestures overflowed")
        }
    }

    /// A fixed buffer overflowed and something was dropped: trap when strict, else say so.
    @inline(never)
    private mutating func boundExceeded(_ what: String) {
        if strictBounds { preconditionFailure(what) }
        sink.record(.fault(.bound), at: clock)
    }

    /// After every entry point: timers, gesture and camera may have changed.
    private mutating func refreshWake() {
        if eventsLost || !queue.isEmpty {
            wake = clock
        } else {
            wake = nextDeadline ?? Instant(nanoseconds: Int64.max)
        }
    }

    @inline(never)
    private mutating func collectCompletions() {
        var count = 0
        while count < EventQueue.capacity, let completion = camera.nextCompletion(now: clock) {
            count += 1
            enqueue(completion.event)
        }
    }

    @inline(never)
    private mutating func enqueue(_ event: MachineEvent) {
        if !queue.append(event) {
            if strictBounds { preconditionFailure("CameraRuntime: event queue full") }
            eventsLost = true
        }
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
        var commands = machine.transition(&state, event)
        execute(&commands)
        if commands.overflowed { boundExceeded("CameraMachine: more commands than Commands.capacity") }
    }

    @inline(never)
    private mutating func execute(_ commands: inout Commands) {
        for index in 0..<commands.count {
            switch commands.command(at: index) {
            case .startPreview: camera.perform(.startPreview, at: clock)
            case .stopPreview: camera.perform(.stopPreview, at: clock)
            case .showOrientation(let pose): camera.perform(.showOrientation(pose), at: clock)
            case .capturePhoto(let shot, let orientation): camera.perform(.capturePhoto(shot: shot, orientation: orientation), at: clock)
            case .abandonPhoto(let shot): camera.perform(.abandonPhoto(shot: shot), at: clock)
            case .startRecording(let clip, let orientation): camera.perform(.startRecording(clip: clip, orientation: orientation), at: clock)
            case .stopRecording(let clip): camera.perform(.stopRecording(clip: clip), at: clock)
            case .armTimer(let timer, let span): timers[timer] = clock + span
            case .cancelTimer(let timer): timers[timer] = nil
            case .journal(let record): sink.record(record, at: clock)
            }
        }
    }
}
