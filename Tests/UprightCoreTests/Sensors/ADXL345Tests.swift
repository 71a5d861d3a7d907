import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Data sheet register map and Linux adxl345: DEVID, standby, DATA_FORMAT (full resolution),
/// BW_RATE, FIFO_CTL, measure.
private func expectInitialisation(_ bus: ScriptedBus, format: UInt8 = 0x08, rate: UInt8 = 0x0A, fifo: UInt8 = 0x90) {
    bus.expectRead(0x53, register: 0x00, reply: [0xE5])
    bus.expectWrite(0x53, [0x2D, 0x00])
    bus.expectWrite(0x53, [0x31, format])
    bus.expectWrite(0x53, [0x2C, rate])
    bus.expectWrite(0x53, [0x38, fifo])
    bus.expectWrite(0x53, [0x2D, 0x08])
}

private func collect<S: Accelerometer>(_ sensor: inout S, at time: Instant) throws -> (ReadReport, [Sample]) {
    var samples: [Sample] = []
    let report = try sensor.readSamples(now: time) { samples.append($0) }
    return (report, samples)
}

@Suite struct ADXL345Tests {
    @Test(arguments: [(UInt8(0xE5), ChipModel.adxl345, true), (0xE6, .adxl346, false)])
    func identifiesParts(deviceID: UInt8, model: ChipModel, expected: Bool) throws {
        let bus = ScriptedBus()
        bus.expectRead(0x1D, register: 0x00, reply: [deviceID])
        let identity = try ADXL345(bus: bus, address: 0x1D).identify()
        #expect(identity.model == model)
        #expect(identity.model.isExpectedPart == expected)
        bus.verify()
    }

    @Test func refusesAnUnknownDevice() {
        let bus = ScriptedBus()
        bus.expectRead(0x53, register: 0x00, reply: [0x68])
        #expect(throws: SensorError.unknownDevice(address: 0x53, value: 0x68)) { _ = try ADXL345(bus: bus).identify() }
        bus.verify()
    }

    @Test(arguments: [(ADXL345Range.g2, UInt8(0x08)), (.g4, 0x09), (.g8, 0x0A), (.g16, 0x0B)])
    func initialisesWithFullResolutionAtEveryRange(range: ADXL345Range, format: UInt8) throws {
        var configuration = ADXL345Configuration()
        configuration.range = range
        let bus = ScriptedBus()
        expectInitialisation(bus, format: format)
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        bus.verify()
    }

    @Test(arguments: [
        (ADXL345DataRate.hz0_10, Int64(10_240_000_000)), (.hz6_25, 160_000_000), (.hz12_5, 80_000_000), (.hz25, 40_000_000),
        (.hz50, 20_000_000), (.hz100, 10_000_000), (.hz200, 5_000_000), (.hz400, 2_500_000), (.hz800, 1_250_000),
        (.hz1600, 625_000), (.hz3200, 312_500),
    ])
    func everyRateHasItsPeriodAndCode(rate: ADXL345DataRate, periodNanoseconds: Int64) throws {
        #expect(rate.period.nanoseconds == periodNanoseconds)
        var configuration = ADXL345Configuration()
        configuration.dataRate = rate
        configuration.readMode = .burst
        let bus = ScriptedBus()
        expectInitialisation(bus, rate: rate.rawValue, fifo: 0x00)
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        bus.verify()
    }

    @Test func lowPowerSetsBit4() throws {
        var configuration = ADXL345Configuration()
        configuration.lowPower = true
        let bus = ScriptedBus()
        expectInitialisation(bus, rate: 0x1A)
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        bus.verify()
    }

