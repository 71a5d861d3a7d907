/// Driver for the InvenSense MPU-6050 (and relatives that share its register map) on any
/// `I2CBus`. Initialises as Linux's inv_mpu6050 does: check WHO_AM_I, reset, wait 100 ms,
/// wake on the PLL clock, gyro range, low-pass filter, divider, accelerometer range,
/// interrupt pin, FIFO.
public struct MPU6050<Bus: I2CBus>: Accelerometer, ChipDriver {
    /// After DEVICE_RESET (RM 4.28, which gives no time) wait 100 ms, as Linux's inv_mpu6050 does.
    public static var resetTime: TimeSpan { .milliseconds(100) }
    /// The scratch buffer for one FIFO drain transaction (the whole MPU-6050 FIFO).
    static var drainBufferBytes: Int { 1024 }

    /// The bus the chip is on.
    public let bus: Bus
    /// 0x68 (AD0 low) or 0x69 (AD0 high).
    public let address: UInt8
    /// Takes effect at the next `begin`.
    public var configuration: MPU6050Configuration
    /// Turns the data or FIFO bytes into samples (mount matrix and offset included).
    public private(set) var decoder: MPU6050Decoder
    /// The part identified by the last `begin`, nil before.
    public private(set) var identity: ChipIdentity?

    /// What the driver keeps between reads (`ChipDriver`).
    @usableFromInline var progress: ChipProgress

    /// A driver for the chip at `address` on `bus`; nothing is sent until `begin`.
    public init(bus: Bus, address: UInt8 = 0x68, configuration: MPU6050Configuration = MPU6050Configuration(), mount: MountMatrix = .identity) {
        self.bus = bus
        self.address = address
        self.configuration = configuration
        self.decoder = MPU6050Decoder(
            contents: configuration.fifoContents, accelerometerRange: configuration.accelerometerRange, gyroRange: configuration.gyroRange,
            mount: mount)
        self.progress = ChipProgress(stuckSampleLimit: configuration.stuckSampleLimit)
    }

    /// Time between two samples at the configured rate.
    public var samplePeriod: TimeSpan { configuration.samplePeriod }

    /// The FIFO's depth in records of the configured contents (`ChipModel.fifoCapacity`
    /// bytes: 1024 on the MPU-6050, less on some relatives, known once identified).
    public var fifoSamples: Int {
        guard configuration.readMode == .fifo else { return 0 }
        return (identity?.model.fifoCapacity ?? 1024) / configuration.fifoContents.bytesPerSample
    }

    /// The software calibration offset (g, device frame) subtracted from every sample.
    public var offsetG: Vector3 {
        get { decoder.offsetG }
        set { decoder.offsetG = newValue }
    }

    /// Maps the chip's axes to the device frame.
    public var mount: MountMatrix {
        get { decoder.mount }
        set { decoder.mount = newValue }
    }

    /// Reads WHO_AM_I (RM 4.32) and names the part; unknown values are refused.
    public func identify() throws(SensorError) -> ChipIdentity {
        try identify(register: MPU6050Register.whoAmI) { ChipModel.mpuFamily(whoAmI: $0) }
    }

    /// Identifies the chip (WHO_AM_I) and resets it; `readSamples` configures it after the reset time.
    @inline(never)
    public mutating func begin(now: Instant) throws(SensorError) {
        identity = try identify()
        try write(MPU6050Register.powerManagement1, MPU6050Register.powerDeviceReset)
        progress.phase = .resetting(readyAt: now + Self.resetTime)
    }

    /// Writes the configuration into a chip that has come out of reset.
    @usableFromInline mutating func applyConfiguration() throws(SensorError) {
        let c = configuration
        decoder = MPU6050Decoder(
            contents: c.fifoContents, accelerometerRange: c.accelerometerRange, gyroRange: c.gyroRange, mount: decoder.mount, offsetG: decoder.offsetG
        )
        try writeSettings()
    }

