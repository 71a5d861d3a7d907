#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The accelerometer read through the kernel's IIO device (`sensor.backend` `iio`): an
/// `Accelerometer` like the I2C drivers, so the engine's sampler, supervision, detector and
/// records are the same (docs/architecture.md; docs/setup.md, "A chip the kernel drives").
///
/// - Where the device has a trigger, its buffer: the accelerometer's (and gyro's) scan
///   elements and the kernel's timestamp (on CLOCK_MONOTONIC, `current_timestamp_clock`),
///   read from `/dev/iio:deviceN` without blocking, drained as a FIFO is.
/// - Where it has none (a chip without an interrupt line), the raw attributes
///   (`in_accel_x_raw`...), read at the board's rate and stamped with the read's time.
///
/// Values are counts times `in_accel_scale` (m/s^2, then g) and `in_anglvel_scale` (rad/s,
/// then degrees a second), turned by the driver's mount matrix, then the board's; the
/// board's offset is subtracted after both, as the I2C drivers do. A device that goes away
/// fails its reads (`unavailable`): the engine's failure timeout makes it a `sensor` fault,
/// and its stall restart (`begin`) finds it again when it comes back.
public final class IIOAccelerometer: Accelerometer {
    /// What the board asks of it.
    public struct Settings: Equatable, Sendable {
        public var bus: Int
        public var address: UInt8
        public var rateHz: Double
        public var gyro: Bool
        /// The board's mount matrix (the driver's is applied first).
        public var mount: MountMatrix
        /// g, device frame.
        public var offsetG: Vector3

        public init(bus: Int, address: UInt8, rateHz: Double, gyro: Bool, mount: MountMatrix, offsetG: Vector3) {
            self.bus = bus
            self.address = address
            self.rateHz = rateHz
            self.gyro = gyro
            self.mount = mount
            self.offsetG = offsetG
        }
    }

    /// How it reads.
    public enum Mode: Equatable, Sendable {
        /// The IIO buffer on `trigger`.
        case buffer(trigger: String)
        /// The raw attributes, one read per sample.
        case raw
    }

    /// Records the kernel buffer holds (`buffer/length`): 2.5 s at 100 Hz.
    public static let bufferRecords = 256
    /// Records read per `read` call at most (the rest wait for the next).
    static let recordsPerRead = 64

    public let settings: Settings
    public let sysfs: Sysfs
    /// `/dev` on a running system; a temporary directory in tests.
    public let devRoot: String
    public private(set) var device: IIODevice
    public private(set) var mode: Mode
    public var offsetG: Vector3
    public var identity: ChipIdentity? { nil }
    public var samplePeriod: TimeSpan { TimeSpan(nanoseconds: Int64((1e9 / settings.rateHz).rounded())) }
    /// The kernel buffer's records in buffer mode; 0 for raw reads (one read per sample).
    public var fifoSamples: Int { mode == .raw ? 0 : Self.bufferRecords }
    /// Whether the samples carry the gyro's rates.
    public var readsGyro: Bool { settings.gyro && device.angularRateScale != nil }

    private var rawFDs: [Int32] = []
    private var bufferFD: Int32 = -1
    private var layout = IIORecordLayout(channels: [])
    private var lastReturned = Instant.distantPast

    /// Finds the device and sets it up; `buffered` false keeps raw reads even where there is
    /// a trigger. The error names what is missing, for the board's `sensor.backend` line.
    public init(settings: Settings, sysfs: Sysfs = Sysfs(), devRoot: String = "/dev", buffered: Bool = true) throws(IIOError) {
        self.settings = settings
        self.sysfs = sysfs
        self.devRoot = devRoot
        self.offsetG = settings.offsetG
        device = try IIODevice.find(bus: settings.bus, address: settings.address, sysfs: sysfs)
        mode = buffered ? device.trigger(sysfs: sysfs).map { .buffer(trigger: $0) } ?? .raw : .raw
        try open()
    }

    deinit { closeAll() }

    /// "MPU-6050 (kernel driver mpu6050, IIO device iio:device0, raw reads)".
    public var description: String {
        let how: String
        switch mode {
        case .raw: how = "raw reads at \(TextFormat.fixed(settings.rateHz, decimals: 0)) Hz"
        case .buffer(let trigger): how = "its buffer on trigger \(trigger)"
        }
        return "\(device.name) through the kernel's IIO device \(device.node) (\(how))"
    }

    /// Finds the device again (it may have been unbound and bound again) and sets it up.
    public func begin(now: Instant) throws(SensorError) {
        closeAll()
        do throws(IIOError) {
            device = try IIODevice.find(bus: settings.bus, address: settings.address, sysfs: sysfs)
            try open()
        } catch {
            throw .bus(.unavailable)
        }
    }

