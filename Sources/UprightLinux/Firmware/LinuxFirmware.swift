#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The firmware on Linux: the `FirmwareEngine` (the same one `sim`, the soak and `replay`
/// drive) with the Linux ports: `LinuxPorts` (CLOCK_MONOTONIC; poll over the signalfd, a
/// timerfd at the engine's next deadline, the shutter line, the camera's descriptors), the
/// bus and shutter line from `FirmwareDevices`, the camera, and the records port. This type
/// only wires them and acts on signals; every rule (read schedule, supervision, merge order,
/// records) is the engine's.
///
/// Sampling runs where the engine's `ReadSchedule` says: in the engine's own step (the event
/// loop) when the chip buffers enough, else on a `SamplerThread` running the engine's detached
/// sampler; reads paced by a data-ready line always run on the thread, which waits on it.
///
/// Signals: SIGINT and SIGTERM ask the engine to shut down (`FirmwarePhase`, the rule every
/// edge shares): a clip being recorded is stopped (SIGINT to its recorder, which finalises the
/// file; then the camera session writes its rotation and names it), the still server is
/// stopped, and `run` returns once the engine says `finished`. A second SIGINT/SIGTERM stops
/// at once. SIGHUP reopens the journal (after logrotate moved it).
///
/// A device that goes away (the shutter line hangs up or fails, a node the firmware opened is
/// gone: `DeviceNode`) is a `fault` of kind `device-lost`, then the same clean shutdown, and
/// `run` throws: `upright run` exits 1 and systemd starts it again (Restart=on-failure), which
/// opens the devices afresh or waits for them (`DeviceWait`). Never deaf: the old descriptors
/// cannot reach a device that came back.
public final class LinuxFirmware<Bus: I2CBus, Cam: LinuxCamera, Output: EventOutput> {
    public typealias Engine = FirmwareEngine<BoardSensor<Bus>, Cam, RecordWriter<Output>>

    /// Longest wait for the camera's children after a shutdown request: the camera's own
    /// bound (a photo in flight may finish, then a stop, then SIGKILL and its reaping).
    public var shutdownLimit: TimeSpan { engine.runtime.camera.longestShutdown }

    /// The engine's phase; `finished` at once after a second signal.
    public var phase: FirmwarePhase { stoppedAtOnce ? .finished : engine.phase }

    public let engine: Engine
    public let sensorName: String
    /// Where the chip is read (for the start-up line and tests).
    public let samplingOnThread: Bool
    public let ports: LinuxPorts

    private let samplerThread: SamplerThread<BoardSensor<Bus>>?
    private let clock: @Sendable () -> Instant
    private let note: (String) -> Void
    /// A second SIGINT or SIGTERM: the loop ends without waiting for the engine.
    private var stoppedAtOnce = false
    private var leftBusyNoted = false
    /// The nodes opened, looked at every `deviceCheckInterval`.
    private let nodes: [DeviceNode]
    /// How often the nodes are looked at (a stat(2) each).
    public var deviceCheckInterval: TimeSpan = .seconds(1)
    private var nextDeviceCheck: Instant
    /// Why the run ends in an error once shut down: a device went away.
    public private(set) var lostDevice: FirmwareError?

    /// Sets everything up: the ports (signals blocked from here on), the sensor found and its
    /// initialisation begun, the engine started in `idle`, sampling placed. Throws `.device`
    /// for a sensor that does not answer or a descriptor that cannot be created.
    /// `numberedAfter` is the highest photo or clip number an earlier run used (start-up
    /// reconciliation's `OutputReconciliation.highestNumber`).
    public init(
        board: Board, devices: FirmwareDevices<Bus>, camera: Cam, records: RecordWriter<Output>,
        numberedAfter: UInt32 = 0, clock: @escaping @Sendable () -> Instant, note: @escaping (String) -> Void
    ) throws(FirmwareError) {
        do throws(LinuxDeviceError) {
            ports = try LinuxPorts(shutter: devices.shutter, clock: clock)
        } catch {
            throw .device(error)
        }
        self.clock = clock
        self.note = note
        nodes = devices.nodes
        nextDeviceCheck = clock()
        let interrupt = devices.dataReady != nil
        let sensor = try SensorSetup.sensor(on: devices.bus, settings: board.sensor, interrupt: interrupt, devices: devices)
        do throws(SensorError) {
            var settings = board.firmwareSettings()
            settings.machine.numberedAfter = numberedAfter
            engine = try Engine(sensor: sensor, camera: camera, records: records, settings: settings, initial: .idle, start: clock())
        } catch {
            throw FirmwareError(.device, SensorSetup.describe(error, sensor: sensor, busName: devices.busName))
        }
        sensorName = SensorSetup.describe(engine.sampler?.sensor ?? sensor, busName: devices.busName)
        samplingOnThread = engine.schedule.needsOwnContext || interrupt || sensor.blocksOnRead
        ports.note = note
        ports.cameraDescriptors = { [unowned engine] in engine.runtime.camera.pollDescriptors }
        if samplingOnThread, let sampler = engine.detachSampler() {
            do throws(LinuxDeviceError) {
                let thread = try SamplerThread(sampler: sampler, dataReadyFD: devices.dataReady?.fd, clock: clock)
                try ports.watchSampler(fd: thread.wakeFD, acknowledge: thread.acknowledgeWake)
                try thread.start()
                samplerThread = thread
            } catch {
                throw .device(error)
            }
        } else {
            samplerThread = nil
        }
    }

