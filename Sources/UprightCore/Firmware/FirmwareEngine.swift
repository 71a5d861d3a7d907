/// The firmware: everything above the drivers and below the edges, one engine that `upright
/// run` (on a Pi), `upright sim`, the soak and `upright replay` (and the microcontroller
/// harness) all drive. The edges are small protocols: the clock that can wait
/// (`FirmwareClock`), the I2C bus (inside `Sensor`), the shutter (`ShutterEdgeSource`), the
/// camera (`Camera`) and where records go (`RecordSink`).
///
/// ```
///  sampling context:  Sensor --read schedule, supervision--> SensorSampler
///                        | samples                      | trouble
///                        v                              v
///                   sample ring (SPSC)          sensor-event ring (SPSC)
///                        |                              |
///  the engine:           +---------- merge by time -----+---- shutter edges (EdgeQueue)
///                                        |
///                     failure timeout -> CameraRuntime (detector, gestures, machine, timers)
///                                        |                    |
///                                     Camera             RecordSink
/// ```
///
/// The sample ring is on every path: the producer is whoever samples (`SensorSampler`, owned
/// here and read in `step` by default, or detached to a sampler thread, the simulator's
/// sampling context or an interrupt handler), the consumer is this engine.
///
/// **The merge rule.** Everything is handled in time order; at one instant, first whatever
/// falls due at it (timer expiries, gesture steps, the sensor-failure deadline, camera
/// completions the camera reports done by then), then the samples measured at it, then the
/// sensor's trouble reports, then shutter edges. So a press at the instant of a sample
/// latches an orientation that includes that sample, and a timer due at the instant of an
/// edge fires before the edge is seen. An edge that reaches the engine after samples measured
/// later than it (it was read in a later pass) is handled at once after them.
///
/// Supervision on this side: no sample for `SupervisionSettings.failureTimeout` tells the
/// runtime the sensor failed (latches become stale; a `fault sensor` record); the next sample
/// recovers it. Trouble the driver reports becomes a `fault` record (`sensor-reset`,
/// `stuck-data`) and its end a `recovered` record.
///
/// A class: it holds the rings' consumer handles, which cannot be copied. It is used from one
/// context (the event loop), and its accesses never overlap, so the state touched per sample
/// is `@exclusivity(unchecked)`: on a hosted build each dynamic check costs more than the
/// sample's work (Embedded Swift checks nothing at run time anyway).
public final class FirmwareEngine<Sensor: Accelerometer, Cam: Camera, Records: RecordSink> {
    /// The runtime this engine feeds, over its camera and record sink.
    public typealias Runtime = CameraRuntime<Cam, Records>

    /// The runtime: the machine, the detector, the gestures and the timers.
    @exclusivity(unchecked) public var runtime: Runtime
    /// The sensor supervision the engine was made with: the retry backoff, the failure timeout and the stall restart.
    public let supervision: SupervisionSettings
    /// When the chip is read, derived from the sensor's rate, FIFO depth and read mode.
    public let schedule: ReadSchedule
    /// The sampling context's half while the engine reads the chip itself in `step`; nil once
    /// detached (`detachSampler`).
    public var sampler: SensorSampler<Sensor>? { readsInline ? stream.sampler : nil }
    /// Samples and edges handled so far.
    @exclusivity(unchecked) public private(set) var samplesHandled = 0
    /// Shutter edges handled so far.
    @exclusivity(unchecked) public private(set) var edgesHandled = 0
    /// The newest sample time seen: the failure timeout counts from it.
    @exclusivity(unchecked) public private(set) var newestSample: Instant
    /// Set by `requestShutdown`: edges are ignored from then on, the chip is no longer read.
    @exclusivity(unchecked) public private(set) var shuttingDown = false

    private let stream: SensorStream<Sensor>
    /// The engine reads the chip in `step` until the sampler is detached.
    @exclusivity(unchecked) private var readsInline = true
    @exclusivity(unchecked) private var edges = EdgeQueue()
    /// Samples popped from the ring and not yet handled (a later edge may have to go first),
    /// how many, and the next one's index: a small fixed batch, whatever the ring's size (one
    /// ring handshake per batch; a microcontroller's RAM holds the ring's samples once).
    @exclusivity(unchecked) private var staged = InlineArray<4, Sample>(repeating: Sample(time: .zero, accelerationG: .zero))
    @exclusivity(unchecked) private var stagedCount = 0
    @exclusivity(unchecked) private var stagedIndex = 0
    /// The next sensor event, popped ahead to compare its time.
    @exclusivity(unchecked) private var pendingEvent: SensorEvent?

