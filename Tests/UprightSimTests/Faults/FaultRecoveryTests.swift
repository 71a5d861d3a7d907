import Testing
import UprightCore
import UprightSim

/// What a stretch of simulated reading produced.
private struct Tally {
    var delivered = 0
    var lost = 0
    var errors: [SensorError] = []
    var resetsDetected = 0
    var stuckDetected = 0
    var overflows = 0
    var samples: [Sample] = []
}

private final class Rig {
    let clock = SimClock()
    let bus: SimBus
    let mpu: SimMPU6050
    let adxl: SimADXL345
    var sensor: AnySensor<SimBus>

    init(chip: SimChipKind, plan: FaultPlan, mode: ReadMode = .fifo) throws {
        bus = SimBus(clock: clock)
        let motion = FixedMotion(MotionState(accelerationG: Vector3(x: 0.6, y: 0.8, z: 0)))
        mpu = SimMPU6050(motion: motion, seed: 11)
        adxl = SimADXL345(motion: motion, seed: 12)
        switch chip {
        case .mpu6050:
            bus.attach(mpu, at: 0x68)
            var configuration = MPU6050Configuration()
            configuration.readMode = mode
            sensor = .mpu6050(MPU6050(bus: bus, configuration: configuration))
        case .adxl345:
            bus.attach(adxl, at: 0x53)
            var configuration = ADXL345Configuration()
            configuration.readMode = mode
            configuration.dataRate = .hz400
            sensor = .adxl345(ADXL345(bus: bus, configuration: configuration))
        }
        let clock = self.clock
        try sensor.initialize(now: clock.now) {
            clock.advance(by: $0)
            return clock.now
        }
        bus.faults = FaultInjector(plan: plan)
    }

    /// Reads every `step` until `end`; never stops on an error.
    func run(until end: Instant, step: TimeSpan = .milliseconds(10)) -> Tally {
        var tally = Tally()
        // Bounded: one read per step.
        while clock.now < end {
            clock.advance(by: step)
            do {
                let report = try sensor.readSamples(now: clock.now) { tally.samples.append($0) }
                tally.delivered += report.delivered
                tally.lost += report.lost
                if report.chipResetDetected { tally.resetsDetected += 1 }
                if report.stuckDataDetected { tally.stuckDetected += 1 }
                if report.overflowed { tally.overflows += 1 }
            } catch {
                tally.errors.append(error)
            }
        }
        return tally
    }
}

private func seconds(_ value: Double) -> Instant { Instant(nanoseconds: Int64(value * 1e9)) }

@Suite struct FaultRecoveryTests {
    @Test(arguments: [
        (SimChipKind.mpu6050, I2CError.noAcknowledge), (.mpu6050, .timeout), (.mpu6050, .arbitrationLost),
        (.adxl345, .noAcknowledge), (.adxl345, .timeout),
    ])
    func transactionFaultsSurfaceTypedAndReadingRecovers(chip: SimChipKind, kind: I2CError) throws {
        let plan = FaultPlan(
            seed: 5, noAcknowledgeProbability: kind == .noAcknowledge ? 0.1 : 0,
            timeoutProbability: kind == .timeout ? 0.1 : 0, arbitrationLossProbability: kind == .arbitrationLost ? 0.1 : 0)
        let rig = try Rig(chip: chip, plan: plan)
        let faulty = rig.run(until: seconds(2))
        #expect(!faulty.errors.isEmpty)
        #expect(faulty.errors.allSatisfy { $0 == .bus(kind) })
        #expect(faulty.delivered > 0)
        rig.bus.faults?.enabled = false
        let clean = rig.run(until: seconds(3))
        #expect(clean.errors.isEmpty)
        // One second of samples (1 kHz or 400 Hz) after the faults stop, none lost.
        let rate = chip == .mpu6050 ? 1000 : 400
        #expect(clean.delivered >= rate - 1 && clean.delivered <= rate + 40)
        #expect(clean.lost == 0)
    }