    @usableFromInline var readMode: ReadMode { configuration.readMode }
    @usableFromInline var healthCheckInterval: TimeSpan { configuration.healthCheckInterval }
    @usableFromInline var stuckSampleLimit: Int { configuration.stuckSampleLimit }

    /// Wake on the PLL clock (RM 4.28), gyro range (4.4), low-pass filter (4.3), divider (4.2),
    /// accelerometer range (4.5), INT pin (4.14, 4.15), FIFO contents (4.6) and FIFO on (4.27).
    /// The health check (`ChipDriver.checkHealth`) reads them back, PWR_MGMT_1 first: anything
    /// but "awake on the PLL clock" there means the chip lost power (reset value 0x40, asleep)
    /// or was reset; any other register that differs was left so by a failed write (a FIFO
    /// reset whose enable was not acknowledged leaves USER_CTRL 0 and the FIFO off for good).
    @usableFromInline func forEachSetting(configuring: Bool, _ body: (UInt8, UInt8) throws(SensorError) -> Void) throws(SensorError) {
        let c = configuration
        try body(MPU6050Register.powerManagement1, MPU6050Register.powerClockPLLGyroX)
        try body(MPU6050Register.gyroConfig, c.gyroRange.rawValue << 3)
        try body(MPU6050Register.config, c.lowPassFilter.rawValue)
        try body(MPU6050Register.sampleRateDivider, c.sampleRateDivider)
        try body(MPU6050Register.accelConfig, c.accelerometerRange.rawValue << 3)
        if let pin = c.interruptPin {
            var pinBits = MPU6050Register.pinClearOnAnyRead
            if pin.activeLow { pinBits |= MPU6050Register.pinActiveLow }
            if pin.latched { pinBits |= MPU6050Register.pinLatch }
            try body(MPU6050Register.interruptPinConfig, pinBits)
            var enable = MPU6050Register.interruptDataReady
            if c.readMode == .fifo { enable |= MPU6050Register.interruptFIFOOverflow }
            try body(MPU6050Register.interruptEnable, enable)
        }
        if c.readMode == .fifo {
            try body(MPU6050Register.fifoEnable, c.fifoContents.fifoEnableBits)
            // RM 4.27: FIFO_RESET (self-clearing) takes effect while FIFO_EN is 0.
            if configuring { try body(MPU6050Register.userControl, MPU6050Register.userFIFOReset) }
            try body(MPU6050Register.userControl, MPU6050Register.userFIFOEnable)
        }
    }

