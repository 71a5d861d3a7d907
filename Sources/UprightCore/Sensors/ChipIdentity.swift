/// Which part answered the identity register (MPU-6050 WHO_AM_I 0x75, ADXL345 DEVID 0x00).
///
/// Boards sold as "MPU-6050" often carry a relative or a clone; they share the accelerometer
/// data block, power management and FIFO registers, so the driver accepts them and the host
/// warns (`isExpectedPart == false`).
public enum ChipModel: UInt8, Hashable, Sendable, CaseIterable {
    /// MPU-6050 family parts, told apart by WHO_AM_I (register 0x75).
    case mpu6050, mpu6500, mpu9250, mpu9255, mpu6515, mpu6880, icm20689, icm20608, icm20602, mpu6050Clone
    /// ADXL345 family parts, told apart by DEVID (register 0x00).
    case adxl345, adxl346

    /// The MPU-6050 family by WHO_AM_I value (docs/hardware.md; MPU-6000/6050 register map
    /// section 4.32 "WHO_AM_I" gives 0x68; the others from their own register maps).
    public static func mpuFamily(whoAmI value: UInt8) -> ChipModel? {
        switch value {
        case 0x68: .mpu6050
        case 0x70: .mpu6500
        case 0x71: .mpu9250
        case 0x72: .mpu6050Clone
        case 0x73: .mpu9255
        case 0x74: .mpu6515
        case 0x78: .mpu6880
        case 0x98: .icm20689
        case 0xAF: .icm20608
        case 0x12: .icm20602
        default: nil
        }
    }

    /// ADXL345 datasheet, register 0x00 DEVID: 0xE5 (ADXL346: 0xE6).
    public static func adxlFamily(deviceID value: UInt8) -> ChipModel? {
        switch value {
        case 0xE5: .adxl345
        case 0xE6: .adxl346
        default: nil
        }
    }

    /// FIFO depth in bytes (MPU family) or entries (ADXL family). The MPU-6050 has 1024 bytes;
    /// the MPU-6500 and later parts 512 or more, so 512 is the safe assumption for relatives.
    public var fifoCapacity: Int {
        switch self {
        case .mpu6050: 1024
        case .adxl345, .adxl346: 32
        default: 512
        }
    }

    /// True for the part the driver was written for; false for relatives and clones.
    public var isExpectedPart: Bool { self == .mpu6050 || self == .adxl345 }
}

/// A part found on the bus.
public struct ChipIdentity: Equatable, Sendable {
    /// The part.
    public var model: ChipModel
    /// The raw identity register value.
    public var idValue: UInt8

    /// An identity of `model` read as `idValue`.
    public init(model: ChipModel, idValue: UInt8) {
        self.model = model
        self.idValue = idValue
    }
}
