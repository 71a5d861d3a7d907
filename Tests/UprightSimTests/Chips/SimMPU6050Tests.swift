import Testing
import UprightCore
import UprightSim

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

private func makeBoard(
    accelerationG: Vector3 = Vector3(x: 0, y: 0, z: 1), imperfections: SensorImperfections = .ideal, whoAmI: UInt8 = 0x68
) -> (SimClock, SimBus, SimMPU6050) {
    let clock = SimClock()
    let bus = SimBus(clock: clock)
    let chip = SimMPU6050(
        motion: FixedMotion(MotionState(accelerationG: accelerationG, angularRateDPS: Vector3(x: 1, y: 0, z: 0))), seed: 7, whoAmI: whoAmI,
        imperfections: imperfections)
    bus.attach(chip, at: 0x68)
    return (clock, bus, chip)
}

private func read(_ bus: SimBus, _ register: UInt8, count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    try bytes.withUnsafeMutableBytes { try bus.readRegisters(address: 0x68, from: register, into: $0) }
    return bytes
}

@Suite struct SimMPU6050Tests {
    @Test func powersUpAsleepWithResetValues() throws {
        let (_, bus, _) = makeBoard()
        #expect(try bus.readRegister(address: 0x68, 0x75) == 0x68)
        #expect(try bus.readRegister(address: 0x68, 0x6B) == 0x40)
        #expect(try bus.readRegister(address: 0x68, 0x1C) == 0x00)
    }

    @Test func sleepingChipReturnsFrozenData() throws {
        let (clock, bus, _) = makeBoard()
        clock.advance(by: .milliseconds(10))
        #expect(try read(bus, 0x3B, count: 6) == [0, 0, 0, 0, 0, 0])
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        clock.advance(by: .milliseconds(2))
        // +1 g on z at +-2 g: 16384 = 0x4000, big-endian.
        #expect(try read(bus, 0x3B, count: 6) == [0, 0, 0, 0, 0x40, 0x00])
        try bus.writeRegister(address: 0x68, 0x6B, 0x40)
        clock.advance(by: .milliseconds(2))
        try bus.writeRegister(address: 0x68, 0x1C, 0x18) // +-16 g would give 0x0800 if awake
        clock.advance(by: .milliseconds(2))
        #expect(try read(bus, 0x3B, count: 6) == [0, 0, 0, 0, 0x40, 0x00])
    }

    @Test(arguments: [(UInt8(0x00), UInt8(0x40)), (0x08, 0x20), (0x10, 0x10), (0x18, 0x08)])
    func rangeChangesTheCounts(accelConfig: UInt8, zHigh: UInt8) throws {
        let (clock, bus, _) = makeBoard()
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        try bus.writeRegister(address: 0x68, 0x1C, accelConfig)
        clock.advance(by: .milliseconds(2))
        #expect(try read(bus, 0x3F, count: 2) == [zHigh, 0x00])
    }

    /// Counts round half away from zero, as `Float.rounded()` does, and saturate at the
    /// 16-bit limits (the quantisation reads its step from a sign bit, not a branch).
    @Test(arguments: [
        (Vector3(x: 0.5 / 16384, y: -1.5 / 16384, z: 0.499_999_97 / 16384), [UInt8(0x00), 0x01, 0xFF, 0xFE, 0x00, 0x00]),
        (Vector3(x: 3, y: -3, z: -0.5 / 16384), [0x7F, 0xFF, 0x80, 0x00, 0xFF, 0xFF]),
        (Vector3(x: 2.5 / 16384, y: -0.499_999_97 / 16384, z: -2.5 / 16384), [0x00, 0x03, 0x00, 0x00, 0xFF, 0xFD]),
    ])
    func countsRoundHalfAwayFromZeroAndSaturate(accelerationG: Vector3, bytes: [UInt8]) throws {
        let (clock, bus, _) = makeBoard(accelerationG: accelerationG)
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        clock.advance(by: .milliseconds(2))
        #expect(try read(bus, 0x3B, count: 6) == bytes)
    }

    @Test func wholeBlockHasTemperatureAndGyro() throws {
        let (clock, bus, _) = makeBoard()
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        clock.advance(by: .milliseconds(2))
        // 25 C: (25 - 36.53) x 340 = -3920 = 0xF0B0; 1 dps at 250 dps = 131 = 0x0083.
        #expect(try read(bus, 0x41, count: 4) == [0xF0, 0xB0, 0x00, 0x83])
    }

    @Test func fifoFillsAtTheSampleRateAndOverwritesTheOldest() throws {
        let (clock, bus, chip) = makeBoard()
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        try bus.writeRegister(address: 0x68, 0x1A, 0x03)
        try bus.writeRegister(address: 0x68, 0x19, 0x01) // 500 Hz
        try bus.writeRegister(address: 0x68, 0x23, 0x08)
        try bus.writeRegister(address: 0x68, 0x6A, 0x40)
        clock.advance(by: .milliseconds(20))
        #expect(try read(bus, 0x72, count: 2) == [0x00, 0x3C]) // 10 samples x 6 bytes
        #expect(try read(bus, 0x74, count: 6) == [0, 0, 0, 0, 0x40, 0x00])
        #expect(try read(bus, 0x72, count: 2) == [0x00, 0x36])
        #expect(try bus.readRegister(address: 0x68, 0x3A) & 0x10 == 0)
        clock.advance(by: .seconds(1))
        #expect(try read(bus, 0x72, count: 2) == [0x04, 0x00]) // full: 1024 bytes
        #expect(try bus.readRegister(address: 0x68, 0x3A) & 0x10 == 0x10) // FIFO_OFLOW_INT
        #expect(try bus.readRegister(address: 0x68, 0x3A) & 0x10 == 0) // cleared by the read
        try bus.writeRegister(address: 0x68, 0x6A, 0x04)
        #expect(try read(bus, 0x72, count: 2) == [0x00, 0x00])
        #expect(chip.fifoCount == 0)
    }

