/// Driver for the Analog Devices ADXL345 on any `I2CBus`. Initialises as Linux's adxl345
/// driver does: check DEVID, standby, data format (full resolution and range), rate,
/// interrupts, FIFO, then measure. The chip has no reset command; it powers up in standby,
/// so a chip that lost power is recognised by POWER_CTL and simply configured again.
///
/// Its stored properties, initialiser and `offsetG`/`mount` repeat `MPU6050`'s, on purpose:
/// they are each driver's public face (`bus`, `address`, its own configuration and decoder
/// types); what the two do alike is written once in `ChipDriver` and `ChipProgress`.
public struct ADXL345<Bus: I2CBus>: Accelerometer, ChipDriver {
    /// The FIFO's depth plus the entry waiting in the data registers ("FIFO" section: up to 33).
    static var maximumEntries: Int { 33 }

    /// The bus the chip is on.
    public let bus: Bus
    /// 0x53 (ALT ADDRESS low) or 0x1D (high).
    public let address: UInt8
    /// Takes effect at the next `begin`.
    public var configuration: ADXL345Configuration
    /// Turns the data registers' bytes into samples (mount matrix and offset included).
    public private(set) var decoder: ADXL345Decoder
    /// The part identified by the last `begin`, nil before.
    public private(set) var identity: ChipIdentity?

    /// What the driver keeps between reads (`ChipDriver`).
    @usableFromInline var progress: ChipProgress

    /// A driver for the chip at `address` on `bus`; nothing is sent until `begin`.
    public init(bus: Bus, address: UInt8 = 0x53, configuration: ADXL345Configuration = ADXL345Configuration(), mount: MountMatrix = .identity) {
        self.bus = bus
        self.address = address
        self.configuration = configuration
        self.decoder = ADXL345Decoder(mount: mount)
        self.progress = ChipProgress(stuckSampleLimit: configuration.stuckSampleLimit)
    }

    /// Time between two samples at the configured data rate.
    public var samplePeriod: TimeSpan { configuration.samplePeriod }

    /// The FIFO holds 32 entries (data sheet "FIFO"; the data registers hold one more, not
    /// counted here, so a drain is never planned on a full FIFO).
    public var fifoSamples: Int { configuration.readMode == .fifo ? 32 : 0 }

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

    /// Reads DEVID (register 0x00) and names the part; unknown values are refused.
    public func identify() throws(SensorError) -> ChipIdentity {
        try identify(register: ADXL345Register.deviceID) { ChipModel.adxlFamily(deviceID: $0) }
    }

    /// Identifies the chip (DEVID); the next `readSamples` configures it.
    @inline(never)
    public mutating func begin(now: Instant) throws(SensorError) {
        identity = try identify()
        // No reset command and no wait: configuration registers are written in standby.
        progress.phase = .resetting(readyAt: now)
    }

    @usableFromInline func applyConfiguration() throws(SensorError) { try writeSettings() }

    @usableFromInline var readMode: ReadMode { configuration.readMode }
    @usableFromInline var healthCheckInterval: TimeSpan { configuration.healthCheckInterval }
    @usableFromInline var stuckSampleLimit: Int { configuration.stuckSampleLimit }

    /// Standby while configuring (POWER_CTL), DATA_FORMAT (full resolution, range, INT_INVERT),
    /// BW_RATE, INT_MAP and INT_ENABLE, FIFO_CTL (stream or bypass, Table 22), then Measure.
    /// The health check (`ChipDriver.checkHealth`) reads them back: after a power loss every
    /// register holds its reset value (DATA_FORMAT 0x00, POWER_CTL 0x00 = standby).
    @usableFromInline func forEachSetting(configuring: Bool, _ body: (UInt8, UInt8) throws(SensorError) -> Void) throws(SensorError) {
        let c = configuration
        if configuring { try body(ADXL345Register.powerControl, 0) }
        var format = ADXL345Register.formatFullResolution | c.range.rawValue
        if c.interruptPin?.activeLow == true { format |= ADXL345Register.formatInterruptActiveLow }
        try body(ADXL345Register.dataFormat, format)
        try body(ADXL345Register.bandwidthRate, c.dataRate.rawValue | (c.lowPower ? ADXL345Register.rateLowPower : 0))
        if c.interruptPin != nil {
            try body(ADXL345Register.interruptMap, 0)
            let enable =
                c.readMode == .fifo
                ? ADXL345Register.interruptWatermark | ADXL345Register.interruptOverrun
                : ADXL345Register.interruptDataReady
            try body(ADXL345Register.interruptEnable, enable)
        }
        try body(ADXL345Register.fifoControl, c.readMode == .fifo ? ADXL345Register.fifoModeStream | (min(c.fifoWatermark, 31) & 0x1F) : 0)
        try body(ADXL345Register.powerControl, ADXL345Register.powerMeasure)
    }

