import Testing
import UprightCore
import UprightSim

private func makeBoard(imperfections: SensorImperfections = .ideal) -> (SimClock, SimBus, SimADXL345) {
    let clock = SimClock()
    let bus = SimBus(clock: clock)
    let chip = SimADXL345(motion: FixedMotion(MotionState(accelerationG: Vector3(x: 0, y: -1, z: 0))), seed: 3, imperfections: imperfections)
    bus.attach(chip, at: 0x53)
    return (clock, bus, chip)
}

private func read(_ bus: SimBus, _ register: UInt8, count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    try bytes.withUnsafeMutableBytes { try bus.readRegisters(address: 0x53, from: register, into: $0) }
    return bytes
}

@Suite struct SimADXL345Tests {
    @Test func resetValuesAndStandby() throws {
        let (clock, bus, _) = makeBoard()
        #expect(try bus.readRegister(address: 0x53, 0x00) == 0xE5)
        #expect(try bus.readRegister(address: 0x53, 0x2C) == 0x0A)
        #expect(try bus.readRegister(address: 0x53, 0x2D) == 0x00)
        clock.advance(by: .milliseconds(50))
        #expect(try read(bus, 0x32, count: 6) == [0, 0, 0, 0, 0, 0]) // standby: no data
    }

    @Test(arguments: [(UInt8(0x08), UInt8(0x00)), (0x0B, 0x00), (0x00, 0x00), (0x01, 0x80), (0x03, 0xE0)])
    func formatChangesTheCounts(format: UInt8, yLow: UInt8) throws {
        // -1 g: full resolution -256 = 0xFF00 at any range; 10-bit: -256, -128, -32 (little-endian).
        let (clock, bus, _) = makeBoard()
        try bus.writeRegister(address: 0x53, 0x31, format)
        try bus.writeRegister(address: 0x53, 0x2D, 0x08)
        clock.advance(by: .milliseconds(20))
        #expect(try read(bus, 0x34, count: 2) == [yLow, 0xFF])
    }

    @Test func streamModeKeepsTheNewest32AndFlagsOverrun() throws {
        let (clock, bus, chip) = makeBoard()
        try bus.writeRegister(address: 0x53, 0x31, 0x08)
        try bus.writeRegister(address: 0x53, 0x38, 0x90)
        try bus.writeRegister(address: 0x53, 0x2D, 0x08)
        clock.advance(by: .milliseconds(100))
        #expect(try bus.readRegister(address: 0x53, 0x39) == 10)
        _ = try read(bus, 0x32, count: 6)
        #expect(chip.fifoEntries == 9) // one entry popped per data read
        #expect(try bus.readRegister(address: 0x53, 0x30) & 0x01 == 0)
        clock.advance(by: .seconds(1))
        #expect(try bus.readRegister(address: 0x53, 0x39) == 32)
        #expect(try bus.readRegister(address: 0x53, 0x30) & 0x03 == 0x03) // watermark, overrun
    }

    @Test(arguments: [ADXL345Range.g2, .g16])
    func driverReadsMinusOneGInFullResolution(range: ADXL345Range) throws {
        let (clock, bus, _) = makeBoard()
        var configuration = ADXL345Configuration()
        configuration.range = range
        configuration.dataRate = .hz400
        configuration.stuckSampleLimit = 0
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        clock.advance(by: .milliseconds(20))
        var samples: [Sample] = []
        let report = try sensor.readSamples(now: clock.now) { samples.append($0) }
        #expect(report.delivered == 8)
        #expect(samples.allSatisfy { $0.accelerationG == Vector3(x: 0, y: -1, z: 0) })
        #expect(samples.map(\.time.nanoseconds) == (0..<8).map { clock.now.nanoseconds - Int64(7 - $0) * 2_500_000 })
    }

    @Test func calibrationRemovesABias() throws {
        let (clock, bus, chip) = makeBoard(
            imperfections: SensorImperfections(accelerationNoiseG: 0.002, accelerationBiasG: Vector3(x: 0.05, y: 0, z: -0.04)))
        _ = chip
        var sensor = ADXL345(bus: bus)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        let offset = try sensor.calibrate(sampleCount: 100, now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        #expect(abs(offset!.x - 0.05) < 0.01)
        #expect(abs(offset!.z + 0.04) < 0.01)
        clock.advance(by: .milliseconds(100))
        var sum = Vector3.zero
        var count = 0
        _ = try sensor.readSamples(now: clock.now) {
            sum = sum + $0.accelerationG
            count += 1
        }
        #expect(count >= 10)
        #expect(abs(sum.x / Float(count)) < 0.01)
        #expect(abs(sum.y / Float(count) + 1) < 0.01)
    }
}

@Suite struct SimADXL345InterruptTests {
    @Test func watermarkInterruptAssertsAtTheConfiguredLevel() throws {
        let clock = SimClock()
        let bus = SimBus(clock: clock)
        let chip = SimADXL345(motion: FixedMotion(.uprightAtRest), seed: 3)
        bus.attach(chip, at: 0x53)
        var configuration = ADXL345Configuration()
        configuration.fifoWatermark = 8
        configuration.interruptPin = InterruptPin()
        var sensor = ADXL345(bus: bus, configuration: configuration)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        clock.advance(by: .milliseconds(70)) // 7 entries at 100 Hz
        #expect(!chip.interruptAsserted(now: clock.now))
        clock.advance(by: .milliseconds(10))
        #expect(chip.interruptAsserted(now: clock.now))
        _ = try sensor.readSamples(now: clock.now) { _ in }
        #expect(!chip.interruptAsserted(now: clock.now))
    }
}