    @Test func deviceResetRestoresDefaults() throws {
        let (_, bus, chip) = makeBoard()
        try bus.writeRegister(address: 0x68, 0x1C, 0x18)
        try bus.writeRegister(address: 0x68, 0x6B, 0x80)
        #expect(try bus.readRegister(address: 0x68, 0x1C) == 0)
        #expect(try bus.readRegister(address: 0x68, 0x6B) == 0x40)
        #expect(chip.resetCount == 1)
    }

    @Test(arguments: [MPU6050AccelerometerRange.g2, .g4, .g8, .g16])
    func driverReadsOneGAtEveryRange(range: MPU6050AccelerometerRange) throws {
        let (clock, bus, _) = makeBoard()
        var configuration = MPU6050Configuration()
        configuration.accelerometerRange = range
        configuration.stuckSampleLimit = 0
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        clock.advance(by: .milliseconds(10))
        var samples: [Sample] = []
        let report = try sensor.readSamples(now: clock.now) { samples.append($0) }
        #expect(report.delivered == 10)
        #expect(samples.allSatisfy { $0.accelerationG == Vector3(x: 0, y: 0, z: 1) })
        #expect(samples.last?.time == clock.now)
    }

    @Test func cloneWorksThroughTheSameDriver() throws {
        let (clock, bus, _) = makeBoard(imperfections: .mpu6050Typical, whoAmI: 0x72)
        var sensor = AnySensor.detect(bus: bus)!
        try sensor.initialize(now: clock.now) { (span: TimeSpan) in
            clock.advance(by: span)
            return clock.now
        }
        #expect(sensor.identity?.model == .mpu6050Clone)
        clock.advance(by: TimeSpan.milliseconds(50))
        var count = 0
        _ = try sensor.readSamples(now: clock.now) { sample in
            count += 1
            #expect(abs(sample.accelerationG.z - 1) < 0.05)
        }
        #expect(count == 50)
    }
}

@Suite struct SimMPU6050DriverTests {
    private func board() -> (SimClock, SimBus, SimMPU6050) {
        let clock = SimClock()
        let bus = SimBus(clock: clock)
        let chip = SimMPU6050(
            motion: FixedMotion(MotionState(accelerationG: Vector3(x: 0, y: 0, z: 1), angularRateDPS: Vector3(x: 10, y: 0, z: -5))), seed: 7,
            imperfections: .ideal)
        bus.attach(chip, at: 0x68)
        return (clock, bus, chip)
    }

    @Test func fifoWithGyroCarriesTwelveByteRecords() throws {
        let (clock, bus, _) = board()
        var configuration = MPU6050Configuration()
        configuration.fifoContents = .accelerometerGyro
        configuration.stuckSampleLimit = 0
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        clock.advance(by: .milliseconds(5))
        var samples: [Sample] = []
        let before = bus.stats
        _ = try sensor.readSamples(now: clock.now) { samples.append($0) }
        #expect(samples.count == 5)
        // 10 dps x 131 = 1310 counts, -5 dps = -655 counts: exact at 250 dps.
        #expect(samples.allSatisfy { $0.angularRateDPS == Vector3(x: 1310.0 / 131, y: 0, z: -655.0 / 131) })
        // Count read (5 bytes) + one 60-byte read (63 bytes).
        #expect((bus.stats - before).wireBytes == 68)
    }

    @Test func lateDrainOverflowsThenRecovers() throws {
        let (clock, bus, chip) = board()
        var configuration = MPU6050Configuration()
        configuration.stuckSampleLimit = 0
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        clock.advance(by: .seconds(2)) // 2000 samples due, 170 fit
        let late = try sensor.readSamples(now: clock.now) { _ in }
        #expect(late.overflowed)
        #expect(late.lost == 2000)
        #expect(chip.fifoCount == 0)
        clock.advance(by: .milliseconds(20))
        var count = 0
        let next = try sensor.readSamples(now: clock.now) { _ in count += 1 }
        #expect(!next.overflowed)
        #expect(count == 20)
    }

    @Test func dataReadyInterruptFollowsTheStatusRegister() throws {
        let (clock, bus, chip) = board()
        var configuration = MPU6050Configuration()
        configuration.readMode = .burst
        configuration.interruptPin = InterruptPin()
        var sensor = MPU6050(bus: bus, configuration: configuration)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        _ = try bus.readRegister(address: 0x68, 0x3A) // clears INT_STATUS
        #expect(!chip.interruptAsserted(now: clock.now))
        clock.advance(by: .milliseconds(1))
        #expect(chip.interruptAsserted(now: clock.now))
    }
}
