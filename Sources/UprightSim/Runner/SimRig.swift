import UprightCore
import UprightHost

/// The simulated board with the firmware on it, and the one stepper every simulated run
/// uses. Only the ports are simulated: the clock (`SimClock`, virtual time), the I2C bus with
/// a register-level chip (`SimBus`, `SimMPU6050` / `SimADXL345`), the button's contacts and
/// the camera; the driver, the sampler with its supervision, the rings, the detector, the
/// gesture recogniser, the machine and the runtime are the `FirmwareEngine` a Pi runs.
///
/// ```
///  world (scenario or soak): motion -> chip on SimBus; faults; button edges
///  sampling: in the engine's step (the Pi's default), or a context of its own --rings-->
///  event loop: FirmwareEngine.pass(&rig): edges, step, wait (this rig: virtual time)
/// ```
///
/// The rig is the engine's clock and shutter edge source: `wait(until:)` jumps virtual time to
/// the next instant anything happens (the engine's deadline, the next read, the world's next
/// input), never sample by sample (the chip models compute the samples due since their last
/// transfer when read), and at that instant lets the world act, then the sampling context
/// read. The chip is read where a Pi reads it (`ReadSchedule.needsOwnContext`, the rule
/// `upright run` places its sampling by): in the engine's own step when the chip buffers
/// enough, so a stalled loop overflows the chip's FIFO; else on a context of its own, as a
/// sampler thread, which a world can stall apart from the loop (the FIFO overflowing while
/// the loop runs, or the ring overwriting while the loop stalls).
///
/// A class: it holds the engine (which holds ring handles) and is passed `inout` as the
/// engine's clock; single-threaded, and its per-step state is touched only from the stepper.
public final class SimRig<World: SimulationWorld>: FirmwareClock, ShutterEdgeSource {
    public typealias Engine = FirmwareEngine<AnySensor<SimBus>, World.Cam, RecordWriter<World.Output>>

    public let clock: SimClock
    public let bus: SimBus
    /// The chip's bus address.
    public let address: UInt8
    public let engine: Engine
    /// The sampling context's half of the engine: the engine's own, or run by the stepper.
    public let sampler: SensorSampler<AnySensor<SimBus>>
    /// The engine reads the chip in its step (else the stepper runs the sampler on its own).
    public let readsInline: Bool
    public let world: World
    /// The run ends after the step at this instant.
    public let end: Instant
    public var hooks: SimulationHooks
    public private(set) var finished = false
    /// Instants the stepper stopped at, and the most it may (`run`'s limit).
    public private(set) var steps = 0
    private var stepLimit = Int.max

    /// Edges the world pressed and the engine has not taken yet.
    private var edges = ShutterEdgeBuffer()
    /// When the detached sampler wakes the engine's loop (unused when reading inline).
    private var wake = EngineWake(start: .zero)

    /// Builds the chip the board names on a simulated bus, its driver and the engine
    /// (`imperfections` nil gives the chip its typical noise), strict about bounds; photos and
    /// clips numbered after `numberedAfter` (start-up reconciliation's, as on a board). The
    /// records' journal is appended by the Pi's journal worker modelled over `card`
    /// (`SimulatedWorkQueue`, its draws from `cardGenerator`), or in the engine's step on an
    /// instant card; call `finishRecords` when the run is over.
    public init(
        board: Board, chipMotion: any MotionSource, chipSeed: UInt64, imperfections: SensorImperfections? = nil,
        camera: World.Cam, records: RecordWriter<World.Output>, world: World, end: Instant, hooks: SimulationHooks = SimulationHooks(),
        numberedAfter: UInt32 = 0, card: SimCard = .instant, cardGenerator: SeededGenerator = SeededGenerator(seed: 0)
    ) throws(SimulationError) {
        let clock = SimClock()
        self.clock = clock
        var records = records
        if !card.isInstant {
            _ = records.moveDurableWork(capacity: card.journalQueueCapacity) { capacity, body in
                SimulatedWorkQueue(
                    card: card, capacity: capacity, generator: cardGenerator, now: { clock.now }, flushes: { SimCard.flushes(for: $0) }, body: body)
            }
        }
        bus = SimBus(clock: clock)
        address = board.sensor.simulatedAddress
        let sensor = SimulatedSensor.attach(
            board: board, to: bus, chipMotion: chipMotion, chipSeed: chipSeed, imperfections: imperfections)
        do throws(SensorError) {
            var settings = board.firmwareSettings(strictBounds: true)
            settings.machine.numberedAfter = numberedAfter
            engine = try Engine(sensor: sensor, camera: camera, records: records, settings: settings, initial: .idle, start: .zero)
        } catch {
            throw SimulationError(kind: .board, path: "sensor", message: "the simulated chip does not answer: \(error)")
        }
        if engine.schedule.needsOwnContext {
            readsInline = false
            // Never nil right after init.
            sampler = engine.detachSampler()!
        } else {
            readsInline = true
            sampler = engine.sampler!
        }
        self.world = world
        self.end = end
        self.hooks = hooks
    }

