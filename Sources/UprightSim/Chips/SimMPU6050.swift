import UprightCore

/// A register-level MPU-6050: register file with reset values, auto-incrementing bursts,
/// FIFO_R_W streaming, a 1024-byte FIFO that overwrites its oldest bytes, clear-on-read
/// INT_STATUS, DEVICE_RESET and SLEEP (asleep, the data registers stay frozen), range, filter
/// and divider changing the counts and the sample times.
///
/// Samples are produced lazily: each transaction first computes the samples due since the
/// last one from the virtual time, so an idle chip costs nothing per simulation tick.
public final class SimMPU6050: SimRegisterChip {
    /// WHO_AM_I value: 0x68 for a genuine part; relatives and clones answer others.
    public let whoAmI: UInt8
    public let fifoCapacityBytes: Int
    /// Read for every sample measured by the single-threaded simulation: unchecked exclusivity.
    @exclusivity(unchecked) public var imperfections: SensorImperfections
    /// Die temperature the chip reports.
    @exclusivity(unchecked) public var temperatureCelsius: Float = 25
    /// Chip-frame motion (the simulator applies the board's mount matrix before this).
    public let motion: any MotionSource

    /// 128 registers in a raw allocation (see `ByteFIFO` for why not an array).
    private let registers = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
    // The simulation is single-threaded, and these are read and written for every sample
    // measured: unchecked exclusivity spares a runtime access-tracking call per access.
    @exclusivity(unchecked) var pointer: UInt8 = 0
    static var registerMask: UInt8 { 0x7F }
    @exclusivity(unchecked) private var fifo: ByteFIFO
    @exclusivity(unchecked) private var lastFIFOByte: UInt8 = 0
    @exclusivity(unchecked) var nextSampleTime = Instant.zero
    @exclusivity(unchecked) var frozenUntil: Instant?
    @exclusivity(unchecked) private var noise: NormalTable
    /// Samples measured since creation (for tests and statistics).
    @exclusivity(unchecked) public private(set) var samplesMeasured = 0
    /// Power-on and DEVICE_RESET resets since creation.
    public internal(set) var resetCount = 0

    public init(
        motion: any MotionSource, seed: UInt64, whoAmI: UInt8 = 0x68, fifoCapacityBytes: Int = 1024,
        imperfections: SensorImperfections = .mpu6050Typical
    ) {
        self.motion = motion
        self.whoAmI = whoAmI
        self.fifoCapacityBytes = fifoCapacityBytes
        self.imperfections = imperfections
        var generator = SeededGenerator(seed: seed)
        noise = NormalTable(generator: &generator)
        fifo = ByteFIFO(capacity: fifoCapacityBytes)
        registers.initialize(repeating: 0, count: 128)
        writeResetValues()
    }

    deinit {
        registers.deallocate()
        fifo.deallocate()
    }

    /// RM section 3 register table: every register resets to 0x00 except PWR_MGMT_1 (0x40,
    /// asleep) and WHO_AM_I.
    func writeResetValues() {
        registers.update(repeating: 0, count: 128)
        registers[Int(MPU6050Register.powerManagement1)] = MPU6050Register.powerSleep
        registers[Int(MPU6050Register.whoAmI)] = whoAmI
        fifo.clear()
        frozenUntil = nil
    }

    /// The register file as the chip holds it now (for tests).
    public func register(_ address: UInt8) -> UInt8 { registers[Int(address & 0x7F)] }

    public var isAsleep: Bool { registers[Int(MPU6050Register.powerManagement1)] & MPU6050Register.powerSleep != 0 }

    public var fifoCount: Int { fifo.count }

    /// RM 4.2: sample rate = gyroscope output rate / (1 + SMPLRT_DIV).
    public var samplePeriod: TimeSpan {
        let filter = registers[Int(MPU6050Register.config)] & 0x07
        let outputRateHz: Int64 = filter == 0 || filter == 7 ? 8000 : 1000
        return TimeSpan(nanoseconds: (1 + Int64(registers[Int(MPU6050Register.sampleRateDivider)])) * 1_000_000_000 / outputRateHz)
    }

    /// The INT pin's logical state at `now` (RM 4.14-4.16): an enabled interrupt whose status
    /// bit is set and not yet cleared by a read. The simulator turns rising edges of this into
    /// GPIO events.
    public func interruptAsserted(now: Instant) -> Bool {
        catchUp(now: now)
        return registers[Int(MPU6050Register.interruptStatus)] & registers[Int(MPU6050Register.interruptEnable)] != 0
    }

