#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The firmware on Linux: one thread waiting in `EventLoop` (poll) on the signalfd, the
/// sampling timer (or the sampler thread's eventfd), the shutter line, and the camera's child
/// processes, with a timeout no later than the runtime's next deadline. Each wake-up feeds
/// what happened to the `CameraRuntime`: samples, shutter edges (with the kernel's
/// timestamps), camera completions, timer expiries. Nothing spins.
///
/// The bus, the shutter line and the camera are passed in, so tests run the whole firmware on
/// a simulated chip, a pipe and a stand-in command.
///
/// Signals: SIGINT and SIGTERM shut down cleanly: a clip being recorded is stopped (SIGINT to
/// its recorder, which finalises the file; then its rotation is written by the camera's
/// `afterClip`), every record is in the journal, and `run` returns 0 once the camera has no
/// child left, at the latest after `shutdownLimit`. A second SIGINT/SIGTERM stops at once.
/// SIGHUP reopens the journal (after logrotate moved it).
public final class LinuxFirmware<Bus: I2CBus, Cam: LinuxCamera> {
    public typealias Runtime = CameraRuntime<Cam, FirmwareRecorder.Sink>

    /// What the loop is doing.
    public enum Phase: Equatable, Sendable {
        case running
        /// A shutdown was requested; waiting for the camera's children.
        case stopping
        case finished
    }

    /// Longest wait for the camera's children after a shutdown request (CommandCamera sends
    /// SIGKILL 3 s after SIGINT).
    public static var shutdownLimit: TimeSpan { .seconds(4) }
    /// Longest single poll: bounds the time between two looks at the clock.
    public static var maximumWaitMilliseconds: Int32 { 1_000 }

    public private(set) var runtime: Runtime
    public let placement: SamplerPlacement
    public let sensorName: String
    public private(set) var phase = Phase.running
    /// Edges, samples and wake-ups handled, for tests and the exit summary.
    public private(set) var edgesHandled = 0
    public private(set) var samplesHandled = 0

    private let loop: EventLoop
    private let recorder: FirmwareRecorder
    private let devices: FirmwareDevices<Bus>
    private let clock: @Sendable () -> Instant
    private let note: (String) -> Void
    private var loopSampler: SensorSampler<AnySensor<Bus>>?
    private var threadSampler: SamplerThread<AnySensor<Bus>>?
    private var useDataReady = false
    private var shutdownDeadline: Instant?
    private var ringDropsReported: UInt = 0
    private var events: [EventLoopEvent] = []
    private var edges: [GPIOEdgeEvent] = []
    private var batch: [Sample] = []


    /// Sets everything up: the event loop (signals blocked from here on), the sensor found
    /// and initialised, the runtime started in `idle`, sampling armed. Throws `.badBoard` for
    /// detector settings the core refuses, `.device` for a sensor that does not answer.
    public init(
        board: Board, devices: FirmwareDevices<Bus>, camera: Cam, recorder: FirmwareRecorder,
        clock: @escaping @Sendable () -> Instant, note: @escaping (String) -> Void
    ) throws(FirmwareError) {
        let parameters: DetectorParameters
        do throws(DetectorSettings.SettingError) {
            parameters = try DetectorSettings.parameters(from: board.detector)
        } catch {
            throw FirmwareError(.badBoard, "\(error.path): \(error.message)")
        }
        do throws(LinuxDeviceError) {
            loop = try EventLoop()
        } catch {
            throw .device(error)
        }
        self.recorder = recorder
        self.devices = devices
        self.clock = clock
        self.note = note

        let interrupt = board.sensor.readMode == .burst && devices.dataReady != nil
        let sensor = try SensorSetup.initializedSensor(on: devices.bus, settings: board.sensor, interrupt: interrupt, busName: devices.busName, clock: clock)
        sensorName = SensorSetup.describe(sensor, busName: devices.busName)
        placement = SamplerPlacement.decide(samplePeriod: sensor.samplePeriod, fifoSamples: SamplerPlacement.fifoSamples(sensor))
        useDataReady = interrupt

        let start = clock()
        runtime = CameraRuntime(
            camera: camera, sink: FirmwareRecorder.Sink(recorder),
            configuration: MachineConfiguration(
                idleTimeout: TimeSpan(seconds: board.machine.idleTimeoutSeconds),
                captureTimeout: TimeSpan(seconds: board.machine.captureTimeoutSeconds),
                maxClipLength: TimeSpan(seconds: board.machine.maximumClipSeconds),
                queueDepth: board.machine.pressQueueDepth),
            gesture: ShutterGesture.Configuration(
                debounce: .milliseconds(Int64(board.shutter.debounceMilliseconds)),
                holdTime: .milliseconds(Int64(board.shutter.holdMilliseconds))),
            detector: OrientationDetector(parameters: parameters),
            initial: .idle, start: start)

        do throws(LinuxDeviceError) {
            if let shutter = devices.shutter { try loop.watch(fd: shutter.fd, token: FirmwareToken.shutter) }
            let sampler = SensorSampler(sensor: sensor)
            switch placement {
            case .loop(let period):
                loopSampler = sampler
                if useDataReady, let line = devices.dataReady {
                    try loop.watch(fd: line.fd, token: FirmwareToken.dataReady)
                    // A fallback read in case an edge is lost while the chip holds its pin.
                    try loop.startTimer(periodNanoseconds: max(period.nanoseconds * 4, 100_000_000))
                } else {
                    try loop.startTimer(periodNanoseconds: period.nanoseconds)
                }
            case .thread(let period):
                let capacity = max(64, Int(1_000_000_000 / max(period.nanoseconds, 1)))  // a second
                let thread = try SamplerThread(
                    sampler: sampler, period: period, dataReadyFD: useDataReady ? devices.dataReady?.fd : nil,
                    ringCapacity: capacity, clock: clock)
                try loop.watch(fd: thread.wakeFD, token: FirmwareToken.sampler)
                try thread.start()
                threadSampler = thread
            }
        } catch {
            throw .device(error)
        }
        batch.reserveCapacity(256)
    }

