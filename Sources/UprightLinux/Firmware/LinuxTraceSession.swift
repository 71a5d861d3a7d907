#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// `upright trace`: samples (device frame, after the board's mount matrix and offsets) and the
/// shutter's level (and the gyro's rates, degrees a second, when the chip reads them), written
/// as trace lines (docs/traces.md) for `seconds`, or until SIGINT or
/// SIGTERM. The chip is read through a `LinuxSensorFeed`: the engine's sampling context with
/// the same read schedule and supervision as `run`, waiting on the same `LinuxPorts`.
///
/// Each sample carries the button level at its own time: edges are kept until a sample at or
/// after their kernel timestamp is written, so a FIFO drained late still gets the right level.
public final class LinuxTraceSession<Bus: I2CBus> {
    public let writer: TraceWriter
    public var sensorName: String { feed.sensorName }
    public private(set) var rowsWritten = 0

    private let feed: LinuxSensorFeed<Bus>
    private let clock: @Sendable () -> Instant
    private let output: (String) -> Void
    private var pendingEdges: [ShutterEdge] = []
    private var batch: [Sample] = []
    private var arrived: [ShutterEdge] = []
    private var pressed = false

    /// Edges waiting for a later sample at most (a shutter bouncing with no sensor).
    public static var maximumPendingEdges: Int { 64 }

    public init(
        board: Board, devices: FirmwareDevices<Bus>, clock: @escaping @Sendable () -> Instant,
        output: @escaping (String) -> Void, note: @escaping (String) -> Void
    ) throws(FirmwareError) {
        feed = try LinuxSensorFeed(
            settings: board.sensor, supervision: board.firmwareSettings().supervision, devices: devices, clock: clock, note: note)
        // The gyro's columns when the chip reads it, so a trace of a gyro board replays with the
        // rates the detector judged.
        writer = TraceWriter(gyro: feed.readsGyro, button: devices.shutter != nil)
        self.clock = clock
        self.output = output
        batch.reserveCapacity(feed.capacity)
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
            batch.removeAll(keepingCapacity: true)
            arrived.removeAll(keepingCapacity: true)
            let running = feed.next(until: end, samples: &batch, edges: &arrived)
            if let failure = feed.failure { throw FirmwareError(.device, failure) }
            guard running else { break }
            for edge in arrived { keep(edge) }
            write(from: start, until: end)
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
        let hasButton = writer.columns.hasButton
        for sample in batch where sample.time >= start && sample.time < end {
            while let first = pendingEdges.first, first.time <= sample.time {
                pressed = first.down
                pendingEdges.removeFirst()
            }
            let row = TraceRow(
                time: sample.time, accelerationG: sample.accelerationG, angularRateDPS: sample.angularRateDPS,
                buttonPressed: hasButton ? pressed : nil)
            output(writer.line(row, origin: start))
            rowsWritten += 1
        }
    }
}