    /// The engine with the sensor read in `step` (detach the sampler for another context),
    /// the machine started in `initial` at `start`. Begins the sensor's initialisation (the
    /// reset wait runs on in later reads); throws when the chip does not answer.
    ///
    /// The sensor is begun here, the runtime built in the initialiser this one calls: two
    /// frames one after the other, so the runtime's temporaries (it is several hundred bytes)
    /// are not on the stack below the sensor's initialisation, a microcontroller's deepest.
    public convenience init(
        sensor: consuming Sensor, camera: Cam, records: Records, settings: FirmwareSettings,
        initial: StateName = .idle, start: Instant
    ) throws(SensorError) {
        let stream = try SensorStream(
            sensor: sensor, supervision: settings.supervision, ringCapacity: settings.ringCapacity,
            eventRingCapacity: settings.eventRingCapacity, start: start, strictBounds: settings.strictBounds)
        self.init(stream: stream, camera: camera, records: records, settings: settings, initial: initial, start: start)
    }

    private init(stream: SensorStream<Sensor>, camera: Cam, records: Records, settings: FirmwareSettings, initial: StateName, start: Instant) {
        self.stream = stream
        self.schedule = stream.sampler.schedule
        self.supervision = settings.supervision
        self.newestSample = start
        runtime = Runtime(
            camera: camera, sink: records, configuration: settings.machine, gesture: settings.gesture,
            detector: OrientationDetector(parameters: settings.detector), initial: initial, start: start,
            strictBounds: settings.strictBounds)
    }

    /// Hands the sampling context's half to whoever samples from now on (a thread, an
    /// interrupt handler, the simulator); the engine then only consumes. Nil when it was
    /// handed over already: only one context may read the chip.
    public func detachSampler() -> SensorSampler<Sensor>? {
        guard readsInline else { return nil }
        readsInline = false
        return stream.sampler
    }

    /// Samples the ring overwrote because the engine did not take them in time.
    public var samplesOverwritten: Int { stream.samplesOverwritten }

    // MARK: inputs

    /// Queues a raw shutter edge for the next step (ignored once shutting down: no new photo
    /// or clip after a shutdown request). A full queue is handled at once up to its newest
    /// edge, so nothing is dropped.
    public func shutterEdge(_ edge: ShutterEdge) {
        guard !shuttingDown else { return }
        if edges.isFull, let newest = edges.last { merge(through: newest.time) }
        _ = edges.append(edge)
    }

    /// One pass at `now`: reads the chip if it is due and the engine owns the sampler, then
    /// handles everything up to `now` in time order (the merge rule above).
    public func step(now: Instant) {
        if !shuttingDown, let sampler { sampler.readIfDue(at: now) }
        merge(through: now)
        checkFailure(by: now)
        runtime.advance(to: now)
    }

