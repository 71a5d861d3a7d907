import UprightCore

/// An I2C bus whose every transaction is decided by the fuzzer: a control byte picks success
/// (the read is filled with the next input bytes) or one of the I2CErrors. When the input runs
/// out every transaction fails as if the adapter were unplugged.
final class FuzzedBus: I2CBus {
    let capabilities: I2CCapabilities
    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Transactions since the last reset: one driver call (begin, one readSamples) must stay
    /// under `maximumTransfers` (an MPU-6050 FIFO drain on a 1-byte adapter takes 1024 reads).
    var transfers = 0
    static let maximumTransfers = 4096

    init(_ input: UnsafeBufferPointer<UInt8>, capabilities: I2CCapabilities) {
        self.input = input
        self.capabilities = capabilities
    }

    func next() -> UInt8? {
        guard position < input.count else { return nil }
        defer { position += 1 }
        return input[position]
    }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        transfers += 1
        if transfers > Self.maximumTransfers { fatalError("driver loops: \(transfers) transactions in one call") }
        if read.count > capabilities.maximumReadBytes {
            fatalError("read of \(read.count) bytes on an adapter that allows \(capabilities.maximumReadBytes)")
        }
        guard let control = next() else { throw .unavailable }
        switch control {
        case 0xF8: throw .noAcknowledge
        case 0xF9: throw .timeout
        case 0xFA: throw .arbitrationLost
        case 0xFB: throw .bus
        case 0xFC: throw .unsupported
        case 0xFD: throw .unavailable
        case 0xFE, 0xFF: throw .other(code: Int32(control))
        default: break
        }
        for index in 0..<read.count { read[index] = next() ?? 0 }
    }
}

/// Random bytes and errors from the bus must never crash a driver, make it loop without
/// bound, or deliver samples that are not finite; each driver keeps working after any error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDrivers(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 4 else { return 0 }
    let setup = (data[0], data[1], data[2], data[3])
    let capabilities: I2CCapabilities
    switch setup.0 & 3 {
    case 0: capabilities = .combined
    case 1: capabilities = .smbus
    case 2: capabilities = I2CCapabilities(combinedTransfers: false, maximumReadBytes: 1 + Int(setup.0 >> 2) & 15)
    default: capabilities = I2CCapabilities(combinedTransfers: true, maximumReadBytes: 1 + Int(setup.0 >> 2))
    }
    let bus = FuzzedBus(UnsafeBufferPointer(start: data + 4, count: size - 4), capabilities: capabilities)
    let mode = ReadMode.allCases[Int(setup.1 & 3) % ReadMode.allCases.count]
    switch setup.1 >> 6 {
    case 0:
        var c = MPU6050Configuration()
        c.readMode = mode
        c.fifoContents = MPU6050FIFOContents.allCases[Int(setup.1 >> 2) % MPU6050FIFOContents.allCases.count]
        c.accelerometerRange = MPU6050AccelerometerRange.allCases[Int(setup.2 & 3)]
        c.gyroRange = MPU6050GyroRange.allCases[Int(setup.2 >> 2) & 3]
        c.lowPassFilter = MPU6050LowPassFilter.allCases[Int(setup.2 >> 4) % MPU6050LowPassFilter.allCases.count]
        c.sampleRateDivider = setup.3
        c.stuckSampleLimit = Int(setup.2 >> 7) * 3
        if setup.1 & 0x20 != 0 { c.interruptPin = InterruptPin() }
        drive(MPU6050(bus: bus, address: 0x68, configuration: c), bus: bus)
    case 1:
        var c = ADXL345Configuration()
        c.readMode = mode
        c.range = ADXL345Range.allCases[Int(setup.2 & 3)]
        c.dataRate = ADXL345DataRate.allCases[Int(setup.3) % ADXL345DataRate.allCases.count]
        c.fifoWatermark = setup.2 >> 2
        c.lowPower = setup.1 & 4 != 0
        c.stuckSampleLimit = Int(setup.2 >> 7) * 3
        if setup.1 & 0x20 != 0 { c.interruptPin = InterruptPin() }
        drive(ADXL345(bus: bus, address: 0x53, configuration: c), bus: bus)
    default:
        if let sensor = AnySensor.detect(bus: bus) { drive(sensor, bus: bus) }
    }
    return 0
}

/// Up to 64 calls chosen by the input: begin, readSamples after a chosen delay, or calibrate.
func drive<Sensor: Accelerometer>(_ sensor: Sensor, bus: FuzzedBus) {
    var sensor = sensor
    var now = Instant(nanoseconds: 1_000_000_000)
    for _ in 0..<64 {
        guard let step = bus.next() else { return }
        bus.transfers = 0
        var delivered = 0
        do {
            switch step & 3 {
            case 0:
                try sensor.begin(now: now)
            case 3:
                let offset = try sensor.calibrate(sampleCount: 1 + Int(step >> 2), now: now) { span in
                    // calibrate reads many times; the bound is per readSamples call.
                    bus.transfers = 0
                    now += span
                    return now
                }
                if let offset, !(offset.x.isFinite && offset.y.isFinite && offset.z.isFinite) {
                    fatalError("calibration offset not finite")
                }
            default:
                // Delays from 0 to 63 ms, or whole seconds (a long stall) when the top bit is set.
                let amount = Int64(step >> 2) & 31
                now += step & 0x80 != 0 ? .seconds(amount) : .milliseconds(amount * 2)
                let report = try sensor.readSamples(now: now) { sample in
                    delivered += 1
                    let a = sample.accelerationG
                    if !(a.x.isFinite && a.y.isFinite && a.z.isFinite) { fatalError("sample not finite") }
                    if sample.time > now { fatalError("sample from the future") }
                }
                if report.delivered != delivered || report.lost < 0 { fatalError("report \(report) after \(delivered) samples") }
            }
        } catch {
            _ = error
        }
    }
}