    deinit {
        samplerThread?.stop()
    }

    /// The sampling context's counters (the thread's only once it has stopped).
    public var samplerCounters: SamplerCounters? { engine.sampler?.counters ?? samplerThread?.sampler.counters }

    /// Runs until shut down, `afterEachPass` after every pass (the recording light, a redraw):
    /// the one loop `upright run` and `upright watch` share.
    public func run(afterEachPass: () -> Void = {}) throws(FirmwareError) {
        // Bounded by the signals that end it: each pass sleeps in poll until something happens.
        while phase != .finished {
            try pass()
            afterEachPass()
        }
        if let lostDevice { throw lostDevice }
    }

    /// One pass of the engine (shutter edges, step, wait), then the signals that came and the
    /// shutdown's progress.
    public func pass() throws(FirmwareError) {
        guard phase != .finished else { return }
        // `pass` takes its clock and edge source inout; the ports are a class, so this is a
        // second handle on the same ports, not a copy.
        var portsHandle = ports
        engine.pass(&portsHandle)
        if let failure = ports.failure { throw .device(failure) }
        if let reason = ports.takeShutterLost() ?? goneNode() { loseDevice(reason) }
        for signal in ports.takeSignals() { handle(signal) }
        for problem in engine.runtime.camera.takeProblems() { note("camera: " + problem) }
        for problem in engine.runtime.camera.takePortNotes() { note("camera: " + problem) }
        engine.journalOwedRotations()
        if engine.phase == .finished, engine.runtime.camera.isBusy, !leftBusyNoted {
            leftBusyNoted = true
            note("shutdown: the camera's children did not end within \(shutdownLimit.seconds) s; leaving them")
        }
    }

    /// Why a node opened is gone, looked at most once every `deviceCheckInterval`.
    private func goneNode() -> String? {
        guard lostDevice == nil, !nodes.isEmpty else { return nil }
        let now = clock()
        guard now >= nextDeviceCheck else { return nil }
        nextDeviceCheck = now + deviceCheckInterval
        return nodes.lazy.compactMap { $0.whyGone() }.first
    }

    /// A device went away: journaled (`device-lost`), then shut down as SIGTERM does, and `run`
    /// throws once the camera is done. Once a run.
    private func loseDevice(_ reason: String) {
        guard lostDevice == nil else { return }
        let detail = reason + "; stopping, to be started again"
        lostDevice = FirmwareError(.device, detail)
        note(detail)
        engine.runtime.sink.write(.fault(kind: Self.deviceLostKind, detail: detail), at: engine.runtime.now)
        requestShutdown()
    }

    /// The `fault` kind of a device that went away (docs/events.md).
    public static var deviceLostKind: String { "device-lost" }

    /// Asks for a clean shutdown, as SIGTERM does: the sampler stops and the engine shuts the
    /// machine down; the loop runs on until the engine says `finished`.
    public func requestShutdown() {
        guard engine.phase == .running else { return }
        samplerThread?.stop()
        engine.requestShutdown(at: clock())
    }

    private func handle(_ signal: Int32) {
        switch signal {
        case SIGHUP:
            if let error = engine.runtime.sink.reopenJournal() {
                note("journal: cannot reopen: \(error)")
            } else if let path = engine.runtime.sink.journalPath {
                note("journal reopened: \(path)")
            }
        default:
            if engine.phase == .running {
                note("signal \(signal): stopping")
                requestShutdown()
            } else {
                note("signal \(signal) again: stopping now")
                stoppedAtOnce = true
            }
        }
    }
}
