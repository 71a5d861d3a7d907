/// The firmware: everything above the drivers and below the ports, one engine that `upright
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
/// edge fires before the edge is seen.
///
/// **The watermark.** The engine never judges past the time of an input it has not taken: it
/// moves the runtime (and with it the gestures, the timers and the camera's completions) only
/// up to the earliest of the step's time, the time through which the shutter's source knows
/// its edges (`ShutterEdgeSource.edgesKnownThrough`), an edge it could not take yet, and the
/// newest sample (the next read may bring samples measured up to its own time). So the records
/// are the same however the inputs are split into passes and however long a stall lasts: a
/// backlog is judged at the inputs' own times. Two bounds keep the waiting finite: the engine
/// reads the chip early when something waits on the samples (unless failed reads are backing
/// off), and it waits for samples at most the failure timeout; samples that come later than
/// that are dropped and counted (a `bound` `lateSamples` record), the sensor having failed.
///
/// **Bounds.** Every buffer between an input and the runtime has a fixed capacity, and
/// reaching one is a `bound` record that says how much was lost: the sample ring's overwrites,
/// the sensor-event ring's refusals, the chip's FIFO overflowing, the shutter source's lost
/// edges. An input older than the engine's time is a defect of its source: a `bound`
/// `lateInput` record, a trap in strict builds.
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
    /// Where the firmware is in its life (`FirmwarePhase`: the one shutdown rule).
    @exclusivity(unchecked) public private(set) var phase = FirmwarePhase.running
    /// Set by `requestShutdown`: edges are ignored from then on, the chip is no longer read.
    @exclusivity(unchecked) public private(set) var shuttingDown = false
    /// When a shutdown stops waiting for the camera's programs (armed by `requestShutdown`).
    @exclusivity(unchecked) private var shutdownDeadline = Instant.distantFuture
    /// How often a stopping engine looks at records still going to the card when their worker
    /// does not say when it ends (a thread): a card's flush takes milliseconds to seconds.
    public static var recordsLookInterval: TimeSpan { .milliseconds(10) }

    private let stream: SensorStream<Sensor>
    /// The engine reads the chip in `step` until the sampler is detached.
    @exclusivity(unchecked) private var readsInline = true
    @exclusivity(unchecked) private var shutterEdges = EdgeQueue()
    /// An edge taken from the source that the full queue could not hold yet: the engine judges
    /// nothing past it until it is queued.
    @exclusivity(unchecked) private var heldEdge: ShutterEdge?
    /// The rings' drop counters when last journaled.
    @exclusivity(unchecked) private var samplesDroppedSeen: UInt = 0
    @exclusivity(unchecked) private var eventsDroppedSeen: UInt = 0
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
            eventRingCapacity: settings.eventRingCapacity, start: start)
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
    /// or clip after a shutdown request), for a caller that feeds its edges itself (`replay`,
    /// the microcontroller harness): every edge up to a step's time must have been fed before
    /// it. A full queue is handled at once up to its newest edge, so nothing is dropped (but
    /// samples not read yet are not waited for: feed at most `EdgeQueue.capacity` edges
    /// between two steps to keep them in time order).
    public func shutterEdge(_ edge: ShutterEdge) {
        guard !shuttingDown else { return }
        if shutterEdges.isFull, let newest = shutterEdges.last { _ = merge(through: newest.time, now: newest.time, waitingForSamples: false) }
        enqueue(edge)
    }

    /// One pass at `now` for a caller that feeds its edges itself (`shutterEdge`): reads the
    /// chip if it is due (or early, when something waits on the samples) and the engine owns
    /// the sampler, then handles everything up to `now` in time order (the merge rule above),
    /// as far as the watermark allows.
    public func step(now: Instant) {
        runtime.advanceRealTime(to: now)
        readIfNeeded(at: now, edgeWaiting: !shutterEdges.isEmpty)
        finishStep(now: now, limit: now)
        settle(at: now)
    }

    /// Steps at every deadline before `time`, each at its own time, as a loop that sleeps until
    /// its next deadline does: for a caller that feeds its inputs at known times and knows no
    /// input comes before `time` (a replay's next row). Bounded: a deadline is met by its step
    /// (the engine reads the chip early for it), so each turn moves time on; reaching the bound
    /// is a `bound` `loop` record.
    public func stepThroughDeadlines(before time: Instant) {
        var steps = 0
        while let deadline = nextDeadline, deadline < time, deadline >= runtime.now {
            guard steps < 4 * Runtime.stepLimit else {
                runtime.boundReached(.loop, lost: 0)
                return
            }
            steps += 1
            step(now: deadline)
            // A deadline the step could not meet (the samples hold it back): the next input's.
            if nextDeadline == deadline { return }
        }
    }

    /// When the engine must step next if no input comes first: the runtime's next deadline,
    /// the failure deadline, the next read when it owns the sampler, a queued edge's time. A
    /// deadline the samples hold back (nothing is judged past the newest sample) is met when
    /// they come: at once when the engine can read early, else at the next read or the failure
    /// deadline (a detached sampling context wakes the engine when it delivers).
    public var nextDeadline: Instant? {
        // `distantFuture` stands for "none" (an optional per candidate costs flash on a chip).
        var earliest = runtime.nextDeadline ?? .distantFuture
        if let edge = shutterEdges.first { earliest = min(earliest, edge.time) }
        if let edge = heldEdge { earliest = min(earliest, edge.time) }
        // Stopping, the shutdown's deadline is no wake-up of its own: the camera's timers (its
        // stop and kill bounds, within it) and its files' answers wake the engine, and a
        // board's loop never sleeps longer than its longest wait (a microcontroller's flash).
        guard !shuttingDown else {
            // The records still going to the card (`settle`): at their worker's next end when
            // it is known, else looked at again shortly (a thread says nothing of its end).
            if runtime.sink.isFinishingRecords {
                earliest = min(earliest, runtime.sink.recordsDeadline ?? runtime.realTime + Self.recordsLookInterval)
            }
            return earliest == .distantFuture ? nil : earliest
        }
        let sampler = stream.sampler
        // The next read, whatever the sensor's state (a failed sensor recovers by it).
        if readsInline { earliest = min(earliest, sampler.nextRead) }
        if waitsForSamples {
            earliest = min(earliest, failureDeadline)
            if earliest > samplesKnownThrough {
                // Held back by the samples: reading inline, the step at the deadline reads
                // early and meets it, unless a retry is backing off (then at the retry or the
                // failure deadline); a detached context wakes the engine when it delivers.
                if !readsInline {
                    earliest = failureDeadline
                } else if sampler.isBackingOff {
                    earliest = max(earliest, min(sampler.nextRead, failureDeadline))
                }
            }
        }
        return earliest == .distantFuture ? nil : earliest
    }

    /// Handles everything up to `now`, then asks the machine to shut down (a clip is stopped,
    /// queued presses rejected) and arms the shutdown's deadline: `stopping` until the camera
    /// has ended (`FirmwarePhase`), which may be at once.
    public func requestShutdown(at now: Instant) {
        guard !shuttingDown else { return }
        step(now: now)
        shuttingDown = true
        phase = .stopping
        shutdownDeadline = now + runtime.camera.longestShutdown
        // No more samples are read: nothing waits for them now.
        finishStep(now: now, limit: now)
        runtime.requestShutdown()
        settle(at: now)
    }

    /// The shutdown's rule (`FirmwarePhase`), at `now` (the real clock): finished once the
    /// camera is not busy, or past the deadline unless a photo or clip is being finished (the
    /// camera is then still busy: the edge says so, and leaves its programs); either way only
    /// once the records are on the card (the journal's worker has written every line it
    /// took). One copy for its three callers (a microcontroller's flash).
    @inline(never)
    private func settle(at now: Instant) {
        guard phase == .stopping, !runtime.sink.isFinishingRecords else { return }
        if !runtime.camera.isBusy || (now >= shutdownDeadline && !runtime.camera.isFinishingFiles) { phase = .finished }
    }

    /// One turn of the loop every edge runs: take the shutter edges that came, step, then wait
    /// for the next deadline or input. Bounded: each turn of the taking loop queues an edge
    /// from the source (whose buffer is bounded) or stops.
    public func pass<Source: FirmwareClock & ShutterEdgeSource>(_ source: inout Source) {
        let now = source.now
        runtime.advanceRealTime(to: now)
        let lost = source.takeEdgesLost()
        if lost > 0 { runtime.boundReached(.shutterEdges, lost: lost) }
        if shuttingDown {
            // No new photo or clip after a shutdown request: the edges are taken and ignored.
            heldEdge = nil
            while source.nextEdge() != nil {}
        }
        if heldEdge == nil, !shuttingDown { heldEdge = source.nextEdge() }
        readIfNeeded(at: now, edgeWaiting: heldEdge != nil || !shutterEdges.isEmpty)
        let known = min(now, source.edgesKnownThrough)
        while let edge = heldEdge {
            if shutterEdges.isFull, let newest = shutterEdges.last {
                _ = merge(through: min(known, newest.time), now: now)
                if shutterEdges.isFull { break }
            }
            enqueue(edge)
            heldEdge = shuttingDown ? nil : source.nextEdge()
        }
        finishStep(now: now, limit: min(known, heldEdge?.time ?? known))
        settle(at: now)
        source.wait(until: nextDeadline)
    }

    // MARK: merging

    private var failureDeadline: Instant { newestSample + supervision.failureTimeout }

    /// The engine waits for samples: it reads the chip (or a context does), the sensor has not
    /// failed and no shutdown stopped the reads.
    private var waitsForSamples: Bool { !shuttingDown && !runtime.state.sensorFaulty }

    /// How far the samples are known: nothing measured up to it will come later. The newest
    /// sample; reading inline, also the last read that returned (it promises so even when it
    /// brought nothing). A detached context's reads are its own: only its samples say.
    private var samplesKnownThrough: Instant {
        guard readsInline else { return newestSample }
        return max(newestSample, stream.sampler.deliveredThrough)
    }

    /// The read of the step: when due, or early when an edge or a deadline up to `now` waits on
    /// samples the chip holds (a retry backing off is not hurried).
    private func readIfNeeded(at now: Instant, edgeWaiting: Bool) {
        guard !shuttingDown, readsInline else { return }
        let sampler = stream.sampler
        if now >= sampler.nextRead || (!sampler.isBackingOff && samplesKnownThrough < now && (edgeWaiting || (nextDeadline ?? .distantFuture) <= now))
        {
            sampler.read(at: now)
        }
    }

    /// Handles what the watermark allows up to `limit`, tells the runtime of a failure, and
    /// moves it as far.
    @inline(never)
    private func finishStep(now: Instant, limit: Instant) {
        let reached = merge(through: limit, now: now)
        checkFailure(by: reached)
        runtime.advance(to: reached)
    }

    private func enqueue(_ edge: ShutterEdge) {
        // A source gives its edges in time order: one out of order is a broken promise of the
        // source (a defect), judged in the order given. (One older than what was judged the
        // runtime finds.)
        if let last = shutterEdges.last, edge.time < last.time { runtime.boundReached(.lateInput, lost: 0) }
        // Never full here: both callers make room first (a full queue merged to its newest edge
        // is empty).
        let stored = shutterEdges.append(edge)
        assert(stored, "FirmwareEngine: the edge queue was full")
    }

    /// Handles staged and ringed samples, sensor events and queued edges with times up to
    /// `limit`, in time order, as far as the samples are known (a staged sample later than the
    /// limit waits); returns how far it got: the watermark, at most `limit`.
    private func merge(through limit: Instant, now: Instant, waitingForSamples: Bool = true) -> Instant {
        if pendingEvent == nil { pendingEvent = stream.nextEvent() }
        // The earliest event or edge: a sample before it needs no look at the others.
        var nextOther = earliestOther
        // Bounded: a ring's worth of batches (a sampler thread may refill it meanwhile; the
        // rest is the next pass's, and nothing is judged past the last sample handled).
        var batches = 0
        let maximumBatches = stream.capacity / staged.count + 2
        var late: UInt32 = 0
        var known = limit
        while true {
            if stagedIndex == stagedCount {
                guard batches < maximumBatches else {
                    known = min(limit, newestSample)
                    break
                }
                batches += 1
                stagedIndex = 0
                stagedCount = stream.popSamples(into: &staged)
                noteDrops()
                if stagedCount == 0 {
                    // The ring is empty: the next read may bring samples measured up to its
                    // own time, so nothing past the newest is judged, until the failure
                    // deadline passes (the sensor has failed) or no read will come.
                    if waitingForSamples && waitsForSamples && now < failureDeadline { known = min(limit, samplesKnownThrough) }
                    break
                }
            }
            let sample = staged[stagedIndex]
            if sample.time > limit { break }
            if sample.time < runtime.now {
                // Later than the engine waited for: its time has been judged already. After a
                // shutdown request the engine waits for no sample on purpose (a sampling
                // context's last batch comes after it), and nothing is latched any more: not
                // a lost input.
                if !shuttingDown { late += 1 }
                stagedIndex += 1
                continue
            }
            if let other = nextOther, other < sample.time {
                handleOthers(before: sample.time, inclusive: false)
                nextOther = earliestOther
            }
            handle(sample)
            stagedIndex += 1
        }
        if late > 0 { runtime.boundReached(.lateSamples, lost: late) }
        handleOthers(before: known, inclusive: true)
        return known
    }

    /// Journals what the rings dropped since the last look (`bound` records).
    private func noteDrops() {
        let samples = stream.samplesDropped
        if samples != samplesDroppedSeen {
            runtime.boundReached(.sampleRing, lost: UInt32(truncatingIfNeeded: samples &- samplesDroppedSeen))
            samplesDroppedSeen = samples
        }
        let events = stream.eventsDropped
        if events != eventsDroppedSeen {
            runtime.boundReached(.sensorEvents, lost: UInt32(truncatingIfNeeded: events &- eventsDroppedSeen))
            eventsDroppedSeen = events
        }
    }

    /// The time of the next sensor event or queued edge, whichever is first.
    private var earliestOther: Instant? {
        switch (pendingEvent?.time, shutterEdges.first?.time) {
        case (let event?, let edge?): min(event, edge)
        case (let event?, nil): event
        case (nil, let edge?): edge
        case (nil, nil): nil
        }
    }

    /// Sensor events, then edges, with times before `time` (or at it, when `inclusive`).
    private func handleOthers(before time: Instant, inclusive: Bool) {
        func due(_ candidate: Instant) -> Bool { inclusive ? candidate <= time : candidate < time }
        // Bounded by the ring's and the queue's capacities: each turn removes one.
        for _ in 0..<(stream.eventCapacity + EdgeQueue.capacity + 1) {
            let edge = shutterEdges.first.flatMap { due($0.time) ? $0 : nil }
            if let event = pendingEvent, due(event.time), edge.map({ event.time <= $0.time }) ?? true {
                handle(event)
                pendingEvent = stream.nextEvent()
            } else if let edge {
                _ = shutterEdges.removeFirst()
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
        if event.time < runtime.now { runtime.boundReached(.lateInput, lost: 0) }
        runtime.advance(to: event.time)
        switch event.kind {
        case .troubleStarted(let trouble): runtime.sink.record(.fault(trouble.faultKind), at: runtime.now)
        case .troubleCleared(let trouble): runtime.sink.record(.recovered(trouble.faultKind), at: runtime.now)
        case .fifoOverflowed(let lost): runtime.boundReached(.chipFIFO, lost: lost)
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
