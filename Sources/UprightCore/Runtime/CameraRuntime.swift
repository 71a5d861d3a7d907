/// The run-to-completion loop around the camera machine, shared by `run`, `sim` and `replay`:
/// it owns the machine, the shutter gesture recogniser and the orientation detector, turns
/// samples, button edges, camera completions and timer expiries into events, runs each to
/// completion, and carries out the commands through `camera` and `sink`.
///
/// Time is data: the runtime never reads a clock. The caller moves it forward with
/// `advance(to:)` (a virtual clock in tests, replay and simulation, the monotonic clock on a
/// board), and samples and edges carry their own times. Within one `advance`, everything due
/// is handled in time order: gestures, camera completions, timers, each at its own time.
///
/// **Two clocks.** `now` is the time of the input being judged: a press is judged at its
/// edge's time however late the firmware gets to it. `realTime` is the real clock, which the
/// caller moves with `advanceRealTime(to:)` (the engine: when it reads its inputs): an order
/// given now reaches the camera then, so a bound on something outside (the camera's own, the
/// capture timer, the clip-length timer) counts from it, and a clip's duration is the
/// recorder's, measured on it. The idle timer measures the person's inactivity: input time.
///
/// **Time only goes forward.** An input older than `now` is a defect of whoever fed it (the
/// engine merges its inputs in time order and never advances past one it has not taken): it
/// traps when `strictBounds` is set and is otherwise a `bound` `lateInput` record, handled at
/// `now`.
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

    /// The real clock as last told (`advanceRealTime(to:)`); never behind `now`.
    public var realTime: Instant { max(realClock, clock) }

    @usableFromInline internal var poseDetector: OrientationDetector
    @usableFromInline internal var clock: Instant
    private var realClock: Instant
    /// The earliest time anything can be due (`nextDeadline`, or `clock` while events wait):
    /// kept up to date by every entry point, so a sample before it only moves the clock.
    @usableFromInline internal var wake = Instant(nanoseconds: Int64.max)

    private var queue = EventQueue()
    private var eventsLost = false
    /// When the camera said the clip being recorded started, on the real clock (its
    /// `recordingStarted`); `Instant.distantPast` when no clip is recording or it has not said
    /// yet (an optional would take 16 bytes of a microcontroller's RAM, not 8).
    private var recordingSince = Instant.distantPast
    /// Armed deadlines; nil when disarmed.
    private var timers = TimerDeadlines()
    /// Trap on a broken bound instead of reporting it (see the type's documentation).
    public let strictBounds: Bool
    private var gestureOverflowReported = false
    /// The `gyro-offset` fault is open: the detector's learnt offset was last judged beyond
    /// the datasheet's tolerance.
    @usableFromInline internal var gyroOffsetReported = false

    /// The most events one `drain` runs, and the most deadlines one `advance` steps through:
    /// far more than one instant can bring (a press's gestures, three timers, the camera's
    /// completions); reaching it is a `bound` `loop` record, and the rest wait for the next call.
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
        self.realClock = start
        var commands = machine.start(&state)
        execute(&commands)
        refreshWake()
    }

    // MARK: inputs

    /// Feeds a batch of samples (e.g. what `SPSCRing.popBatch(into:max:)` filled). Each
    /// sample first moves time to its timestamp, so timers and gestures due before it run first.
    @inlinable
    public mutating func ingest<Samples: Collection>(_ samples: Samples) where Samples.Element == Sample {
        for sample in samples { ingest(sample) }
    }

    /// Feeds one sample. The hot path: unless something is due by its time (`wake`), it costs
    /// one comparison, a clock move and the detector. A camera that cannot say when it will
    /// finish (`nextDeadline` nil: a child process) is not polled here; the event loop calls
    /// `advance(to:)` when that camera's descriptor is ready. A sample older than `now` is a
    /// late input (see the type's documentation); `FirmwareEngine` drops the samples its
    /// sampling context delivered too late before they get here.
    @inlinable
    public mutating func ingest(_ sample: Sample) {
        if sample.time >= wake {
            advance(to: sample.time)
        } else if sample.time > clock {
            clock = sample.time
        } else if sample.time < clock {
            lateInput()
        }
        if let pose = poseDetector.update(sample) { orientationChanged(pose) }
        if poseDetector.gyroOffsetImplausible != gyroOffsetReported { gyroOffsetJudged() }
    }

    /// The shutter line changed (`down`: pressed) at `time`. A touch is run at once, so the
    /// machine latches the orientation of this instant.
    public mutating func buttonEdge(down: Bool, at time: Instant) {
        if time < clock { lateInput() }
        advance(to: time)
        gesture.edge(down: down, at: max(time, clock))
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

    /// Moves time to `target`, handling everything due on the way in time order, each at its
    /// own time. A target in the past moves nothing.
    @inline(never)
    public mutating func advance(to target: Instant) {
        var steps = 0
        while let due = nextDeadline, due <= target {
            guard steps < Self.stepLimit else {
                // Time stays at the last deadline handled: the rest are handled at their own
                // times by the next call, never skipped.
                boundReached(.loop, lost: 0)
                refreshWake()
                return
            }
            steps += 1
            if due > clock { clock = due }
            handleDue()
        }
        if target > clock { clock = target }
        handleDue()
        refreshWake()
    }

    /// The real clock has reached `now` (the engine read its inputs then): orders from here on
    /// reach the camera at `now`. A time in the past moves nothing.
    public mutating func advanceRealTime(to now: Instant) {
        if now > realClock { realClock = now }
    }

    /// When something will be due if no input comes first: the next gesture step, timer or
    /// known camera completion. A real event loop sleeps until then (or an input). Out of
    /// line (it is asked in many places, and a sample only compares with `wake`), and a
    /// mutating read: a non-mutating call of an out-of-line method on the runtime, held in the
    /// engine, would copy the whole runtime (over a kilobyte) to a microcontroller's stack.
    public var nextDeadline: Instant? {
        mutating get { earliestDue() }
    }

    @inline(never)
    private mutating func earliestDue() -> Instant? {
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

    /// The detector's judgement of the gyro's learnt offset changed (rare: off the per-sample
    /// path): a `gyro-offset` fault when it went beyond PS 6.1's +-20 degrees a second, its
    /// `recovered` when it came back.
    @usableFromInline @inline(never)
    internal mutating func gyroOffsetJudged() {
        gyroOffsetReported = poseDetector.gyroOffsetImplausible
        sink.record(gyroOffsetReported ? .fault(.gyroOffset) : .recovered(.gyroOffset), at: clock)
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
        // Bounded: the recogniser holds at most its pending capacity (6) at once.
        var count = 0
        while let recognised = gesture.next(now: clock) {
            count += 1
            if count > 8 {
                boundReached(.loop, lost: 0)
                break
            }
            switch recognised.kind {
            case .touched: enqueue(.shutterTouched(at: recognised.time))
            case .glitch: enqueue(.shutterGlitch)
            case .pressed: enqueue(.shutterPressed)
            case .released: enqueue(.shutterReleased)
            case .held: enqueue(.shutterHeld)
            case .stuck: sink.record(.fault(.button), at: clock)
            case .unstuck: sink.record(.recovered(.button), at: clock)
            }
        }
        if gesture.overflowed && !gestureOverflowReported {
            gestureOverflowReported = true
            boundReached(.gestures, lost: 1)
        }
    }

    /// A bound was reached (here, or outside the runtime: the engine's rings, the shutter's
    /// source): a `bound` record at `now`; one only a defect reaches traps when `strictBounds`
    /// is set (the backtrace names the bound; one message keeps a microcontroller's flash).
    @inline(never)
    public mutating func boundReached(_ kind: BoundKind, lost: UInt32) {
        if strictBounds && kind.onlyADefectReaches { preconditionFailure("Upright: a bound only a defect reaches") }
        sink.record(.bound(kind, lost: lost), at: clock)
    }

    /// A bound a camera's worker reached (`Camera.takeBoundReached`), with its wait. Apart from
    /// `boundReached` so that a camera without workers (a microcontroller's) links none of it.
    private mutating func portBoundReached(_ bound: PortBound) {
        if strictBounds && bound.kind.onlyADefectReaches { preconditionFailure("Upright: a bound only a defect reaches") }
        sink.record(.bound(bound.kind, lost: bound.lost, waitedMilliseconds: UInt32(clamping: bound.waited.milliseconds)), at: clock)
    }

    /// An input older than `now` (see the type's documentation).
    @usableFromInline @inline(never)
    internal mutating func lateInput() { boundReached(.lateInput, lost: 0) }

    /// After every entry point: timers, gesture and camera may have changed.
    private mutating func refreshWake() {
        if eventsLost || !queue.isEmpty {
            wake = clock
        } else {
            wake = nextDeadline ?? Instant(nanoseconds: Int64.max)
        }
    }

    /// The camera's next completion that has happened by now, as an event (nil when none).
    /// Taken one at a time, when the queue is empty: the queue then never holds more than one
    /// instant's gestures and one posted event (7 of its 16), and the completions wait in the
    /// camera, which holds them, rather than here.
    @inline(never)
    private mutating func takeCompletion() -> MachineEvent? {
        guard let report = camera.nextCompletion(through: clock, now: realTime) else {
            // The camera has looked at its workers: a bound one reached is recorded now.
            if let bound = camera.takeBoundReached() { portBoundReached(bound) }
            if let bound = sink.takeBoundReached(at: clock) { portBoundReached(bound) }
            return nil
        }
        // A camera says when each completion happened and announces it (`nextDeadline`), so
        // the runtime takes it at that time: one from another time broke that promise.
        if report.time != clock { lateInput() }
        if case .recordingStarted(let clip) = report.completion, clip == state.clip { recordingSince = report.time }
        return report.completion.event
    }

    @inline(never)
    private mutating func enqueue(_ event: MachineEvent) {
        if !queue.append(event) {
            if strictBounds { preconditionFailure("Upright: a bound only a defect reaches") }
            eventsLost = true
        }
    }

    /// Runs the queued events, then the camera's completions due, each to completion.
    @inline(never)
    private mutating func drain() {
        var steps = 0
        while true {
            guard steps < Self.stepLimit else {
                // What is queued stays queued for the next call, in order.
                boundReached(.loop, lost: 0)
                return
            }
            steps += 1
            if eventsLost {
                eventsLost = false
                handle(.eventsLost)
            } else if let event = queue.removeFirst() {
                handle(event)
            } else if let completion = takeCompletion() {
                handle(completion)
            } else {
                return
            }
        }
    }

    @inline(never)
    private mutating func handle(_ event: MachineEvent) {
        var commands = machine.transition(&state, event)
        execute(&commands)
        if commands.overflowed { boundReached(.commands, lost: 1) }
    }

    /// Orders reach the camera on the real clock; records are written at the input's time.
    @inline(never)
    private mutating func execute(_ commands: inout Commands) {
        let reached = realTime
        var stopOrdered = false
        for index in 0..<commands.count {
            switch commands.command(at: index) {
            case .camera(let order):
                switch order {
                case .startRecording: recordingSince = .distantPast
                case .stopRecording: stopOrdered = true
                case .startPreview, .stopPreview, .showOrientation, .capturePhoto, .abandonPhoto: break
                }
                camera.perform(order, at: reached)
            case .armTimer(let timer, let span): timers[timer] = (timer.boundsTheCamera ? reached : clock) + span
            case .cancelTimer(let timer): timers[timer] = nil
            case .journal(let record):
                if case .recordStop(let clip, let orientation, let reason, _) = record {
                    // The recorder's length: from its start to the stop order reaching it (or,
                    // stopped by itself, to when it said so, which is now).
                    let end = stopOrdered ? reached : clock
                    let length = recordingSince == .distantPast ? 0 : max(.zero, end - recordingSince).milliseconds
                    recordingSince = .distantPast
                    sink.record(
                        .recordStop(clip: clip, orientation: orientation, reason: reason, durationMilliseconds: UInt32(clamping: length)),
                        at: clock)
                } else {
                    sink.record(record, at: clock)
                }
            }
        }
    }
}