    /// The accelerometer's read (`Accelerometer.readSamples`, `ChipDriver.readTracked`).
    @inline(never)
    public mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        try readTracked(now: now, into: body)
    }

    /// Modes (a) and the register-by-register baseline: the data block at 0x3B (RM 4.17).
    @usableFromInline mutating func readBlock(now: Instant, report: inout ReadReport, body: (Sample) -> Void) throws(SensorError) {
        var block: (UInt64, UInt64) = (0, 0) // 16 bytes of scratch for the 14-byte block
        let whole = configuration.fifoContents != .accelerometer
        let decoder =
            whole
            ? MPU6050Decoder(
                contents: .all, accelerometerRange: configuration.accelerometerRange, gyroRange: configuration.gyroRange, mount: self.decoder.mount,
                offsetG: self.decoder.offsetG) : self.decoder
        let count = whole ? 14 : 6
        let byRegister = configuration.readMode == .registerByRegister
        let isStuck = try withUnsafeMutableBytes(of: &block) { (raw) throws(SensorError) -> Bool in
            let bytes = UnsafeMutableRawBufferPointer(rebasing: raw[0..<count])
            try readDataBlock(from: MPU6050Register.accelXHigh, into: bytes, byRegister: byRegister)
            let view = UnsafeRawBufferPointer(bytes)
            if progress.stuck.isStuck(view, at: 0) { return true }
            body(decoder.sample(view, at: 0, time: now))
            return false
        }
        if isStuck { return try restartStuck(now: now, report: &report) }
        report.delivered += 1
        progress.lastDelivered = now
    }

    /// Mode (b): FIFO_COUNT then whole records from FIFO_R_W (RM 4.30, 4.31).
    @usableFromInline mutating func drainFIFO(now: Instant, report: inout ReadReport, body: (Sample) -> Void) throws(SensorError) {
        let size = decoder.contents.bytesPerSample
        let capacity = identity?.model.fifoCapacity ?? 1024
        // RM 4.31 / PS 7.17: on overflow the chip overwrites the oldest bytes, so a count past
        // the last whole record (or not a multiple of the record size) means records are torn.
        // A bit flipped on the wire reads the same way (no power of two is a multiple of 6, 12
        // or 14), and flushing for it throws away up to a FIFO of good samples: read the count
        // once more, and flush only if that read is implausible too.
        func plausible(_ count: Int) -> Bool { count <= capacity - capacity % size && count % size == 0 }
        var count = try readFIFOCount()
        if !plausible(count) { count = try readFIFOCount() }
        if !plausible(count) {
            try flushTornFIFO(count: count, capacity: capacity, recordBytes: size, now: now, report: &report)
            return
        }
        if count == 0 { return try foundEmpty(now: now, report: &report) }
        let chunkRecords = min(bus.capabilities.maximumReadBytes, Self.drainBufferBytes) / size
        guard chunkRecords > 0 else { throw .adapterTooSmall(maximumReadBytes: bus.capabilities.maximumReadBytes) }
        let records = count / size
        let period = Self.stampingPeriod(samplePeriod, records: records, since: max(progress.lastDelivered, progress.stampFloor), now: now)
        let bus = self.bus
        let address = self.address
        let decoder = self.decoder
        let isStuck = try withUnsafeTemporaryAllocation(byteCount: min(records, chunkRecords) * size, alignment: 8) {
            (buffer) throws(SensorError) -> Bool in
            var done = 0
            while done < records {
                let take = min(records - done, chunkRecords)
                let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(take * size)])
                do throws(I2CError) {
                    try bus.readRegisters(address: address, from: MPU6050Register.fifoReadWrite, into: chunk)
                } catch {
                    throw .bus(error)
                }
                let view = UnsafeRawBufferPointer(chunk)
                for index in 0..<take where progress.stuck.isStuck(view, at: index * size) { return true }
                done += take
                let newest = now - period * Int64(records - done)
                _ = decoder.decodeFIFO(view, newestTime: newest, period: period, into: body)
                report.delivered += take
            }
            return false
        }
        if isStuck { return try restartStuck(now: now, report: &report) }
        progress.lastDelivered = now
    }

    /// Resets the FIFO and counts what was lost, as Linux's inv_mpu6050 flushes: every sample
    /// due since the last drain, or the records a torn FIFO held if more (a count past the
    /// FIFO's size is a flipped bit, not records).
    @inline(__always)
    mutating func flushTornFIFO(count: Int, capacity: Int, recordBytes size: Int, now: Instant, report: inout ReadReport) throws(SensorError) {
        report.overflowed = true
        let held = count <= capacity ? count / size : 0
        report.lost += max(held, samplesDue(from: progress.lastDelivered, to: now))
        try resetFIFO()
        progress.lastDelivered = now
    }

    /// FIFO_COUNT_H and FIFO_COUNT_L in one read (RM 4.30: the count of bytes in the FIFO).
    func readFIFOCount() throws(SensorError) -> Int {
        do throws(I2CError) {
            return Int(try bus.readBigEndianUInt16(address: address, from: MPU6050Register.fifoCountHigh))
        } catch {
            throw .bus(error)
        }
    }

    /// RM 4.27: FIFO_RESET takes effect while FIFO_EN is 0; then enable the FIFO again.
    mutating func resetFIFO() throws(SensorError) {
        try write(MPU6050Register.userControl, MPU6050Register.userFIFOReset)
        try write(MPU6050Register.userControl, MPU6050Register.userFIFOEnable)
    }
}
