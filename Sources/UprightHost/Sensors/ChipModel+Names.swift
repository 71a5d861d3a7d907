import UprightCore

extension ChipModel {
    /// The part's marketing name as printed on its datasheet (docs/hardware.md lists the identity
    /// values each one answers).
    public var displayName: String {
        switch self {
        case .mpu6050: "MPU-6050"
        case .mpu6500: "MPU-6500"
        case .mpu9250: "MPU-9250"
        case .mpu9255: "MPU-9255"
        case .mpu6515: "MPU-6515"
        case .mpu6880: "MPU-6880"
        case .icm20689: "ICM-20689"
        case .icm20608: "ICM-20608"
        case .icm20602: "ICM-20602"
        case .mpu6050Clone: "MPU-6050 clone"
        case .adxl345: "ADXL345"
        case .adxl346: "ADXL346"
        }
    }

    /// The board file's `sensor.kind` for this part: the driver written for the part's family.
    public var boardKind: String {
        switch self {
        case .adxl345, .adxl346: "adxl345"
        default: "mpu6050"
        }
    }

    /// The part the family's driver was written for, by name.
    public var familyName: String {
        switch self {
        case .adxl345, .adxl346: "ADXL345"
        default: "MPU-6050"
        }
    }
}