    public func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        var report = ReadReport()
        switch mode {
        case .raw:
            guard !rawFDs.isEmpty else { throw .bus(.unavailable) }
            var counts = [Int64](repeating: 0, count: rawFDs.count)
            for (slot, fd) in rawFDs.enumerated() {
                guard let value = Self.readCount(fd) else { throw .bus(.unavailable) }
                counts[slot] = value
            }
            body(sample(counts: counts, time: now))
            report.delivered = 1
        case .buffer:
            let fd = bufferFD
            guard fd >= 0 else { throw .bus(.unavailable) }
            let size = layout.recordBytes
            var bytes = [UInt8](repeating: 0, count: max(1, size))
            // Bounded: `recordsPerRead` records; the rest wait for the next read.
            for _ in 0..<Self.recordsPerRead {
                let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, size) }
                if got < 0 {
                    if errno == EAGAIN || errno == EINTR { break }
                    throw .bus(.unavailable)
                }
                guard got == size else { break }
                let decoded = bytes.withUnsafeBytes { decode($0) }
                // The kernel stamps a record in its interrupt and queues it after reading the
                // chip: one can arrive stamped before a read that found the buffer empty.
                // Kept after that read and no later than now (Accelerometer.readSamples).
                var time = decoded.time ?? now
                if time <= lastReturned { time = lastReturned + TimeSpan(nanoseconds: 1) }
                if time > now { time = now }
                body(sample(counts: decoded.counts, time: time))
                report.delivered += 1
            }
        }
        lastReturned = now
        return report
    }

    /// The sample for `counts` (accelerometer x, y, z, then the gyro's when read).
    func sample(counts: [Int64], time: Instant) -> Sample {
        let g = device.accelerationScale / IIODevice.standardGravity
        var chip = Sample(
            time: time, accelerationG: Vector3(x: Float(Double(counts[0]) * g), y: Float(Double(counts[1]) * g), z: Float(Double(counts[2]) * g)))
        if counts.count >= 6, let scale = device.angularRateScale {
            let dps = scale * 180 / Double.pi
            chip.angularRateDPS = Vector3(
                x: Float(Double(counts[3]) * dps), y: Float(Double(counts[4]) * dps), z: Float(Double(counts[5]) * dps))
        }
        var turned = settings.mount.apply(device.mountMatrix.apply(chip))
        turned.accelerationG = turned.accelerationG - offsetG
        return turned
    }

    /// One buffer record: the counts in the order `sample` takes them, and its timestamp.
    func decode(_ bytes: UnsafeRawBufferPointer) -> (counts: [Int64], time: Instant?) {
        var counts: [Int64] = []
        for name in device.wantedScanElements(gyro: settings.gyro) where name != "in_timestamp" {
            guard let element = layout.element(name) else { continue }
            counts.append(element.type.value(in: bytes, at: element.offset))
        }
        let time = layout.element("in_timestamp").map { Instant(nanoseconds: $0.type.value(in: bytes, at: $0.offset)) }
        return (counts, time)
    }

    /// Parses a raw attribute's count ("-16384\n") read from offset 0 of `fd`.
    static func readCount(_ fd: Int32) -> Int64? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        var text = String(decoding: buffer[0..<count], as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return Int64(text)
    }

    private func open() throws(IIOError) {
        switch mode {
        case .raw:
            for path in device.rawAttributes(gyro: settings.gyro) {
                let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else {
                    closeAll()
                    throw .missing("\(path) cannot be opened: \(LinuxDeviceError.message(errno))")
                }
                rawFDs.append(fd)
            }
        case .buffer(let trigger):
            try enableBuffer(trigger: trigger)
            let node = devRoot + "/" + device.node
            bufferFD = Glibc.open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard bufferFD >= 0 else {
                let code = errno
                closeAll()
                throw .missing("\(node) cannot be opened: \(LinuxDeviceError.message(code))")
            }
        }
    }

    /// The buffer's set-up (sysfs-bus-iio): off first, the wanted scan elements on and the
    /// rest off, timestamps on CLOCK_MONOTONIC, the trigger, the length, the driver's rate
    /// (best effort: a driver may round it or not have it), on.
    private func enableBuffer(trigger: String) throws(IIOError) {
        let directory = device.directory
        Sysfs.write(directory + "/buffer/enable", "0")
        let wanted = Set(device.wantedScanElements(gyro: settings.gyro))
        for entry in Sysfs.list(directory + "/scan_elements") where entry.hasSuffix("_en") {
            let name = String(entry.dropLast(3))
            Sysfs.write(directory + "/scan_elements/" + entry, wanted.contains(name) ? "1" : "0")
        }
        Sysfs.write(directory + "/current_timestamp_clock", "monotonic")
        if Sysfs.read(directory + "/trigger/current_trigger") != trigger,
            let code = Sysfs.write(directory + "/trigger/current_trigger", trigger)
        {
            throw .refused("\(directory)/trigger/current_trigger: the kernel refused \(trigger): \(LinuxDeviceError.message(code))")
        }
        Sysfs.write(directory + "/buffer/length", String(Self.bufferRecords))
        Sysfs.write(directory + "/sampling_frequency", String(Int(settings.rateHz.rounded())))
        layout = try device.enabledLayout()
        for name in ["in_accel_x", "in_accel_y", "in_accel_z"] where layout.element(name) == nil {
            throw .refused("\(directory)/scan_elements/\(name)_en did not turn on")
        }
        if let code = Sysfs.write(directory + "/buffer/enable", "1") {
            throw .refused("\(directory)/buffer/enable: the kernel refused to start the buffer: \(LinuxDeviceError.message(code))")
        }
    }

    private func closeAll() {
        for fd in rawFDs { close(fd) }
        rawFDs = []
        if bufferFD >= 0 {
            close(bufferFD)
            bufferFD = -1
            Sysfs.write(device.directory + "/buffer/enable", "0")
        }
    }
}