    /// The run is over: the journal's worker writes what it still holds (a board drains it
    /// before it exits), and ends.
    public func finishRecords() { engine.runtime.sink.finishDurableWork() }

    // MARK: the world's handles on the ports

    /// The button's contacts changed at `edge.time` (now or earlier: a world presses edges when
    /// they are due); the engine takes it at its next pass.
    public func press(_ edge: ShutterEdge) { edges.append(edge) }

    /// `fault` happens to the board's chip now (`SimBus.apply`).
    public func apply(_ fault: ChipFault, at now: Instant) { bus.apply(fault, toChipAt: address, at: now) }

    // MARK: the stepper

    /// Runs from time zero until the step at `end` or until the world ends it, at most
    /// `stepLimit` instants; returns whether it reached the end.
    public func run(stepLimit: Int) -> Bool {
        self.stepLimit = stepLimit
        arrive(at: clock.now)
        var rig = self
        while !finished && steps < stepLimit {
            steps += 1
            engine.pass(&rig)
        }
        return finished
    }

    public var now: Instant { clock.now }

    public func nextEdge() -> ShutterEdge? { edges.nextEdge() }

    /// The world presses every edge when it is due: all up to now are in.
    public var edgesKnownThrough: Instant { clock.now }

    public func takeEdgesLost() -> UInt32 { edges.takeEdgesLost() }

    /// The engine has stepped at `now` (or, while it is paused, not): ask the world, then move
    /// virtual time to the next instant anything is due and let it happen there.
    public func wait(until deadline: Instant?) {
        let stepped = clock.now
        hooks.progress?(stepped.seconds)
        if let look = hooks.stepped {
            look(
                SimEngineView(
                    now: stepped, state: engine.runtime.state, detector: engine.runtime.detector,
                    samplesHandled: engine.samplesHandled, sampler: sampler.counters, wire: bus.stats,
                    cameraBusy: engine.runtime.camera.isBusy, phase: engine.phase))
        }
        // A shutdown still stopping at the end is waited for (`FirmwarePhase`: bounded by the
        // camera's own bound and the card's), as a board waits before it exits.
        let ended = stepped >= end && engine.phase != .stopping
        if !world.stepped(at: stepped, on: self) || ended || hooks.shouldStop?() == true {
            finished = true
            return
        }
        var engineDeadline = deadline
        // Set once something wakes the loop: its deadline, the world's input (a press, as the
        // shutter line's edge does), the end, or the sampler's cadence (`EngineWake`). Only a
        // detached sampler's reads leave it unset: its samples wait in the ring, as on a Pi.
        var woken = false
        // Bounded by the step limit: a paused engine lets time run on to the pause's end, a
        // detached sampler's reads to its next wake-up.
        while steps < stepLimit {
            let now = clock.now
            // Past the end (a shutdown still stopping), only what is due counts.
            var next = now < end ? end : Instant.distantFuture
            func consider(_ instant: Instant?) {
                if let instant, instant < next { next = instant }
            }
            consider(engineDeadline)
            let worldNext = world.nextTime(after: now)
            consider(worldNext)
            if !readsInline && !world.samplingPaused(at: now) { consider(sampler.nextRead) }
            guard next != .distantFuture else {
                // Nothing more will ever happen: the engine's shutdown deadline is always due
                // while it stops, so only a paused engine gets here.
                finished = true
                return
            }
            let target = max(next, now + TimeSpan(nanoseconds: 1))
            hooks.beforeStep?(target)
            clock.advance(to: target)
            if arrive(at: target) { woken = true }
            if let instant = engineDeadline, target >= instant { woken = true }
            if let instant = worldNext, target >= instant { woken = true }
            if target >= end { woken = true }
            if woken && !enginePaused(at: target) { return }
            // The engine sleeps through this instant: its loop is stalled (its deadlines wait
            // for it, and it passes as soon as it runs again), or nothing woke it.
            steps += 1
            if enginePaused(at: target) {
                engineDeadline = nil
                woken = true
            }
            if target >= end && engine.phase != .stopping {
                finished = true
                return
            }
        }
    }

    /// At an instant: the world acts, then the sampling context reads if due (reading
    /// inline, the engine reads in its step). True when the detached sampler read and its
    /// cadence wakes the engine (`EngineWake`, as a Pi's sampler thread does).
    @discardableResult
    private func arrive(at now: Instant) -> Bool {
        world.act(at: now, on: self)
        guard !readsInline, !world.samplingPaused(at: now), sampler.readIfDue(at: now) else { return false }
        return wake.isDue(after: sampler, at: now)
    }

    /// The engine sleeps through `now`: its loop is stalled, or (reading inline, it is the
    /// sampling context) the sampling is.
    private func enginePaused(at now: Instant) -> Bool {
        world.enginePaused(at: now) || (readsInline && world.samplingPaused(at: now))
    }
}
