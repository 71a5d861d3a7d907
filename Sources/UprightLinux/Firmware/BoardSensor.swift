import UprightCore

/// The board's accelerometer on Linux: the chip read over I2C by Upright's own drivers
/// (`AnySensor`), or read through the kernel's IIO device (`IIOAccelerometer`,
/// `sensor.backend` `iio`). One of the two is set; the engine holds this, so both paths run
/// the same sampler, supervision, detector and records (docs/architecture.md).
public struct BoardSensor<Bus: I2CBus>: Accelerometer {
    /// The chip over I2C, when that is the path.
    public private(set) var chip: Optional<AnySensor<Bus>>
    /// The kernel's IIO device, when that is the path.
    public let iio: IIOAccelerometer?

    public static func chip(_ sensor: AnySensor<Bus>) -> BoardSensor { BoardSensor(chip: sensor) }
    public static func iio(_ sensor: IIOAccelerometer) -> BoardSensor { BoardSensor(iio: sensor) }

    private init(chip: AnySensor<Bus>) {
        self.chip = chip
        iio = nil
    }

    private init(iio: IIOAccelerometer) {
        chip = nil
        self.iio = iio
    }

    public var identity: ChipIdentity? { chip?.identity }
    public var samplePeriod: TimeSpan { chip?.samplePeriod ?? iio?.samplePeriod ?? .zero }
    public var fifoSamples: Int { chip?.fifoSamples ?? iio?.fifoSamples ?? 0 }

    public var offsetG: Vector3 {
        get { chip?.offsetG ?? iio?.offsetG ?? .zero }
        set {
            chip?.offsetG = newValue
            iio?.offsetG = newValue
        }
    }

    /// Raw IIO reads block in the kernel's driver (inv_mpu6050 powers the chip up and waits
    /// a sample period on a first read): they run on the sampler thread, off the engine's step.
    public var blocksOnRead: Bool { iio?.mode == .raw }

    public mutating func begin(now: Instant) throws(SensorError) {
        if chip != nil {
            try chip?.begin(now: now)
        } else {
            try iio?.begin(now: now)
        }
    }

    public mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        if chip != nil {
            return try chip?.readSamples(now: now, into: body) ?? ReadReport()
        }
        return try iio?.readSamples(now: now, into: body) ?? ReadReport()
    }
}