    public func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer, now: Instant) {
        begin(write: write, now: now)
        if pointer == MPU6050Register.fifoReadWrite {
            // Stream the FIFO in bulk; an empty FIFO repeats the last byte read from it.
            let taken = fifo.pop(into: read)
            if taken > 0 { lastFIFOByte = read[taken - 1] }
            for index in taken..<read.count { read[index] = lastFIFOByte }
            return
        }
        for index in 0..<read.count {
            read[index] = load(pointer)
            advancePointer()
        }
    }

    /// Reads stream FIFO_R_W without moving the pointer (RM 4.31); elsewhere it increments.
    func advancePointer() {
        if pointer != MPU6050Register.fifoReadWrite { pointer = (pointer + 1) & Self.registerMask }
    }

    private func load(_ address: UInt8) -> UInt8 {
        switch address {
        case MPU6050Register.fifoReadWrite:
            // An empty FIFO repeats the last byte read from it.
            if let byte = fifo.pop() { lastFIFOByte = byte }
            return lastFIFOByte
        case MPU6050Register.fifoCountHigh:
            return UInt8(fifo.count >> 8)
        case MPU6050Register.fifoCountHigh + 1:
            return UInt8(fifo.count & 0xFF)
        case MPU6050Register.interruptStatus:
            let value = registers[Int(address)]
            registers[Int(address)] = 0
            return value
        default:
            return registers[Int(address)]
        }
    }

    func store(_ value: UInt8, at address: UInt8, now: Instant) {
        switch address {
        case MPU6050Register.whoAmI, MPU6050Register.interruptStatus, MPU6050Register.fifoCountHigh, MPU6050Register.fifoCountHigh + 1,
            MPU6050Register.accelXHigh...(MPU6050Register.gyroXHigh + 5):
            return // read-only
        case MPU6050Register.fifoReadWrite:
            fifo.push(value)
        case MPU6050Register.powerManagement1:
            if value & MPU6050Register.powerDeviceReset != 0 {
                resetRegisters()
                return
            }
            let wasAsleep = isAsleep
            registers[Int(address)] = value
            if wasAsleep && !isAsleep { nextSampleTime = now + samplePeriod }
        case MPU6050Register.userControl:
            if value & MPU6050Register.userFIFOReset != 0 { fifo.clear() }
            registers[Int(address)] = value & ~UInt8(0x07) // reset bits clear themselves
        default:
            registers[Int(address)] = value
        }
    }

    private var fifoRecordBytes: Int {
        let enabled = registers[Int(MPU6050Register.fifoEnable)]
        var bytes = 0
        if enabled & MPU6050Register.fifoTemperature != 0 { bytes += 2 }
        if enabled & 0x40 != 0 { bytes += 2 }
        if enabled & 0x20 != 0 { bytes += 2 }
        if enabled & 0x10 != 0 { bytes += 2 }
        if enabled & MPU6050Register.fifoAccelerometer != 0 { bytes += 6 }
        return bytes
    }

    /// Produces the samples due up to `now`: only the last one when the FIFO is off, only the
    /// ones that can still be in the FIFO when it is on (older ones would be overwritten).
    func catchUp(now: Instant) {
        if isAsleep {
            nextSampleTime = now + samplePeriod
            return
        }
        guard nextSampleTime <= now else { return }
        let period = samplePeriod
        let due = Int((now - nextSampleTime).nanoseconds / period.nanoseconds) + 1
        let recordBytes = fifoRecordBytes
        let fifoOn = registers[Int(MPU6050Register.userControl)] & MPU6050Register.userFIFOEnable != 0 && recordBytes > 0
        let useful = fifoOn ? fifoCapacityBytes / recordBytes + 2 : 1
        let skipped = max(0, due - useful)
        let enabled = registers[Int(MPU6050Register.fifoEnable)]
        let needsGyro = enabled & 0x70 != 0
        // Work on local copies; one write-back per batch instead of one access per byte.
        var fifo = self.fifo
        var noise = self.noise
        let first = nextSampleTime
        for index in skipped..<due {
            let last = index == due - 1
            measure(at: first + period * Int64(index), gyro: needsGyro || last, noise: &noise)
            if fifoOn { pushRecord(enabled, into: &fifo) }
        }
        self.noise = noise
        if fifoOn && fifo.takeOverflow() { registers[Int(MPU6050Register.interruptStatus)] |= MPU6050Register.interruptFIFOOverflow }
        self.fifo = fifo
        registers[Int(MPU6050Register.interruptStatus)] |= MPU6050Register.interruptDataReady
        samplesMeasured += due - skipped
        nextSampleTime = first + period * Int64(due)
    }

    private func measure(at time: Instant, gyro: Bool, noise: inout NormalTable) {
        if dataFrozen(at: time) { return }
        let truth = motion.motion(at: time)
        let accelCounts = Float(16384 >> Int((registers[Int(MPU6050Register.accelConfig)] >> 3) & 3))
        let a = truth.accelerationG + imperfections.accelerationBiasG
        let an = imperfections.accelerationNoiseG
        put(MPU6050Register.accelXHigh, (a.x + an * noise.next()) * accelCounts)
        put(MPU6050Register.accelXHigh + 2, (a.y + an * noise.next()) * accelCounts)
        put(MPU6050Register.accelXHigh + 4, (a.z + an * noise.next()) * accelCounts)
        guard gyro else { return }
        let gyroCounts = (MPU6050GyroRange(rawValue: (registers[Int(MPU6050Register.gyroConfig)] >> 3) & 3) ?? .dps250).countsPerDPS
        let g = truth.angularRateDPS + imperfections.angularRateBiasDPS
        let gn = imperfections.angularRateNoiseDPS
        put(MPU6050Register.temperatureHigh, (temperatureCelsius - 36.53) * 340)
        put(MPU6050Register.gyroXHigh, (g.x + gn * noise.next()) * gyroCounts)
        put(MPU6050Register.gyroXHigh + 2, (g.y + gn * noise.next()) * gyroCounts)
        put(MPU6050Register.gyroXHigh + 4, (g.z + gn * noise.next()) * gyroCounts)
    }

    /// Quantises to a signed 16-bit count (saturating at full scale) stored big-endian.
    /// Rounds half away from zero exactly as `Float.rounded()` does, without its libm call:
    /// the fraction `limited - whole` is exact, since both are floats less than 1 apart.
    ///
    /// The step up or down is read from a sign bit, not branched to: the noise makes it a coin
    /// toss per count, and the mispredicted branches cost more than the rest (the soak's
    /// profile had this function at a fifth of its time). `fraction - 0.5` is non-negative
    /// exactly when `fraction >= 0.5` (it is exact from 0.25 up, and below that clearly
    /// negative), `-0.5 - fraction` exactly when `fraction <= -0.5`; a zero difference is +0.
    @inline(__always)
    private func put(_ address: UInt8, _ value: Float) {
        let limited = max(-40000, min(40000, value))
        let whole = Int32(limited)
        let fraction = limited - Float(whole)
        let up = Int32(bitPattern: (fraction - 0.5).bitPattern >> 31) ^ 1
        let down = Int32(bitPattern: (-0.5 - fraction).bitPattern >> 31) ^ 1
        let nearest = whole &+ up &- down
        let count = Int16(max(-32768, min(32767, nearest)))
        let bits = UInt16(bitPattern: count)
        registers[Int(address)] = UInt8(bits >> 8)
        registers[Int(address) + 1] = UInt8(bits & 0xFF)
    }

    /// RM 4.6: the enabled measurements, in register order (accel, temp, gyro X, Y, Z).
    private func pushRecord(_ enabled: UInt8, into fifo: inout ByteFIFO) {
        if enabled & MPU6050Register.fifoAccelerometer != 0 { fifo.push(registers + Int(MPU6050Register.accelXHigh), 6) }
        if enabled & MPU6050Register.fifoTemperature != 0 { fifo.push(registers + Int(MPU6050Register.temperatureHigh), 2) }
        if enabled & 0x40 != 0 { fifo.push(registers + Int(MPU6050Register.gyroXHigh), 2) }
        if enabled & 0x20 != 0 { fifo.push(registers + Int(MPU6050Register.gyroXHigh) + 2, 2) }
        if enabled & 0x10 != 0 { fifo.push(registers + Int(MPU6050Register.gyroXHigh) + 4, 2) }
    }
}