    /// When the engine must step next if no input comes first: the runtime's next deadline,
    /// the failure deadline, the next read when it owns the sampler, a queued edge's time.
    public var nextDeadline: Instant? {
        var earliest = runtime.nextDeadline
        func consider(_ deadline: Instant) {
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        if let edge = edges.first { consider(edge.time) }
        if !shuttingDown {
            if !runtime.state.sensorFaulty { consider(failureDeadline) }
            if let sampler { consider(sampler.nextRead) }
        }
        return earliest
    }

    /// Handles everything up to `now`, then asks the machine to shut down (a clip is stopped,
    /// queued presses rejected); the camera's children may take a while to end.
    public func requestShutdown(at now: Instant) {
        guard !shuttingDown else { return }
        step(now: now)
        shuttingDown = true
        runtime.requestShutdown()
    }

    /// One turn of the loop every edge runs: take the shutter edges that came, step, then wait
    /// for the next deadline or input.
    public func pass<Edges: FirmwareClock & ShutterEdgeSource>(_ edges: inout Edges) {
        var taken = 0
        while taken < Self.edgesPerPass, let edge = edges.nextEdge() {
            taken += 1
            shutterEdge(edge)
        }
        step(now: edges.now)
        edges.wait(until: nextDeadline)
    }

    /// The most edges one `pass` takes (the rest wait for the next).
    public static var edgesPerPass: Int { 4 * EdgeQueue.capacity }

    // MARK: merging

    private var failureDeadline: Instant { newestSample + supervision.failureTimeout }

    /// Handles staged and ringed samples, sensor events and queued edges with times up to
    /// `limit`, in time order; later samples stay staged.
    private func merge(through limit: Instant) {
        if pendingEvent == nil { pendingEvent = stream.nextEvent() }
        // The earliest event or edge: a sample before it needs no look at the others.
        var nextOther = earliestOther
        // Bounded: a ring's worth of batches (a sampler thread may refill it meanwhile).
        var batches = 0
        let maximumBatches = stream.capacity / staged.count + 2
        while true {
            if stagedIndex == stagedCount {
                guard batches < maximumBatches else { break }
                batches += 1
                stagedIndex = 0
                stagedCount = stream.popSamples(into: &staged)
                if stagedCount == 0 { break }
            }
            let sample = staged[stagedIndex]
            if sample.time > limit { break }
            if let other = nextOther, other < sample.time {
                handleOthers(before: sample.time, inclusive: false)
                nextOther = earliestOther
            }
            handle(sample)
            stagedIndex += 1
        }
        handleOthers(before: limit, inclusive: true)
    }

    /// The time of the next sensor event or queued edge, whichever is first.
    private var earliestOther: Instant? {
        switch (pendingEvent?.time, edges.first?.time) {
        case (let event?, let edge?): min(event, edge)
        case (let event?, nil): event
        case (nil, let edge?): edge
        case (nil, nil): nil
        }
    }

    /// Sensor events, then edges, with times before `time` (or at it, when `inclusive`).
    private func handleOthers(before time: Instant, inclusive: Bool) {
        func due(_ candidate: Instant) -> Bool { inclusive ? candidate <= time : candidate < time }
        // Bounded by the ring's and the queue's capacities.
        for _ in 0..<(stream.eventCapacity + EdgeQueue.capacity + 1) {
            let edge = edges.first.flatMap { due($0.time) ? $0 : nil }
            if let event = pendingEvent, due(event.time), edge.map({ event.time <= $0.time }) ?? true {
                handle(event)
                pendingEvent = stream.nextEvent()
            } else if let edge {
                _ = edges.removeFirst()
                handle(edge)
            } else {
                return
            }
        }
    }

    private func handle(_ sample: Sample) {
        if sample.time > failureDeadline { checkFailure(by: sample.time) }
        if runtime.state.sensorFaulty {
            runtime.advance(to: sample.time)
            runtime.sensorRecovered()
        }
        runtime.ingest(sample)
        if sample.time > newestSample { newestSample = sample.time }
        samplesHandled += 1
    }

    private func handle(_ event: SensorEvent) {
        checkFailure(by: event.time)
        runtime.advance(to: event.time)
        switch event.kind {
        case .troubleStarted(let trouble): runtime.sink.record(.fault(trouble.faultKind), at: runtime.now)
        case .troubleCleared(let trouble): runtime.sink.record(.recovered(trouble.faultKind), at: runtime.now)
        }
    }

    private func handle(_ edge: ShutterEdge) {
        checkFailure(by: edge.time)
        runtime.buttonEdge(down: edge.down, at: edge.time)
        edgesHandled += 1
    }

    /// The sensor has failed if nothing arrived by the failure deadline and `time` is past it:
    /// told at the deadline itself, so the record and the stale latches start there.
    private func checkFailure(by time: Instant) {
        guard !shuttingDown, !runtime.state.sensorFaulty, time >= failureDeadline else { return }
        if sample(arrivesBy: failureDeadline) { return }
        runtime.advance(to: failureDeadline)
        runtime.sensorFailed()
    }

    /// Whether a staged sample at or before `deadline` is still waiting (it counts as arrived).
    private func sample(arrivesBy deadline: Instant) -> Bool {
        stagedIndex < stagedCount && staged[stagedIndex].time <= deadline
    }
}
