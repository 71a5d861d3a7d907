#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The sensor alone on Linux: the engine's sampling context (`SensorStream`: the same read
/// schedule and supervision as `run`) over the board's bus, waiting on the same `LinuxPorts`
/// (poll, timerfd, signalfd, the shutter line) as the firmware. `upright trace` and
/// `upright calibrate` read through it; nothing else runs (no camera, no journal), so the loop
/// keeps any schedule. SIGINT and SIGTERM end it.
public final class LinuxSensorFeed<Bus: I2CBus>: SensorFeed {
    public let sensorName: String
    public let ports: LinuxPorts
    public private(set) var failure: String?

    private let stream: SensorStream<BoardSensor<Bus>>
    private let clock: @Sendable () -> Instant
    private let note: (String) -> Void
    private var ended = false

    /// `settings` says how to read the chip (the board's, or for calibration the board's
    /// without its mount matrix and offsets).
    public init(
        settings: Board.SensorSettings, supervision: SupervisionSettings, devices: FirmwareDevices<Bus>,
        clock: @escaping @Sendable () -> Instant, note: @escaping (String) -> Void
    ) throws(FirmwareError) {
        do throws(LinuxDeviceError) {
            ports = try LinuxPorts(shutter: devices.shutter, clock: clock)
        } catch {
            throw .device(error)
        }
        let sensor = try SensorSetup.sensor(on: devices.bus, settings: settings, interrupt: false, devices: devices)
        do throws(SensorError) {
            stream = try SensorStream(sensor: sensor, supervision: supervision, ringCapacity: 1024, start: clock())
        } catch {
            throw FirmwareError(.device, SensorSetup.describe(error, sensor: sensor, busName: devices.busName))
        }
        sensorName = SensorSetup.describe(stream.sampler.sensor, busName: devices.busName)
        self.clock = clock
        self.note = note
        ports.note = note
    }

    public var now: Instant { clock() }

    /// Whether the samples carry the gyro's rates: an MPU-6050 whose FIFO records hold them
    /// (`sensor.gyro`, on by default; calibration turns it off).
    public var readsGyro: Bool {
        if let iio = stream.sampler.sensor.iio { return iio.readsGyro }
        guard let chip = stream.sampler.sensor.chip?.mpu6050 else { return false }
        return chip.configuration.fifoContents != .accelerometer
    }

    /// The sample ring's capacity: at most this many samples come from one `next`.
    public var capacity: Int { stream.capacity }

    public func next(until deadline: Instant?, samples: inout [Sample], edges taken: inout [ShutterEdge]) -> Bool {
        guard !ended else { return false }
        let wake = deadline.map { min($0, stream.sampler.nextRead) } ?? stream.sampler.nextRead
        ports.wait(until: wake)
        if let failure = ports.failure {
            self.failure = failure.description
            ended = true
            return false
        }
        if ports.takeSignals().contains(where: { $0 != SIGHUP }) {
            ended = true
            return false
        }
        while let edge = ports.nextEdge() { taken.append(edge) }
        stream.sampler.readIfDue(at: clock())
        _ = stream.popSamples(into: &samples, max: stream.capacity)
        while let event = stream.nextEvent() {
            switch event.kind {
            case .troubleStarted(.sensorReset): note("sensor: chip found reset; set up again")
            case .troubleStarted(.stuckData): note("sensor: data stuck; chip set up again")
            case .troubleCleared: note("sensor: samples flowing again")
            case .fifoOverflowed(let lost): note("sensor: the chip's FIFO overflowed; \(lost) samples lost")
            }
        }
        return true
    }
}
