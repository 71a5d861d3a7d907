import Testing
import UprightCore
import UprightSim

/// Reads every 10 ms until `end`, never stopping on an error; returns samples delivered and
/// re-initialisations started.
private func run<S: Accelerometer>(_ sensor: inout S, clock: SimClock, until end: Instant) -> (delivered: Int, resets: Int) {
    var delivered = 0
    var resets = 0
    while clock.now < end {
        clock.advance(by: .milliseconds(10))
        if let report = try? sensor.readSamples(now: clock.now, into: { _ in }) {
            delivered += report.delivered
            if report.chipResetDetected { resets += 1 }
        }
    }
    return (delivered, resets)
}

/// An MPU-6050 at 0x68, lying flat, behind a bus that can refuse chosen writes.
private func mpu6050Board() -> (SimClock, SimMPU6050, WriteRefusingBus) {
    let clock = SimClock()
    let simBus = SimBus(clock: clock)
    let chip = SimMPU6050(motion: FixedMotion(MotionState(accelerationG: Vector3(x: 0, y: 0, z: 1))), seed: 3)
    simBus.attach(chip, at: 0x68)
    return (clock, chip, WriteRefusingBus(simBus))
}

@Suite struct ConfigurationWriteFaultTests {
    /// The demo's failure: reads fail long enough for the FIFO to overflow; the driver resets
    /// the FIFO (USER_CTRL 0x04, which also clears FIFO_EN) and the write that enables it again
    /// (USER_CTRL 0x40, RM 4.27) is not acknowledged. PWR_MGMT_1 still reads 0x01, so a check
    /// of that register alone never noticed and the FIFO stayed off for good.
    @Test func mpu6050RecoversFromAFIFOEnableThatWasNotAcknowledged() throws {
        let (clock, chip, bus) = mpu6050Board()
        var sensor = MPU6050(bus: bus)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        bus.refuse([0x6A, 0x40])
        clock.advance(by: .milliseconds(500)) // 1 kHz x 6 bytes: 1024 bytes overflow after 170 ms
        #expect(throws: SensorError.bus(.noAcknowledge)) { _ = try sensor.readSamples(now: clock.now) { _ in } }
        #expect(bus.refused == 1)
        #expect(chip.register(0x6A) == 0x00) // FIFO off
        let (delivered, resets) = run(&sensor, clock: clock, until: clock.now + .seconds(1))
        #expect(resets == 1)
        #expect(chip.register(0x6A) == 0x40)
        #expect(delivered >= 800) // 1 kHz for 1 s, less the 100 ms reset and the first checks
    }

    /// A write refused while configuring throws, and the next call writes the whole
    /// configuration again.
    @Test func mpu6050RetriesAConfigurationWriteThatWasNotAcknowledged() throws {
        let (clock, chip, bus) = mpu6050Board()
        bus.refuse([0x23, 0x08]) // FIFO_EN: accelerometer (RM 4.6)
        var sensor = MPU6050(bus: bus)
        try sensor.begin(now: clock.now)
        clock.advance(by: .milliseconds(100))
        #expect(throws: SensorError.bus(.noAcknowledge)) { _ = try sensor.readSamples(now: clock.now) { _ in } }
        let (delivered, _) = run(&sensor, clock: clock, until: clock.now + .milliseconds(500))
        #expect(chip.register(0x23) == 0x08)
        #expect(chip.register(0x6A) == 0x40)
        #expect(delivered >= 450)
    }

    /// Same class of fault on the ADXL345: a configuration register that no longer reads as
    /// written (FIFO_CTL back to bypass, 0x00, instead of stream with watermark 16, 0x90) is
    /// found by the health check, which used to read POWER_CTL only, and written again.
    @Test func adxl345RewritesAConfigurationRegisterThatChanged() throws {
        let clock = SimClock()
        let bus = SimBus(clock: clock)
        let chip = SimADXL345(motion: FixedMotion(MotionState(accelerationG: Vector3(x: 0, y: 0, z: 1))), seed: 4)
        bus.attach(chip, at: 0x53)
        var sensor = ADXL345(bus: bus)
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        #expect(chip.register(0x38) == 0x90)
        try bus.writeRegister(address: 0x53, 0x38, 0x00)
        let (delivered, resets) = run(&sensor, clock: clock, until: clock.now + .seconds(1))
        #expect(resets == 1)
        #expect(chip.register(0x38) == 0x90)
        #expect(delivered >= 70) // 100 Hz for 1 s, less up to 250 ms before the check
    }
}
