/// Either supported chip, without an existential: the pipeline holds one `AnySensor`, which
/// holds one driver, and every call goes to that driver, specialised and Embedded-clean.
///
/// A struct with one optional per chip rather than an enum with one case per chip: a `switch`
/// over an enum copies the driver (about 150 bytes) out of the enum and back into it on every
/// mutating call, several times over in each frame (a kilobyte of stack per call on a
/// Cortex-M0, and the copying on every read), while optional chaining (`mpu6050?.begin`)
/// mutates the driver where it is stored. Exactly one of the two is set: the only ways to
/// make one are `.mpu6050(_:)`, `.adxl345(_:)` and `detect`.
public struct AnySensor<Bus: I2CBus>: Accelerometer {
    /// Which driver it holds.
    public enum Chip: Equatable, Sendable {
        case mpu6050
        case adxl345
    }

    // Spelled `Optional<...>`: a `T?` stored property starts as nil, so an initialiser would
    // first store nil, then destroy it and copy the driver in, through several temporaries.

    /// The MPU-6050 driver, when that is the chip.
    public private(set) var mpu6050: Optional<MPU6050<Bus>>
    /// The ADXL345 driver, when that is the chip.
    public private(set) var adxl345: Optional<ADXL345<Bus>>

    private init(mpu6050: consuming MPU6050<Bus>) {
        self.mpu6050 = mpu6050
        adxl345 = nil
    }

    private init(adxl345: consuming ADXL345<Bus>) {
        mpu6050 = nil
        self.adxl345 = adxl345
    }

    public static func mpu6050(_ driver: consuming MPU6050<Bus>) -> AnySensor { AnySensor(mpu6050: driver) }

    public static func adxl345(_ driver: consuming ADXL345<Bus>) -> AnySensor { AnySensor(adxl345: driver) }

    public var chip: Chip { mpu6050 != nil ? .mpu6050 : .adxl345 }

    @inline(__always)
    public var identity: ChipIdentity? {
        if let identity = mpu6050?.identity { return identity }
        return adxl345?.identity
    }

    @inline(__always)
    public var samplePeriod: TimeSpan {
        if let period = mpu6050?.samplePeriod { return period }
        return adxl345?.samplePeriod ?? .zero
    }

    @inline(__always)
    public var fifoSamples: Int {
        if let samples = mpu6050?.fifoSamples { return samples }
        return adxl345?.fifoSamples ?? 0
    }

    @inline(__always)
    public var address: UInt8 {
        if let address = mpu6050?.address { return address }
        return adxl345?.address ?? 0
    }

    public var offsetG: Vector3 {
        get {
            if let offset = mpu6050?.offsetG { return offset }
            return adxl345?.offsetG ?? .zero
        }
        set {
            mpu6050?.offsetG = newValue
            adxl345?.offsetG = newValue
        }
    }

    public mutating func begin(now: Instant) throws(SensorError) {
        if mpu6050 != nil {
            try mpu6050?.begin(now: now)
        } else {
            try adxl345?.begin(now: now)
        }
    }

    public mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        if mpu6050 != nil {
            return try mpu6050?.readSamples(now: now, into: body) ?? ReadReport()
        }
        return try adxl345?.readSamples(now: now, into: body) ?? ReadReport()
    }

    /// The first known chip `SensorScan.detect` finds, as a driver (not yet initialised),
    /// or nil when none answers.
    public static func detect(
        bus: Bus, mpu6050 mpuConfiguration: MPU6050Configuration = MPU6050Configuration(),
        adxl345 adxlConfiguration: ADXL345Configuration = ADXL345Configuration(), mount: MountMatrix = .identity
    ) -> AnySensor? {
        var found: AnySensor?
        SensorScan.detect(bus: bus) { sensor in
            guard found == nil, let identity = sensor.identity else { return }
            switch identity.model {
            case .adxl345, .adxl346:
                found = .adxl345(ADXL345(bus: bus, address: sensor.address, configuration: adxlConfiguration, mount: mount))
            default:
                found = .mpu6050(MPU6050(bus: bus, address: sensor.address, configuration: mpuConfiguration, mount: mount))
            }
        }
        return found
    }
}