    @Test func burstReadIsSixLittleEndianBytesFrom0x32() throws {
        var configuration = ADXL345Configuration()
        configuration.readMode = .burst
        let bus = ScriptedBus()
        expectInitialisation(bus, fifo: 0x00)
        // +256 (1 g), -256 (-1 g), -1 (one count): low byte first.
        bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF])
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        let (report, samples) = try collect(&sensor, at: ms(10))
        #expect(report.delivered == 1)
        #expect(samples == [Sample(time: ms(10), accelerationG: Vector3(x: 1, y: -1, z: -1.0 / 256))])
        bus.verify()
    }

    @Test func fifoDrainReadsStatusThenOneEntryPerRead() throws {
        let bus = ScriptedBus()
        expectInitialisation(bus)
        bus.expectRead(0x53, register: 0x39, reply: [0x03])
        bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x01, 0x00, 0x00, 0x00, 0x00])
        bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x00, 0x00, 0x00, 0x00, 0x01])
        var sensor = ADXL345(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        let (report, samples) = try collect(&sensor, at: ms(30))
        #expect(report.delivered == 3)
        #expect(
            samples == [
                Sample(time: ms(10), accelerationG: Vector3(x: 1, y: 0, z: 0)),
                Sample(time: ms(20), accelerationG: Vector3(x: 0, y: 1, z: 0)),
                Sample(time: ms(30), accelerationG: Vector3(x: 0, y: 0, z: 1)),
            ])
        bus.verify()
    }

    /// FIFO_STATUS 0x22 (34 entries, more than the 32 + 1 the chip holds: bit 5 flipped on 2)
    /// is read again; the second read's 2 entries are drained, nothing else.
    @Test func implausibleEntriesAreReadAgain() throws {
        let bus = ScriptedBus()
        expectInitialisation(bus)
        bus.expectRead(0x53, register: 0x39, reply: [0x22])
        bus.expectRead(0x53, register: 0x39, reply: [0x02])
        bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x01, 0x00, 0x00, 0x00, 0x00])
        bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        var sensor = ADXL345(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        let (report, samples) = try collect(&sensor, at: ms(20))
        #expect(!report.overflowed)
        #expect(report.lost == 0)
        #expect(
            samples == [
                Sample(time: ms(10), accelerationG: Vector3(x: 1, y: 0, z: 0)),
                Sample(time: ms(20), accelerationG: Vector3(x: 0, y: 1, z: 0)),
            ])
        bus.verify()
    }

    @Test func fullFIFOWithOverrunCountsTheLoss() throws {
        let bus = ScriptedBus()
        expectInitialisation(bus)
        bus.expectRead(0x53, register: 0x39, reply: [0x20]) // 32 entries
        bus.expectRead(0x53, register: 0x30, reply: [0x83]) // data ready, overrun
        for _ in 0..<32 { bus.expectRead(0x53, register: 0x32, reply: [0x00, 0x00, 0x00, 0x00, 0x00, 0x01]) }
        // The periodic health check (every 250 ms) reads the configuration back in write order.
        bus.expectRead(0x53, register: 0x31, reply: [0x08])
        bus.expectRead(0x53, register: 0x2C, reply: [0x0A])
        bus.expectRead(0x53, register: 0x38, reply: [0x90])
        bus.expectRead(0x53, register: 0x2D, reply: [0x08])
        var configuration = ADXL345Configuration()
        configuration.stuckSampleLimit = 0
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        let (report, samples) = try collect(&sensor, at: ms(500))
        #expect(report.overflowed)
        #expect(report.delivered == 32)
        #expect(report.lost == 18) // 50 samples due at 100 Hz, 32 kept
        #expect(samples.first?.time == ms(190))
        bus.verify()
    }

    @Test func chipInStandbyIsReconfigured() throws {
        let bus = ScriptedBus()
        expectInitialisation(bus)
        bus.expectRead(0x53, register: 0x39, reply: [0x00])
        bus.expectRead(0x53, register: 0x31, reply: [0x00]) // DATA_FORMAT reset value: power was lost
        bus.expectRead(0x53, register: 0x00, reply: [0xE5])
        for bytes: [UInt8] in [[0x2D, 0x00], [0x31, 0x08], [0x2C, 0x0A], [0x38, 0x90], [0x2D, 0x08]] { bus.expectWrite(0x53, bytes) }
        var sensor = ADXL345(bus: bus)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        let (detected, _) = try collect(&sensor, at: ms(100))
        #expect(detected.chipResetDetected)
        let (resumed, _) = try collect(&sensor, at: ms(110))
        #expect(resumed.ready)
        #expect(resumed.lost == 11)
        bus.verify()
    }

    @Test func watermarkInterruptOnInt1ActiveLow() throws {
        var configuration = ADXL345Configuration()
        configuration.interruptPin = InterruptPin(activeLow: true)
        configuration.fifoWatermark = 10
        let bus = ScriptedBus()
        bus.expectRead(0x53, register: 0x00, reply: [0xE5])
        for bytes: [UInt8] in [[0x2D, 0x00], [0x31, 0x28], [0x2C, 0x0A], [0x2F, 0x00], [0x2E, 0x03], [0x38, 0x8A], [0x2D, 0x08]] {
            bus.expectWrite(0x53, bytes)
        }
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: ms(0)) { _ in ms(0) }
        bus.verify()
    }
}
