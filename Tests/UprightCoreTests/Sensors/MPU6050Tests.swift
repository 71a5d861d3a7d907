import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Expects the init sequence of RM 4.28 / Linux inv_mpu6050 for the default configuration
/// (+-2 g, 250 dps, DLPF 3 = 44 Hz, divider 0, FIFO with accelerometer only).
private func expectDefaultInitialisation(_ bus: ScriptedBus) {
    bus.expectRead(0x68, register: 0x75, reply: [0x68])
    bus.expectWrite(0x68, [0x6B, 0x80])
    bus.expectWrite(0x68, [0x6B, 0x01])
    bus.expectWrite(0x68, [0x1B, 0x00])
    bus.expectWrite(0x68, [0x1A, 0x03])
    bus.expectWrite(0x68, [0x19, 0x00])
    bus.expectWrite(0x68, [0x1C, 0x00])
    bus.expectWrite(0x68, [0x23, 0x08])
    bus.expectWrite(0x68, [0x6A, 0x04])
    bus.expectWrite(0x68, [0x6A, 0x40])
}

private func collect<S: Accelerometer>(_ sensor: inout S, at time: Instant) throws -> (ReadReport, [Sample]) {
    var samples: [Sample] = []
    let report = try sensor.readSamples(now: time) { samples.append($0) }
    return (report, samples)
}

@Suite struct MPU6050Tests {
    @Test(arguments: [
        (UInt8(0x68), ChipModel.mpu6050, true), (0x70, .mpu6500, false), (0x71, .mpu9250, false), (0x72, .mpu6050Clone, false),
        (0x73, .mpu9255, false), (0x74, .mpu6515, false), (0x78, .mpu6880, false), (0x98, .icm20689, false),
        (0xAF, .icm20608, false), (0x12, .icm20602, false),
    ])
    func identifiesGenuinePartsAndClones(whoAmI: UInt8, model: ChipModel, expected: Bool) throws {
        let bus = ScriptedBus()
        bus.expectRead(0x68, register: 0x75, reply: [whoAmI])
        let identity = try MPU6050(bus: bus).identify()
        #expect(identity.model == model)
        #expect(identity.idValue == whoAmI)
        #expect(identity.model.isExpectedPart == expected)
        bus.verify()
    }

