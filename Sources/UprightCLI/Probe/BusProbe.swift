import UprightCore
import UprightHost
import UprightLinux

/// `upright probe`'s work on any `I2CBus`, so it is tested against `SimBus` and its simulated
/// chips: read the identity register at each candidate address, name what answered (relatives
/// and clones included), initialise it, average a few samples on the chip's own axes and, on
/// an MPU-6050, the die temperature.
///
/// The chips are set up for the probe, not for the firmware: burst reads of the data
/// registers (no FIFO, so a register file that never changes, such as i2c-stub's, reads the
/// same), MPU-6050 at +-2 g (ACCEL_CONFIG 0x1C AFS_SEL 0, RM 4.5), ADXL345 at full
/// resolution (DATA_FORMAT 0x31 FULL_RES, which its driver always sets).
public struct BusProbe<Bus: I2CBus> {
    public let bus: Bus
    /// Samples averaged per chip.
    public var sampleCount = 8
    private let now: () -> Instant
    private let sleep: (TimeSpan) -> Void
    /// The kernel driver holding an address, if any (`KernelHolder.find`); such an address is
    /// reported and never touched.
    public var holder: (UInt8) -> KernelHolder? = { _ in nil }

    /// `now` reads the clock, `sleep` waits (a real sleep, or a simulated clock's advance).
    public init(bus: Bus, now: @escaping () -> Instant, sleep: @escaping (TimeSpan) -> Void) {
        self.bus = bus
        self.now = now
        self.sleep = sleep
    }

    /// The wait between configuring a chip and its first sample.
    public static var settleTime: TimeSpan { .milliseconds(50) }

    /// The candidate addresses in scan order: MPU-6050 AD0 low and high (PS 9.2), then
    /// ADXL345 ALT ADDRESS low and high (data sheet, "Serial Communications", I2C).
    public static var candidateAddresses: [UInt8] {
        [SensorScan.mpuAddresses.0, SensorScan.mpuAddresses.1, SensorScan.adxlAddresses.0, SensorScan.adxlAddresses.1]
    }

    /// Probes every candidate address.
    public func run() -> ProbeReport {
        ProbeReport(results: Self.candidateAddresses.map(probe))
    }

    /// Identifies and reads whatever answers at `address`.
    public func probe(_ address: UInt8) -> ProbeAddressResult {
        if let holder = holder(address) {
            return ProbeAddressResult(address: address, outcome: .held, holder: holder)
        }
        let isMPUAddress = address == SensorScan.mpuAddresses.0 || address == SensorScan.mpuAddresses.1
        // MPU-6050 WHO_AM_I 0x75 (RM 4.32); ADXL345 DEVID 0x00 (data sheet Table 19).
        let register = isMPUAddress ? MPU6050Register.whoAmI : ADXL345Register.deviceID
        let value: UInt8
        do throws(I2CError) {
            value = try bus.readRegister(address: address, register)
        } catch {
            switch error {
            case .noAcknowledge, .unavailable:
                return ProbeAddressResult(address: address, outcome: .absent(error))
            default:
                return ProbeAddressResult(address: address, outcome: .identityFailed(error))
            }
        }
        let model = isMPUAddress ? ChipModel.mpuFamily(whoAmI: value) : ChipModel.adxlFamily(deviceID: value)
        guard let model else {
            return ProbeAddressResult(address: address, outcome: .unknownDevice(register: register, value: value))
        }
        let identity = ChipIdentity(model: model, idValue: value)
        do throws(SensorError) {
            guard let reading = try read(identity, at: address) else {
                return ProbeAddressResult(address: address, outcome: .noSamples(identity))
            }
            return ProbeAddressResult(address: address, outcome: .chip(reading))
        } catch {
            return ProbeAddressResult(address: address, outcome: .readFailed(identity, error))
        }
    }

    func read(_ identity: ChipIdentity, at address: UInt8) throws(SensorError) -> ProbeChipReading? {
        var sensor: AnySensor<Bus>
        if identity.model.boardKind == "adxl345" {
            var configuration = ADXL345Configuration()
            configuration.readMode = .burst
            configuration.range = .g2
            sensor = .adxl345(ADXL345(bus: bus, address: address, configuration: configuration))
        } else {
            var configuration = MPU6050Configuration()
            configuration.readMode = .burst
            configuration.accelerometerRange = .g2
            // The whole data block (RM 4.17-4.19), for the temperature.
            configuration.fifoContents = .all
            sensor = .mpu6050(MPU6050(bus: bus, address: address, configuration: configuration))
        }
        let sleep = self.sleep
        let now = self.now
        try sensor.initialize(now: now()) { span in
            sleep(span)
            return now()
        }
        // The first measurement after configuration takes a while: the MPU-6050's 44 Hz
        // filter delays its output by 4.9 ms (RM 4.3), the ADXL345 measures one period (10 ms
        // at 100 Hz) after POWER_CTL Measure; until then the data registers hold zeros.
        sleep(Self.settleTime)
        // At least 10 ms apart: a new measurement at the ADXL345's 100 Hz, ten at the
        // MPU-6050's 1 kHz; the whole read takes about 0.1 s.
        let interval = max(sensor.samplePeriod, .milliseconds(10))
        var samples: [Sample] = []
        // Bounded: a chip still coming out of reset gets three more rounds per sample.
        for _ in 0..<(sampleCount * 4) where samples.count < sampleCount {
            _ = try sensor.readSamples(now: now()) { sample in
                if samples.count < sampleCount { samples.append(sample) }
            }
            sleep(interval)
        }
        guard !samples.isEmpty else { return nil }
        var sum = Vector3.zero
        var temperatureSum: Float = 0
        for sample in samples {
            sum = sum + sample.accelerationG
            temperatureSum += sample.temperatureCelsius ?? 0
        }
        let mean = sum * (1 / Float(samples.count))
        var spread: Float = 0
        for sample in samples { spread = max(spread, (sample.accelerationG - mean).magnitude) }
        // RM 4.18's formula is the MPU-6050's; its relatives scale the temperature differently.
        let knowsTemperature = identity.model == .mpu6050 && samples[0].temperatureCelsius != nil
        return ProbeChipReading(
            identity: identity, sampleCount: samples.count, meanG: mean, spreadG: spread,
            temperatureCelsius: knowsTemperature ? temperatureSum / Float(samples.count) : nil)
    }
}
