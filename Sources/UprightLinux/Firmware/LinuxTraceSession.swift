#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright trace`: samples (device frame, after the board's mount matrix) and the shutter's
/// level, written as trace lines (docs/traces.md) for `seconds`, or until SIGINT or
/// SIGTERM. Reads on the event loop at the firmware's drain interval; nothing else runs there
/// (no camera, no journal), so no sampler thread is needed.
///
/// Each sample carries the button level at its own time: edges are kept until a sample at or
/// after their kernel timestamp is written, so a FIFO drained late still gets the right level.
public final class LinuxTraceSession<Bus: I2CBus> {
    public let writer: TraceWriter
    public let sensorName: String
    public let period: TimeSpan
    public private(set) var rowsWritten = 0

    private let loop: EventLoop
    private let devices: FirmwareDevices<Bus>
    private var sampler: SensorSampler<AnySensor<Bus>>
    private let clock: () -> Instant
    private let note: (String) -> Void
    private let output: (String) -> Void
    private var pendingEdges: [GPIOEdgeEvent] = []
    private var pressed = false
    private var stopped = false

    /// Edges waiting for a later sample at most (a shutter bouncing with no sensor).
    public static var maximumPendingEdges: Int { 64 }

    public init(
        board: Board, devices: FirmwareDevices<Bus>, clock: @escaping () -> Instant,
        output: @escaping (String) -> Void, note: @escaping (String) -> Void
    ) throws(FirmwareError) {
        do throws(LinuxDeviceError) {
            loop = try EventLoop()
        } catch {
            throw .device(error)
        }
        let sensor = try SensorSetup.initializedSensor(on: devices.bus, settings: board.sensor, interrupt: false, busName: devices.busName, clock: clock)
        sampler = SensorSampler(sensor: sensor)
        period = SamplerPlacement.decide(samplePeriod: sensor.samplePeriod, fifoSamples: SamplerPlacement.fifoSamples(sensor)).period
        sensorName = SensorSetup.describe(sensor, busName: devices.busName)
        writer = TraceWriter(gyro: false, button: devices.shutter != nil)
        self.devices = devices
        self.clock = clock
        self.output = output
        self.note = note
        do throws(LinuxDeviceError) {
            if let shutter = devices.shutter { try loop.watch(fd: shutter.fd, token: FirmwareToken.shutter) }
            try loop.startTimer(periodNanoseconds: period.nanoseconds)
        } catch {
            throw .device(error)
        }
    }

    /// Writes the header, then rows for samples taken from now for `seconds` (or until a
    /// signal). Returns the number of rows.
    @discardableResult
    public func record(seconds: Double, comments: [String] = []) throws(FirmwareError) -> Int {
        let start = clock()
        let end = start + TimeSpan(seconds: seconds)
        output(writer.header(comments: comments))
        var events: [EventLoopEvent] = []
        // Bounded by `end`: every pass sleeps in poll at most until then.
        while !stopped {
            let now = clock()
            if now >= end { break }
            let timeout = Int32(min(1_000, max(0, ((end - now).nanoseconds + 999_999) / 1_000_000)))
            events.removeAll(keepingCapacity: true)
            do throws(LinuxDeviceError) {
                _ = try loop.wait(timeoutMilliseconds: timeout, into: &events)
            } catch {
                throw .device(error)
            }
            // Edges first: a sample read in the same wake-up may come after them.
            for event in events {
                switch event {
                case .signal(let number) where number != SIGHUP: stopped = true
                case .readable(FirmwareToken.shutter): readEdges()
                case .hangUp(let token): loop.unwatch(token: token)
                default: break
                }
            }
            if events.contains(where: { if case .timer = $0 { true } else { false } }) {
                sample(from: start, until: end)
            }
        }
        return rowsWritten
    }

    private func readEdges() {
        guard let shutter = devices.shutter else { return }
        var edges: [GPIOEdgeEvent] = []
        do throws(LinuxDeviceError) {
            _ = try shutter.readEvents(into: &edges)
        } catch {
            note("shutter line: \(error.description)")
            loop.unwatch(token: FirmwareToken.shutter)
            return
        }
        pendingEdges.append(contentsOf: edges)
        if pendingEdges.count > Self.maximumPendingEdges {
            // Far more edges than samples: apply the oldest now rather than grow.
            for edge in pendingEdges.prefix(pendingEdges.count - Self.maximumPendingEdges) { pressed = edge.edge == .rising }
            pendingEdges.removeFirst(pendingEdges.count - Self.maximumPendingEdges)
        }
    }

    private func sample(from start: Instant, until end: Instant) {
        let now = clock()
        let hasButton = writer.columns.hasButton
        let change = sampler.read(now: now) { sample in
            guard sample.time >= start, sample.time < end else { return }
            while let first = pendingEdges.first, first.time <= sample.time {
                pressed = first.edge == .rising
                pendingEdges.removeFirst()
            }
            let row = TraceRow(time: sample.time, accelerationG: sample.accelerationG, angularRateDPS: nil, buttonPressed: hasButton ? pressed : nil)
            output(writer.line(row, origin: start))
            rowsWritten += 1
        }
        switch change {
        case .failed(let error): note("sensor: \(SensorSetup.describe(error)); retrying")
        case .recovered: note("sensor: answering again")
        case .reinitialised(let stuck): note(stuck ? "sensor: data stuck; chip set up again" : "sensor: chip found reset; set up again")
        case nil: break
        }
    }
}