    deinit {
        threadSampler?.stop()
    }

    /// Runs until shut down; returns the exit status (0 after a clean shutdown).
    public func run() throws(FirmwareError) -> Int32 {
        // Bounded by the signals that end it: each pass sleeps in poll until something happens.
        while phase != .finished {
            try step(maximumWaitMilliseconds: Self.maximumWaitMilliseconds)
        }
        return 0
    }

    /// One pass: sleep until an event, a timer or the runtime's next deadline (at most
    /// `maximumWaitMilliseconds`), then handle everything that happened.
    public func step(maximumWaitMilliseconds: Int32) throws(FirmwareError) {
        guard phase != .finished else { return }
        loop.unwatch(token: FirmwareToken.camera)
        do throws(LinuxDeviceError) {
            for fd in runtime.camera.pollDescriptors { try loop.watch(fd: fd, token: FirmwareToken.camera) }
        } catch {
            note("event loop: \(error.description)")
        }
        var wake = runtime.nextDeadline
        if let deadline = shutdownDeadline, wake.map({ deadline < $0 }) ?? true { wake = deadline }
        let timeout = Self.timeout(until: wake, now: clock(), maximum: maximumWaitMilliseconds)
        events.removeAll(keepingCapacity: true)
        do throws(LinuxDeviceError) {
            _ = try loop.wait(timeoutMilliseconds: timeout, into: &events)
        } catch {
            throw .device(error)
        }
        // Gather first, then feed in time order: a press latches the orientation when its
        // first down edge is fed, so samples stamped before an edge go in before it and those
        // stamped after it go in after (CameraRuntime, "feeding order").
        edges.removeAll(keepingCapacity: true)
        batch.removeAll(keepingCapacity: true)
        var changes: [SensorSampler<AnySensor<Bus>>.Change] = []
        for event in events {
            switch event {
            case .signal(let number): handleSignal(number)
            case .timer: sampleOnLoop(into: &changes)
            case .readable(FirmwareToken.shutter): readShutter()
            case .readable(FirmwareToken.dataReady):
                if let line = devices.dataReady {
                    var ignored: [GPIOEdgeEvent] = []
                    _ = try? line.readEvents(into: &ignored)
                }
                sampleOnLoop(into: &changes)
            case .readable(FirmwareToken.sampler): drainSamplerThread(into: &changes)
            case .readable: break // a camera child ended: the advance below reaps it
            case .hangUp(let token):
                loop.unwatch(token: token)
                if token == FirmwareToken.shutter { note("shutter line: the descriptor hung up; no more presses") }
            }
        }
        feedInTimeOrder()
        for change in changes { apply(change) }
        let now = clock()
        runtime.advance(to: now)
        for problem in runtime.camera.takeProblems() { note("camera: " + problem) }
        if let deadline = shutdownDeadline {
            if !runtime.camera.isBusy {
                phase = .finished
            } else if now >= deadline {
                note("shutdown: the camera's children did not end within \(Self.shutdownLimit.seconds) s; leaving them")
                phase = .finished
            }
        }
    }

