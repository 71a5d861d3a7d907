import UprightCore

/// The chip a bus recording was made with, and the configuration its driver runs with on both
/// sides (the host that recorded it and the chip that plays it back): the same settings or
/// the driver would make different transfers.
public enum BusChip: UInt8, CaseIterable, Sendable {
    case mpu6050 = 0
    case adxl345 = 1

    public var name: StaticString {
        switch self {
        case .mpu6050: "mpu6050"
        case .adxl345: "adxl345"
        }
    }

    /// The 7-bit address (MPU-6050 with AD0 low: 0x68; ADXL345 with ALT ADDRESS low: 0x53).
    public var address: UInt8 {
        switch self {
        case .mpu6050: 0x68
        case .adxl345: 0x53
        }
    }

    /// 100 Hz with the gyro: DLPF 44 Hz (1 kHz gyro output rate), divider 9, accelerometer and
    /// gyro in the FIFO (12 bytes a sample): small enough recordings for the micro:bit's flash.
    public static var mpu6050Configuration: MPU6050Configuration {
        var configuration = MPU6050Configuration()
        configuration.lowPassFilter = .hz44
        configuration.sampleRateDivider = 9
        configuration.fifoContents = .accelerometerGyro
        return configuration
    }

    /// The driver's defaults: 100 Hz, +-2 g, FIFO mode.
    public static var adxl345Configuration: ADXL345Configuration { ADXL345Configuration() }

    /// A driver for this chip on `bus`, not yet initialised.
    public func sensor<Bus: I2CBus>(on bus: Bus) -> AnySensor<Bus> {
        switch self {
        case .mpu6050: .mpu6050(MPU6050(bus: bus, address: address, configuration: BusChip.mpu6050Configuration))
        case .adxl345: .adxl345(ADXL345(bus: bus, address: address, configuration: BusChip.adxl345Configuration))
        }
    }
}