    @Test func refusesAnUnknownDeviceWithTheValueRead() {
        let bus = ScriptedBus()
        bus.expectRead(0x69, register: 0x75, reply: [0x00])
        #expect(throws: SensorError.unknownDevice(address: 0x69, value: 0x00)) {
            _ = try MPU6050(bus: bus, address: 0x69).identify()
        }
        bus.verify()
    }

    @Test func initialisesLikeLinuxAndWaitsOutTheReset() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        var sensor = MPU6050(bus: bus)
        try sensor.begin(now: ms(0))
        // 99 ms after the reset the chip is not ready: no traffic, no samples.
        let (early, none) = try collect(&sensor, at: ms(99))
        #expect(!early.ready)
        #expect(none.isEmpty)
        let (ready, _) = try collect(&sensor, at: ms(100))
        #expect(ready.ready)
        #expect(sensor.identity?.model == .mpu6050)
        bus.verify()
    }

    @Test(arguments: [
        (
            MPU6050AccelerometerRange.g2, MPU6050GyroRange.dps250, MPU6050LowPassFilter.hz260, UInt8(7), [UInt8(0x00), 0x00, 0x07, 0x00],
            1_000_000 as Int64
        ),
        (.g4, .dps500, .hz184, 0, [0x08, 0x01, 0x00, 0x08], 1_000_000),
        (.g8, .dps1000, .hz94, 9, [0x10, 0x02, 0x09, 0x10], 10_000_000),
        (.g16, .dps2000, .hz5, 4, [0x18, 0x06, 0x04, 0x18], 5_000_000),
    ])
    func writesEveryRangeFilterAndDivider(
        accel: MPU6050AccelerometerRange, gyro: MPU6050GyroRange, filter: MPU6050LowPassFilter, divider: UInt8, bytes: [UInt8],
        periodNanoseconds: Int64
    ) throws {
        // bytes: GYRO_CONFIG, CONFIG, SMPLRT_DIV, ACCEL_CONFIG values (RM 4.2-4.5).
        var configuration = MPU6050Configuration()
        configuration.accelerometerRange = accel
        configuration.gyroRange = gyro
        configuration.lowPassFilter = filter
        configuration.sampleRateDivider = divider
        configuration.readMode = .burst
        let bus = ScriptedBus()
        bus.expectRead(0x68, register: 0x75, reply: [0x68])
        bus.expectWrite(0x68, [0x6B, 0x80])
        bus.expectWrite(0x68, [0x6B, 0x01])
        bus.expectWrite(0x68, [0x1B, bytes[0]])
        bus.expectWrite(0x68, [0x1A, bytes[1]])
        bus.expectWrite(0x68, [0x19, bytes[2]])
        bus.expectWrite(0x68, [0x1C, bytes[3]])
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        #expect(sensor.samplePeriod.nanoseconds == periodNanoseconds)
        bus.verify()
    }

    @Test(arguments: [(MPU6050AccelerometerRange.g2, Float(0.25)), (.g4, 0.5), (.g8, 1.0), (.g16, 2.0)])
    func scalesCountsByRange(range: MPU6050AccelerometerRange, expectedG: Float) {
        // 0x1000 = 4096 counts; PS 6.2: 16384 / 8192 / 4096 / 2048 LSB per g.
        let decoder = MPU6050Decoder(contents: .accelerometer, accelerometerRange: range, gyroRange: .dps250)
        let bytes: [UInt8] = [0x10, 0x00, 0xF0, 0x00, 0x00, 0x00]
        let sample = bytes.withUnsafeBytes { decoder.sample($0, at: 0, time: .zero) }
        #expect(sample.accelerationG == Vector3(x: expectedG, y: -expectedG, z: 0))
    }

    @Test func burstReadIsSixBigEndianBytesFrom0x3B() throws {
        var configuration = MPU6050Configuration()
        configuration.readMode = .burst
        let bus = ScriptedBus()
        bus.expectRead(0x68, register: 0x75, reply: [0x68])
        bus.expectWrite(0x68, [0x6B, 0x80])
        for bytes: [UInt8] in [[0x6B, 0x01], [0x1B, 0x00], [0x1A, 0x03], [0x19, 0x00], [0x1C, 0x00]] { bus.expectWrite(0x68, bytes) }
        // +16384 (1 g), -16384 (-1 g), +1 (one count): high byte first.
        bus.expectRead(0x68, register: 0x3B, reply: [0x40, 0x00, 0xC0, 0x00, 0x00, 0x01])
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (report, samples) = try collect(&sensor, at: ms(101))
        #expect(report.delivered == 1)
        #expect(samples == [Sample(time: ms(101), accelerationG: Vector3(x: 1, y: -1, z: 1.0 / 16384))])
        bus.verify()
    }

    @Test func wholeBlockCarriesTemperatureAndGyro() {
        // RM 4.18: -4080 / 340 + 36.53 = 24.53 C; RM 4.19: 131 counts = 1 dps at 250 dps.
        let decoder = MPU6050Decoder(contents: .all, accelerometerRange: .g2, gyroRange: .dps250)
        let bytes: [UInt8] = [0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x10, 0x00, 0x83, 0xFF, 0x7D, 0x00, 0x00]
        let sample = bytes.withUnsafeBytes { decoder.sample($0, at: 0, time: .zero) }
        #expect(sample.accelerationG == Vector3(x: 1, y: 0, z: 0))
        #expect(abs(sample.temperatureCelsius! - 24.53) < 0.001)
        #expect(sample.angularRateDPS == Vector3(x: 1, y: -1, z: 0))
    }

    @Test func mountMatrixMapsChipAxesToTheDevice() throws {
        // The chip's +x points to the device's top edge.
        let mount = try MountMatrix(rows: Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 0, z: 1))
        let decoder = MPU6050Decoder(contents: .accelerometer, accelerometerRange: .g2, gyroRange: .dps250, mount: mount)
        let bytes: [UInt8] = [0x40, 0x00, 0x00, 0x00, 0x00, 0x00]
        let sample = bytes.withUnsafeBytes { decoder.sample($0, at: .zero, time: .zero) }
        #expect(sample.accelerationG == Vector3(x: 0, y: 1, z: 0))
    }

    @Test func fifoDrainReadsCountThenWholeSamplesBackDated() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x0C])
        bus.expectRead(0x68, register: 0x74, reply: [0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00])
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (report, samples) = try collect(&sensor, at: ms(102))
        #expect(report.delivered == 2)
        #expect(
            samples == [
                Sample(time: ms(101), accelerationG: Vector3(x: 1, y: 0, z: 0)),
                Sample(time: ms(102), accelerationG: Vector3(x: 0, y: 1, z: 0)),
            ])
        bus.verify()
    }

    @Test func smbusAdapterDrainsInWholeSampleChunksOf30Bytes() throws {
        let bus = ScriptedBus(capabilities: .smbus)
        expectDefaultInitialisation(bus)
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x3C]) // 60 bytes = 10 samples
        bus.expectRead(0x68, register: 0x74, reply: Array(repeating: 0, count: 30))
        bus.expectRead(0x68, register: 0x74, reply: Array(repeating: 0, count: 30))
        var configuration = MPU6050Configuration()
        configuration.stuckSampleLimit = 0
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (report, samples) = try collect(&sensor, at: ms(110))
        #expect(report.delivered == 10)
        #expect(samples.map(\.time) == (101...110).map { ms($0) })
        bus.verify()
    }

    @Test func overflowResetsTheFIFOAndCountsTheLoss() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        bus.expectRead(0x68, register: 0x72, reply: [0x04, 0x00]) // 1024: full, records torn
        bus.expectRead(0x68, register: 0x72, reply: [0x04, 0x00]) // read again: still 1024
        bus.expectWrite(0x68, [0x6A, 0x04])
        bus.expectWrite(0x68, [0x6A, 0x40])
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (report, samples) = try collect(&sensor, at: ms(300))
        #expect(report.overflowed)
        #expect(report.lost == 200) // 200 ms at 1 kHz since the last drain
        #expect(samples.isEmpty)
        bus.verify()
    }

    /// A flipped bit turns FIFO_COUNT 12 into 14 (not whole 6-byte records): read it again
    /// and drain the 12 bytes instead of flushing them.
    @Test func implausibleCountIsReadAgainAndAPlausibleOneIsDrained() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x0E]) // 14 bytes: torn records?
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x0C]) // 12: it was the read
        bus.expectRead(0x68, register: 0x74, reply: [0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00])
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (report, samples) = try collect(&sensor, at: ms(102))
        #expect(!report.overflowed)
        #expect(report.lost == 0)
        #expect(report.delivered == 2)
        #expect(
            samples == [
                Sample(time: ms(101), accelerationG: Vector3(x: 1, y: 0, z: 0)),
                Sample(time: ms(102), accelerationG: Vector3(x: 0, y: 1, z: 0)),
            ])
        bus.verify()
    }

    /// Implausible twice: 14 bytes, then 1,024 (full, the oldest record overwritten: 170 whole
    /// records went, more than the 10 due) or 32,780 (bit 15 flipped on 12: more than the FIFO
    /// holds, so only the 10 samples due since the last drain count as lost). Either way the
    /// records cannot be trusted, and the FIFO is flushed.
    @Test(arguments: [([UInt8(0x04), 0x00], 170), ([0x80, 0x0C], 10)])
    func countImplausibleTwiceFlushesTheFIFO(second: [UInt8], lost: Int) throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x0E])
        bus.expectRead(0x68, register: 0x72, reply: second)
        bus.expectWrite(0x68, [0x6A, 0x04])
        bus.expectWrite(0x68, [0x6A, 0x40])
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (report, samples) = try collect(&sensor, at: ms(110))
        #expect(report.overflowed)
        #expect(report.lost == lost)
        #expect(samples.isEmpty)
        bus.verify()
    }

    @Test func busErrorSurfacesTypedAndTheNextCallSucceeds() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        bus.expectFailure(0x68, write: [0x72], readCount: 2, error: .timeout)
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x06])
        bus.expectRead(0x68, register: 0x74, reply: [0x00, 0x00, 0x00, 0x00, 0x40, 0x00])
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        #expect(throws: SensorError.bus(.timeout)) { _ = try collect(&sensor, at: ms(101)) }
        let (report, samples) = try collect(&sensor, at: ms(102))
        #expect(report.delivered == 1)
        #expect(samples.first?.accelerationG == Vector3(x: 0, y: 0, z: 1))
        bus.verify()
    }

    @Test func chipFoundAsleepIsResetAndReconfigured() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        // 250 ms later: an empty FIFO although samples were due, so PWR_MGMT_1 is checked:
        // 0x40 is its reset value (asleep): the chip lost power.
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x00])
        bus.expectRead(0x68, register: 0x6B, reply: [0x40])
        bus.expectRead(0x68, register: 0x75, reply: [0x68])
        bus.expectWrite(0x68, [0x6B, 0x80])
        for bytes: [UInt8] in [
            [0x6B, 0x01], [0x1B, 0x00], [0x1A, 0x03], [0x19, 0x00], [0x1C, 0x00], [0x23, 0x08], [0x6A, 0x04], [0x6A, 0x40],
        ] {
            bus.expectWrite(0x68, bytes)
        }
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (detected, _) = try collect(&sensor, at: ms(350))
        #expect(detected.chipResetDetected)
        let (waiting, _) = try collect(&sensor, at: ms(400))
        #expect(!waiting.ready)
        let (resumed, _) = try collect(&sensor, at: ms(450))
        #expect(resumed.ready)
        #expect(resumed.lost == 350) // from the last delivered sample (100 ms) to 450 ms
        bus.verify()
    }

    @Test func interruptPinIsConfiguredForDataReadyAndOverflow() throws {
        var configuration = MPU6050Configuration()
        configuration.interruptPin = InterruptPin(activeLow: true, latched: true)
        let bus = ScriptedBus()
        bus.expectRead(0x68, register: 0x75, reply: [0x68])
        for bytes: [UInt8] in [
            [0x6B, 0x80], [0x6B, 0x01], [0x1B, 0x00], [0x1A, 0x03], [0x19, 0x00], [0x1C, 0x00], [0x37, 0xB0], [0x38, 0x11], [0x23, 0x08],
            [0x6A, 0x04], [0x6A, 0x40],
        ] {
            bus.expectWrite(0x68, bytes)
        }
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        bus.verify()
    }

    @Test func healthCheckReadsTheConfigurationBackAndReinitialisesOnADifference() throws {
        let bus = ScriptedBus()
        expectDefaultInitialisation(bus)
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x06])
        bus.expectRead(0x68, register: 0x74, reply: [0x00, 0x00, 0x00, 0x00, 0x40, 0x00])
        // 250 ms after configuring: every register written is read back, in write order.
        for (register, value): (UInt8, UInt8) in [(0x6B, 0x01), (0x1B, 0x00), (0x1A, 0x03), (0x19, 0x00), (0x1C, 0x00), (0x23, 0x08), (0x6A, 0x40)] {
            bus.expectRead(0x68, register: register, reply: [value])
        }
        bus.expectRead(0x68, register: 0x72, reply: [0x00, 0x00])
        // USER_CTRL 0x00: the FIFO was left disabled (a failed write after a FIFO reset), while
        // PWR_MGMT_1 still says awake. Initialise again.
        for (register, value): (UInt8, UInt8) in [(0x6B, 0x01), (0x1B, 0x00), (0x1A, 0x03), (0x19, 0x00), (0x1C, 0x00), (0x23, 0x08), (0x6A, 0x00)] {
            bus.expectRead(0x68, register: register, reply: [value])
        }
        bus.expectRead(0x68, register: 0x75, reply: [0x68])
        bus.expectWrite(0x68, [0x6B, 0x80])
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(100) }
        let (healthy, samples) = try collect(&sensor, at: ms(350))
        #expect(samples.count == 1)
        #expect(!healthy.chipResetDetected)
        let (detected, _) = try collect(&sensor, at: ms(360))
        #expect(detected.chipResetDetected)
        bus.verify()
    }
}