    @Test(arguments: [SimChipKind.mpu6050, .adxl345])
    func powerGlitchIsDetectedAndTheChipReinitialised(chip: SimChipKind) throws {
        let address: UInt8 = chip == .mpu6050 ? 0x68 : 0x53
        let plan = FaultPlan(seed: 1, chipFaults: [ScheduledChipFault(time: seconds(0.5), address: address, fault: .powerGlitch)])
        let rig = try Rig(chip: chip, plan: plan)
        let tally = rig.run(until: seconds(1.5))
        #expect(tally.errors.isEmpty)
        #expect(tally.resetsDetected == 1)
        #expect(tally.lost > 0)
        // Samples resume after the glitch, with the configured range (0.8 g on y).
        let late = tally.samples.filter { $0.time > seconds(1.0) }
        #expect(late.count > 100)
        #expect(late.allSatisfy { abs($0.accelerationG.y - 0.8) < 0.05 })
    }

    @Test func unplugGivesNoAcknowledgeThenTheReplugIsReinitialised() throws {
        let plan = FaultPlan(
            seed: 1, chipFaults: [ScheduledChipFault(time: seconds(0.5), address: 0x68, fault: .unplug(duration: .milliseconds(200)))])
        let rig = try Rig(chip: .mpu6050, plan: plan)
        let tally = rig.run(until: seconds(1.5))
        #expect(tally.errors.count >= 15)
        #expect(tally.errors.allSatisfy { $0 == .bus(.noAcknowledge) })
        #expect(tally.resetsDetected == 1)
        #expect(tally.samples.filter { $0.time > seconds(1.0) }.count > 400)
    }

    @Test(arguments: [(SimChipKind.mpu6050, ReadMode.fifo), (.mpu6050, .burst), (.adxl345, .fifo)])
    func stuckDataIsDetectedAndRecovered(chip: SimChipKind, mode: ReadMode) throws {
        let address: UInt8 = chip == .mpu6050 ? 0x68 : 0x53
        let plan = FaultPlan(
            seed: 1, chipFaults: [ScheduledChipFault(time: seconds(0.5), address: address, fault: .stuckData(duration: .milliseconds(300)))])
        let rig = try Rig(chip: chip, plan: plan, mode: mode)
        let step: TimeSpan = mode == .burst ? .milliseconds(1) : .milliseconds(10)
        let tally = rig.run(until: seconds(1.5), step: step)
        #expect(tally.stuckDetected >= 1)
        let late = tally.samples.filter { $0.time > seconds(1.0) }
        #expect(late.count > 150)
        #expect(Set(late.map(\.accelerationG.y)).count > 5) // noisy again: live data
    }

    @Test func bitFlipsNeverWedgeTheDriver() throws {
        let rig = try Rig(chip: .mpu6050, plan: FaultPlan(seed: 9, bitFlipProbability: 0.2))
        let faulty = rig.run(until: seconds(2))
        #expect(faulty.delivered > 1000)
        rig.bus.faults?.enabled = false
        let clean = rig.run(until: seconds(3))
        #expect(clean.errors.isEmpty)
        #expect(clean.delivered >= 900)
    }

    @Test func oneSeedReproducesARunExactly() throws {
        func run(seed: UInt64) throws -> ([Sample], [SensorError]) {
            let plan = FaultPlan(
                seed: seed, noAcknowledgeProbability: 0.05, bitFlipProbability: 0.05,
                chipFaults: [
                    ScheduledChipFault(time: seconds(0.7), address: 0x68, fault: .powerGlitch),
                    ScheduledChipFault(time: seconds(1.4), address: 0x68, fault: .unplug(duration: .milliseconds(300))),
                    ScheduledChipFault(time: seconds(2.1), address: 0x68, fault: .stuckData(duration: .milliseconds(400))),
                ])
            let rig = try Rig(chip: .mpu6050, plan: plan)
            let tally = rig.run(until: seconds(3))
            return (tally.samples, tally.errors)
        }
        let first = try run(seed: 42)
        let second = try run(seed: 42)
        let other = try run(seed: 43)
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(first.0 != other.0)
    }
}
