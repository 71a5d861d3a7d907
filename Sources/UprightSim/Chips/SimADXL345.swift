import UprightCore

/// A register-level ADXL345: register file with reset values, auto-incrementing bursts,
/// standby until POWER_CTL Measure, BW_RATE output data rate, DATA_FORMAT range and full
/// resolution, a 32-entry FIFO in bypass / FIFO / stream mode (each read of the data registers
/// pops one entry), FIFO_STATUS, INT_SOURCE with data ready, watermark and overrun.
///
/// Samples are produced lazily from the virtual time at each transaction.
public final class SimADXL345: SimRegisterChip {
    /// DEVID: 0xE5 for an ADXL345, 0xE6 for an ADXL346.
    public let deviceID: UInt8
    public var imperfections: SensorImperfections
    /// Chip-frame motion (the simulator applies the board's mount matrix before this).
    public let motion: any MotionSource

    /// Data sheet "FIFO": 32 entries.
    public static let fifoDepth = 32

    /// 64 registers in a raw allocation (array accesses per byte cost more than the model).
    private let registers = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    var pointer: UInt8 = 0
    static var registerMask: UInt8 { 0x3F }
    private var latest: (Int16, Int16, Int16) = (0, 0, 0)
    /// The FIFO as a ring of 32 entries of three counts.
    private let entries = UnsafeMutablePointer<(Int16, Int16, Int16)>.allocate(capacity: 32)
    private var fifoHead = 0
    private var fifoCount = 0
    var nextSampleTime = Instant.zero
    var frozenUntil: Instant?
    private var noise: NormalTable
    public private(set) var samplesMeasured = 0
    public internal(set) var resetCount = 0

    public init(motion: any MotionSource, seed: UInt64, deviceID: UInt8 = 0xE5, imperfections: SensorImperfections = .adxl345Typical) {
        self.motion = motion
        self.deviceID = deviceID
        self.imperfections = imperfections
        var generator = SeededGenerator(seed: seed)
        noise = NormalTable(generator: &generator)
        registers.initialize(repeating: 0, count: 64)
        entries.initialize(repeating: (0, 0, 0), count: Self.fifoDepth)
        writeResetValues()
    }

    deinit {
        registers.deallocate()
        entries.deallocate()
    }

    /// Data sheet Table 19 reset values: DEVID, BW_RATE 0x0A (100 Hz), INT_SOURCE 0x02, all
    /// others 0x00 (POWER_CTL 0: standby, FIFO_CTL 0: bypass).
    func writeResetValues() {
        registers.update(repeating: 0, count: 64)
        registers[Int(ADXL345Register.deviceID)] = deviceID
        registers[Int(ADXL345Register.bandwidthRate)] = 0x0A
        registers[Int(ADXL345Register.interruptSource)] = 0x02
        fifoCount = 0
        latest = (0, 0, 0)
        frozenUntil = nil
    }

    public func register(_ address: UInt8) -> UInt8 { registers[Int(address & 0x3F)] }

    public var isMeasuring: Bool { registers[Int(ADXL345Register.powerControl)] & ADXL345Register.powerMeasure != 0 }

    public var fifoEntries: Int { fifoCount }

    private var fifoMode: UInt8 { registers[Int(ADXL345Register.fifoControl)] >> 6 }

    /// Table 7: 10.24 s / 2^code.
    public var samplePeriod: TimeSpan {
        TimeSpan(nanoseconds: 10_240_000_000 >> Int64(registers[Int(ADXL345Register.bandwidthRate)] & 0x0F))
    }

    /// The INT1 pin's logical state at `now`: an enabled source mapped to INT1 (INT_MAP bit
    /// clear) that is pending. Watermark follows the FIFO level; the simulator turns rising
    /// edges into GPIO events.
    public func interruptAsserted(now: Instant) -> Bool {
        catchUp(now: now)
        var pending = registers[Int(ADXL345Register.interruptSource)] & ~ADXL345Register.interruptWatermark
        let watermark = Int(registers[Int(ADXL345Register.fifoControl)] & 0x1F)
        if fifoMode != 0 && watermark > 0 && fifoCount >= watermark { pending |= ADXL345Register.interruptWatermark }
        if fifoMode != 0 && fifoCount == 0 { pending &= ~ADXL345Register.interruptDataReady }
        return pending & registers[Int(ADXL345Register.interruptEnable)] & ~registers[Int(ADXL345Register.interruptMap)] != 0
    }

