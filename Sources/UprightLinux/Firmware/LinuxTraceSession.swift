#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright trace`: samples (device frame, after the board's mount matrix and offsets) and the shutter's
/// level, written as trace lines (docs/traces.md) for `seconds`, or until SIGINT or SIGTERM.
/// The chip is read by the engine's sampling context (`SensorStream`: the same read schedule
/// and supervision as `run`), waiting on the same `LinuxEdges` as the firmware; nothing else
/// runs (no camera, no journal), so the loop keeps any schedule.
///
/// Each sample carries the button level at its own time: edges are kept until a sample at or
/// after their kernel timestamp is written, so a FIFO drained late still gets the right level.
public final class LinuxTraceSession<Bus: I2CBus> {
    public let writer: TraceWriter
    public let sensorName: String
    public private(set) var rowsWritten = 0

    private let edges: LinuxEdges
    private let stream: SensorStream<AnySensor<Bus>>
    private let clock: @Sendable () -> Instant
    private let note: (String) -> Void
    private let output: (String) -> Void
    private var pendingEdges: [ShutterEdge] = []
    private var batch: [Sample] = []
    private var pressed = false

    /// Edges waiting for a later sample at most (a shutter bouncing with no sensor).
    public static var maximumPendingEdges: Int { 64 }

    public init(
        board: Board, devices: FirmwareDevices<Bus>, clock: @escaping @Sendable () -> Instant,
        output: @escaping (String) -> Void, note: @escaping (String) -> Void
    ) throws(FirmwareError) {
        do throws(LinuxDeviceError) {
            edges = try LinuxEdges(shutter: devices.shutter, clock: clock)
        } catch {
            throw .device(error)
        }
        let sensor = try SensorSetup.sensor(on: devices.bus, settings: board.sensor, interrupt: false, busName: devices.busName)
        do throws(SensorError) {
            stream = try SensorStream(sensor: sensor, supervision: board.firmwareSettings().supervision, ringCapacity: 1024, start: clock())
        } catch {
            throw FirmwareError(.device, SensorSetup.describe(error, sensor: sensor, busName: devices.busName))
        }
        sensorName = SensorSetup.describe(stream.sampler.sensor, busName: devices.busName)
        writer = TraceWriter(gyro: false, button: devices.shutter != nil)
        self.clock = clock
        self.output = output
        self.note = note
        edges.note = note
        batch.reserveCapacity(stream.capacity)
    }

    /// Writes the header, then rows for samples taken from now for `seconds` (or until a
    /// signal). Returns the number of rows.
    @discardableResult
    public func record(seconds: Double, comments: [String] = []) throws(FirmwareError) -> Int {
        let start = clock()
        let end = start + TimeSpan(seconds: seconds)
        output(writer.header(comments: comments))
        // Bounded by `end`: every pass sleeps in poll at most until the next read or then.
        while clock() < end {
            edges.wait(until: min(stream.sampler.nextRead, end))
            if let failure = edges.failure { throw .device(failure) }
            if edges.takeSignals().contains(where: { $0 != SIGHUP }) { break }
            while let edge = edges.nextEdge() { keep(edge) }
            stream.sampler.readIfDue(at: clock())
            write(from: start, until: end)
            while let event = stream.nextEvent() {
                switch event.kind {
                case .troubleStarted(.sensorReset): note("sensor: chip found reset; set up again")
                case .troubleStarted(.stuckData): note("sensor: data stuck; chip set up again")
                case .troubleCleared: note("sensor: samples flowing again")
                }
            }
        }
        return rowsWritten
    }

    private func keep(_ edge: ShutterEdge) {
        pendingEdges.append(edge)
        if pendingEdges.count > Self.maximumPendingEdges {
            // Far more edges than samples: apply the oldest now rather than grow.
            pressed = pendingEdges.removeFirst().down
        }
    }

    private func write(from start: Instant, until end: Instant) {
        batch.removeAll(keepingCapacity: true)
        _ = stream.popSamples(into: &batch, max: stream.capacity)
        let hasButton = writer.columns.hasButton
        for sample in batch where sample.time >= start && sample.time < end {
            while let first = pendingEdges.first, first.time <= sample.time {
                pressed = first.down
                pendingEdges.removeFirst()
            }
            let row = TraceRow(time: sample.time, accelerationG: sample.accelerationG, angularRateDPS: nil, buttonPressed: hasButton ? pressed : nil)
            output(writer.line(row, origin: start))
            rowsWritten += 1
        }
    }
}