    /// Asks for a clean shutdown, as SIGTERM does.
    public func requestShutdown() {
        guard shutdownDeadline == nil else { return }
        let now = clock()
        runtime.advance(to: now)
        runtime.requestShutdown()
        shutdownDeadline = now + Self.shutdownLimit
        phase = .stopping
        loop.stopTimer()
        threadSampler?.stop()
    }

    // MARK: handlers

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGHUP:
            recorder.reopenJournal()
        default:
            if shutdownDeadline == nil {
                note("signal \(number): stopping")
                requestShutdown()
            } else {
                note("signal \(number) again: stopping now")
                phase = .finished
            }
        }
    }

    /// Reads the shutter's queued edges into `edges` (ignored once stopping: no new photo or
    /// clip after a shutdown request).
    private func readShutter() {
        guard let shutter = devices.shutter else { return }
        var read: [GPIOEdgeEvent] = []
        do throws(LinuxDeviceError) {
            _ = try shutter.readEvents(into: &read)
        } catch {
            note("shutter line: \(error.description)")
            loop.unwatch(token: FirmwareToken.shutter)
            return
        }
        guard shutdownDeadline == nil else { return }
        edges.append(contentsOf: read)
    }

    /// Reads the sensor on the loop, appending to `batch`.
    private func sampleOnLoop(into changes: inout [SensorSampler<AnySensor<Bus>>.Change]) {
        guard shutdownDeadline == nil, var sampler = loopSampler else { return }
        let change = sampler.read(now: clock()) { batch.append($0) }
        loopSampler = sampler
        if let change { changes.append(change) }
    }

    /// Moves what the sampler thread queued into `batch` (bounded: 64 batches of 256).
    private func drainSamplerThread(into changes: inout [SensorSampler<AnySensor<Bus>>.Change]) {
        guard let thread = threadSampler else { return }
        changes.append(contentsOf: thread.takeChanges())
        let dropped = thread.consumer.counters.dropped
        if dropped != ringDropsReported {
            note("sampler ring full: \(dropped &- ringDropsReported) oldest samples overwritten")
            ringDropsReported = dropped
        }
        var rounds = 0
        while rounds < 64, thread.appendSamples(to: &batch, max: 256) > 0 { rounds += 1 }
    }

    /// Feeds `batch` and `edges` to the runtime merged by time (each is in time order).
    private func feedInTimeOrder() {
        let now = clock()
        samplesHandled += batch.count
        var next = 0
        for sample in batch {
            while next < edges.count, edges[next].time <= sample.time {
                feed(edges[next], now: now)
                next += 1
            }
            runtime.ingest(sample)
        }
        while next < edges.count {
            feed(edges[next], now: now)
            next += 1
        }
    }

    private func feed(_ edge: GPIOEdgeEvent, now: Instant) {
        edgesHandled += 1
        // Kernel timestamps are CLOCK_MONOTONIC, our clock; never ahead of now.
        runtime.buttonEdge(down: edge.edge == .rising, at: min(edge.time, now))
    }

    private func apply(_ change: SensorSampler<AnySensor<Bus>>.Change) {
        switch change {
        case .failed(let error):
            note("sensor: \(SensorSetup.describe(error)); retrying")
            runtime.sensorFailed()
        case .recovered:
            note("sensor: answering again")
            runtime.sensorRecovered()
        case .reinitialised(let stuck):
            note(stuck ? "sensor: data stuck; chip set up again" : "sensor: chip found reset; set up again")
        }
    }

    // MARK: helpers

    /// Milliseconds from `now` until `deadline`, rounded up (waking early only costs another
    /// pass), within 0...maximum.
    static func timeout(until deadline: Instant?, now: Instant, maximum: Int32) -> Int32 {
        guard let deadline else { return maximum }
        let nanoseconds = (deadline - now).nanoseconds
        if nanoseconds <= 0 { return 0 }
        let milliseconds = (nanoseconds + 999_999) / 1_000_000
        return Int32(min(Int64(maximum), milliseconds))
    }

}
