/// Either supported chip, without an existential: the pipeline holds one `AnySensor` and
/// every call dispatches by `switch`, so it specialises and stays Embedded-clean.
public enum AnySensor<Bus: I2CBus>: Accelerometer {
    /// An MPU-6050 family part.
    case mpu6050(MPU6050<Bus>)
    /// An ADXL345 family part.
    case adxl345(ADXL345<Bus>)

    /// The part identified by the last initialisation, nil before.
    public var identity: ChipIdentity? {
        switch self {
        case .mpu6050(let driver): driver.identity
        case .adxl345(let driver): driver.identity
        }
    }

    /// Time between two samples at the driver's configured rate.
    public var samplePeriod: TimeSpan {
        switch self {
        case .mpu6050(let driver): driver.samplePeriod
        case .adxl345(let driver): driver.samplePeriod
        }
    }

    /// The driver's FIFO depth in samples in its read mode; 0 for register reads.
    public var fifoSamples: Int {
        switch self {
        case .mpu6050(let driver): driver.fifoSamples
        case .adxl345(let driver): driver.fifoSamples
        }
    }

    /// The chip's 7-bit I2C address.
    public var address: UInt8 {
        switch self {
        case .mpu6050(let driver): driver.address
        case .adxl345(let driver): driver.address
        }
    }

    /// The driver's software calibration offset (g, device frame).
    public var offsetG: Vector3 {
        get {
            switch self {
            case .mpu6050(let driver): driver.offsetG
            case .adxl345(let driver): driver.offsetG
            }
        }
        set {
            switch self {
            case .mpu6050(var driver):
                driver.offsetG = newValue
                self = .mpu6050(driver)
            case .adxl345(var driver):
                driver.offsetG = newValue
                self = .adxl345(driver)
            }
        }
    }

    /// Starts the driver's initialisation.
    public mutating func begin(now: Instant) throws(SensorError) {
        switch self {
        case .mpu6050(var driver):
            defer { self = .mpu6050(driver) }
            try driver.begin(now: now)
        case .adxl345(var driver):
            defer { self = .adxl345(driver) }
            try driver.begin(now: now)
        }
    }

    /// Reads through the driver it holds.
    public mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        switch self {
        case .mpu6050(var driver):
            defer { self = .mpu6050(driver) }
            return try driver.readSamples(now: now, into: body)
        case .adxl345(var driver):
            defer { self = .adxl345(driver) }
            return try driver.readSamples(now: now, into: body)
        }
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