    /// The accelerometer's read (`Accelerometer.readSamples`, `ChipDriver.readTracked`).
    @inline(never)
    public mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        try readTracked(now: now, into: body)
    }

    /// One sample from the data registers (one burst, or six single-byte reads as a baseline).
    @usableFromInline mutating func readBlock(now: Instant, report: inout ReadReport, body: (Sample) -> Void) throws(SensorError) {
        var block: UInt64 = 0
        let decoder = self.decoder
        let byRegister = configuration.readMode == .registerByRegister
        let isStuck = try withUnsafeMutableBytes(of: &block) { (raw) throws(SensorError) -> Bool in
            let bytes = UnsafeMutableRawBufferPointer(rebasing: raw[0..<6])
            try readDataBlock(from: ADXL345Register.dataX0, into: bytes, byRegister: byRegister)
            let view = UnsafeRawBufferPointer(bytes)
            if progress.stuck.isStuck(view, at: 0) { return true }
            body(decoder.sample(view, at: 0, time: now))
            return false
        }
        if isStuck { return try restartStuck(now: now, report: &report) }
        report.delivered += 1
        progress.lastDelivered = now
    }

    /// FIFO_STATUS, then one six-byte read per entry: the data sheet's "Retrieving Data from
    /// FIFO" pops one entry per read of the data registers and wants at least 5 us between
    /// reads (the next transaction's START and address byte take longer than that even at
    /// 400 kHz), so the ADXL345 cannot stream its FIFO in one long read as the MPU-6050 can.
    @usableFromInline mutating func drainFIFO(now: Instant, report: inout ReadReport, body: (Sample) -> Void) throws(SensorError) {
        var entries = Int(try read(ADXL345Register.fifoStatus) & ADXL345Register.fifoEntriesMask)
        // More entries than the FIFO holds is a bit flipped on the wire (bit 5 set on a count
        // below 2): read FIFO_STATUS once more rather than read 33 entries, most of them
        // repeats of the data registers back-dated as if they were samples.
        if entries > Self.maximumEntries {
            entries = Int(try read(ADXL345Register.fifoStatus) & ADXL345Register.fifoEntriesMask)
        }
        if entries == 0 { return try foundEmpty(now: now, report: &report) }
        let records = min(entries, Self.maximumEntries)
        if records >= 32 {
            // Full: in stream mode the oldest entries were overwritten if Overrun is set.
            let source = try read(ADXL345Register.interruptSource)
            if source & ADXL345Register.interruptOverrun != 0 {
                report.overflowed = true
                report.lost += max(0, samplesDue(from: progress.lastDelivered, to: now) - records)
            }
        }
        let bus = self.bus
        let address = self.address
        let decoder = self.decoder
        let period = Self.stampingPeriod(samplePeriod, records: records, since: max(progress.lastDelivered, progress.stampFloor), now: now)
        let isStuck = try withUnsafeTemporaryAllocation(byteCount: records * 6, alignment: 8) { (buffer) throws(SensorError) -> Bool in
            for index in 0..<records {
                let entry = UnsafeMutableRawBufferPointer(rebasing: buffer[(index * 6)..<(index * 6 + 6)])
                do throws(I2CError) {
                    try bus.readRegisters(address: address, from: ADXL345Register.dataX0, into: entry)
                } catch {
                    // Deliver what was read; the rest stays in the FIFO for the next call.
                    if index > 0 {
                        let view = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<(index * 6)])
                        report.delivered += decoder.decodeFIFO(view, newestTime: now - period * Int64(records - index), period: period, into: body)
                        progress.lastDelivered = now - period * Int64(records - index)
                    }
                    throw .bus(error)
                }
                if progress.stuck.isStuck(UnsafeRawBufferPointer(entry), at: 0) { return true }
            }
            report.delivered += decoder.decodeFIFO(UnsafeRawBufferPointer(buffer), newestTime: now, period: period, into: body)
            return false
        }
        if isStuck { return try restartStuck(now: now, report: &report) }
        progress.lastDelivered = now
    }
}
