import UprightCore
import UprightHost

/// The sensor alone on the simulated board: a scenario's motion (and disturbances) measured by
/// the register-level chip on a `SimBus`, read by the engine's sampling context
/// (`SensorStream`, as `LinuxSensorFeed` reads a real chip), and its button's edges. The
/// simulator's counterpart of `LinuxSensorFeed` for `upright calibrate --sim`: no engine runs,
/// so this is not `SimRig`'s stepper but the same few steps a sensor-only tool needs (jump to
/// the next read or edge, read, hand over).
///
/// The chip is mounted and biased as the scenario says (`sensor.mount_matrix`, `chip_bias`);
/// it is read with `settings` (for calibration: the board's without its matrix and offsets).
/// Scenario faults are not played here.
public final class SimSensorFeed: SensorFeed {
    public let clock: SimClock
    public let bus: SimBus
    public let end: Instant
    public let sensorName: String
    public var failure: String? { nil }

    private let stream: SensorStream<AnySensor<SimBus>>
    private let edges: [ButtonEdge]
    private var nextEdge = 0
    private let pace: ((Instant) -> Void)?

    /// `pace` is called before each jump of virtual time (a `RealtimePacer`), nil to run flat out.
    public init(
        scenario: Scenario, board: Board, settings: Board.SensorSettings, seed: UInt64, pace: ((Instant) -> Void)? = nil
    ) throws(SimulationError) {
        guard scenario.faults.isEmpty else {
            throw SimulationError(
                kind: .board, path: "faults", message: "calibrate plays a scenario's motion, sensor and button only; remove its faults")
        }
        var streams = RandomStreams(seed: seed)
        let (_, chipMotion, imperfections, chipSeed) = try Simulation.chip(scenario, board: board, streams: &streams)
        edges = scenario.button.edges(using: &streams.button)
        clock = SimClock()
        bus = SimBus(clock: clock)
        var readBoard = board
        readBoard.sensor = settings
        let sensor = SimulatedSensor.attach(
            board: readBoard, to: bus, chipMotion: chipMotion, chipSeed: chipSeed, imperfections: imperfections)
        do throws(SensorError) {
            stream = try SensorStream(sensor: sensor, supervision: board.firmwareSettings().supervision, ringCapacity: 1024, start: .zero)
        } catch {
            throw SimulationError(kind: .board, path: "sensor", message: "the simulated chip does not answer: \(error)")
        }
        sensorName =
            "simulated \(board.sensor.simulatedChip == .adxl345 ? "ADXL345" : "MPU-6050") at 0x\(String(board.sensor.simulatedAddress, radix: 16))"
        end = .zero + TimeSpan(seconds: scenario.durationSeconds)
        self.pace = pace
    }

    public var now: Instant { clock.now }

    public func next(until deadline: Instant?, samples: inout [Sample], edges taken: inout [ShutterEdge]) -> Bool {
        guard clock.now < end else { return false }
        var target = min(stream.sampler.nextRead, end)
        if let deadline { target = min(target, deadline) }
        if nextEdge < edges.count { target = min(target, edges[nextEdge].time) }
        target = max(target, clock.now + TimeSpan(nanoseconds: 1))
        pace?(target)
        clock.advance(to: target)
        while nextEdge < edges.count, edges[nextEdge].time <= target {
            taken.append(ShutterEdge(time: edges[nextEdge].time, down: edges[nextEdge].pressed))
            nextEdge += 1
        }
        stream.sampler.readIfDue(at: target)
        _ = stream.popSamples(into: &samples, max: stream.capacity)
        while stream.nextEvent() != nil {}
        return true
    }
}