    public func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer, now: Instant) {
        begin(write: write, now: now)
        if pointer == ADXL345Register.dataX0 && read.count == 6 {
            // The common case, one entry: all six bytes at once.
            let value = shown
            let x = UInt16(bitPattern: value.0)
            let y = UInt16(bitPattern: value.1)
            let z = UInt16(bitPattern: value.2)
            read[0] = UInt8(x & 0xFF)
            read[1] = UInt8(x >> 8)
            read[2] = UInt8(y & 0xFF)
            read[3] = UInt8(y >> 8)
            read[4] = UInt8(z & 0xFF)
            read[5] = UInt8(z >> 8)
            pointer = ADXL345Register.dataX0 + 6
            if fifoMode != 0 && fifoCount > 0 { popEntry() }
            return
        }
        var readData = false
        for index in 0..<read.count {
            if pointer >= ADXL345Register.dataX0 && pointer <= ADXL345Register.dataX0 + 5 { readData = true }
            read[index] = load(pointer)
            advancePointer()
        }
        // "Retrieving Data from FIFO": the entry pops when the read of the data registers ends.
        if readData && fifoMode != 0 && fifoCount > 0 { popEntry() }
    }

    func advancePointer() { pointer = (pointer + 1) & Self.registerMask }

    private var shown: (Int16, Int16, Int16) { fifoMode != 0 && fifoCount > 0 ? entries[fifoHead] : latest }

    private func popEntry() {
        fifoHead = (fifoHead + 1) % Self.fifoDepth
        fifoCount -= 1
    }

    private func pushEntry(_ entry: (Int16, Int16, Int16)) {
        entries[(fifoHead + fifoCount) % Self.fifoDepth] = entry
        fifoCount += 1
    }

    func store(_ value: UInt8, at address: UInt8, now: Instant) {
        switch address {
        case ADXL345Register.deviceID, ADXL345Register.interruptSource, ADXL345Register.fifoStatus,
            ADXL345Register.dataX0...(ADXL345Register.dataX0 + 5):
            return // read-only
        case ADXL345Register.powerControl:
            let wasMeasuring = isMeasuring
            registers[Int(address)] = value
            if !wasMeasuring && isMeasuring { nextSampleTime = now + samplePeriod }
        case ADXL345Register.fifoControl:
            registers[Int(address)] = value
            if value >> 6 == 0 { fifoCount = 0 }
        default:
            registers[Int(address)] = value
        }
    }

    private func load(_ address: UInt8) -> UInt8 {
        switch address {
        case ADXL345Register.dataX0...(ADXL345Register.dataX0 + 5):
            let value = shown
            let axis = Int(address - ADXL345Register.dataX0) / 2
            let count = axis == 0 ? value.0 : axis == 1 ? value.1 : value.2
            let bits = UInt16(bitPattern: count)
            return (address - ADXL345Register.dataX0) % 2 == 0 ? UInt8(bits & 0xFF) : UInt8(bits >> 8)
        case ADXL345Register.fifoStatus:
            return UInt8(min(fifoCount, 63))
        case ADXL345Register.interruptSource:
            var value = registers[Int(address)] & ~ADXL345Register.interruptWatermark
            let watermark = Int(registers[Int(ADXL345Register.fifoControl)] & 0x1F)
            if fifoMode != 0 && watermark > 0 && fifoCount >= watermark { value |= ADXL345Register.interruptWatermark }
            registers[Int(address)] = 0
            return value
        default:
            return registers[Int(address)]
        }
    }

    func catchUp(now: Instant) {
        guard isMeasuring else {
            nextSampleTime = now + samplePeriod
            return
        }
        guard nextSampleTime <= now else { return }
        let period = samplePeriod
        let due = Int((now - nextSampleTime).nanoseconds / period.nanoseconds) + 1
        let mode = fifoMode
        let useful = mode != 0 ? Self.fifoDepth + 1 : 1
        let skipped = max(0, due - useful)
        if skipped > 0 && mode != 0 { registers[Int(ADXL345Register.interruptSource)] |= ADXL345Register.interruptOverrun }
        var noise = self.noise
        defer { self.noise = noise }
        for index in skipped..<due {
            measure(at: nextSampleTime + period * Int64(index), noise: &noise)
            guard mode != 0 else { continue }
            if fifoCount == Self.fifoDepth {
                registers[Int(ADXL345Register.interruptSource)] |= ADXL345Register.interruptOverrun
                if mode == 1 { continue } // FIFO mode stops collecting when full
                popEntry() // stream and trigger modes keep the newest
            }
            pushEntry(latest)
        }
        registers[Int(ADXL345Register.interruptSource)] |= ADXL345Register.interruptDataReady
        nextSampleTime = nextSampleTime + period * Int64(due)
    }

    private func measure(at time: Instant, noise: inout NormalTable) {
        samplesMeasured += 1
        if dataFrozen(at: time) { return }
        let truth = motion.motion(at: time)
        let format = registers[Int(ADXL345Register.dataFormat)]
        let range = Int(format & 0x03)
        let fullResolution = format & ADXL345Register.formatFullResolution != 0
        // Full resolution: 256 LSB/g, 10 + range bits; 10-bit mode: 256 >> range LSB/g.
        let countsPerG = fullResolution ? Float(256) : Float(256 >> range)
        let limit = fullResolution ? Float(512 << range) : 512
        let a = truth.accelerationG + imperfections.accelerationBiasG
        let n = imperfections.accelerationNoiseG
        func quantise(_ g: Float) -> Int16 { Int16(max(-limit, min(limit - 1, (g * countsPerG).rounded()))) }
        latest = (quantise(a.x + n * noise.next()), quantise(a.y + n * noise.next()), quantise(a.z + n * noise.next()))
    }
}
