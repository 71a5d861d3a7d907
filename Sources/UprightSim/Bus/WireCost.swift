import UprightCore

/// Which simulated chip a wire-cost measurement uses.
public enum SimChipKind: String, Sendable, CaseIterable {
    case mpu6050
    case adxl345
}

/// The wire cost of one read mode: what `make bench` reports as bytes per sample.
public struct WireCost: Equatable, Sendable {
    public var chip: SimChipKind
    public var mode: ReadMode
    public var capabilities: I2CCapabilities
    /// Samples delivered during the measurement.
    public var samples: Int
    /// Traffic during the measurement (initialisation excluded).
    public var stats: WireStats

    /// Bytes on the wire per delivered sample (the payload is 6 bytes of acceleration).
    public var bytesPerSample: Double { samples > 0 ? Double(stats.wireBytes) / Double(samples) : 0 }

    /// Runs a driver against a simulated chip at rest for `duration` of virtual time: burst
    /// modes read once per sample period, FIFO mode drains every `drainInterval`. The MPU-6050
    /// runs at 1 kHz, the ADXL345 at 800 Hz, accelerometer only (6-byte samples) unless
    /// `gyro` (the MPU-6050's gyro too: 12-byte FIFO records, the 14-byte block in a burst).
    public static func measure(
        chip: SimChipKind, mode: ReadMode, capabilities: I2CCapabilities, drainInterval: TimeSpan = .milliseconds(20),
        duration: TimeSpan = .seconds(1), gyro: Bool = false
    ) -> WireCost {
        let clock = SimClock()
        let bus = SimBus(clock: clock, capabilities: capabilities)
        let motion = FixedMotion(MotionState(accelerationG: Vector3(x: 0, y: 0, z: 1)))
        var samples = 0
        var start = WireStats()
        func run<Sensor: Accelerometer>(_ sensor: inout Sensor) {
            do {
                try sensor.initialize(now: clock.now) { span in
                    clock.advance(by: span)
                    return clock.now
                }
            } catch {
                return
            }
            start = bus.stats
            let step = max(mode == .fifo ? drainInterval : sensor.samplePeriod, .microseconds(1))
            let end = clock.now + duration
            // Bounded by the duration: one read per step.
            while clock.now < end {
                clock.advance(by: step)
                // The measurement's bus has no faults; a read that failed would only count no samples.
                if let report = try? sensor.readSamples(now: clock.now, into: { _ in }) { samples += report.delivered }
            }
        }
        switch chip {
        case .mpu6050:
            bus.attach(SimMPU6050(motion: motion, seed: 1), at: 0x68)
            var configuration = MPU6050Configuration()
            configuration.readMode = mode
            if gyro { configuration.fifoContents = .accelerometerGyro }
            var sensor = MPU6050(bus: bus, address: 0x68, configuration: configuration)
            run(&sensor)
        case .adxl345:
            bus.attach(SimADXL345(motion: motion, seed: 1), at: 0x53)
            var configuration = ADXL345Configuration()
            configuration.readMode = mode
            configuration.dataRate = .hz800
            var sensor = ADXL345(bus: bus, address: 0x53, configuration: configuration)
            run(&sensor)
        }
        return WireCost(chip: chip, mode: mode, capabilities: capabilities, samples: samples, stats: bus.stats - start)
    }
}
