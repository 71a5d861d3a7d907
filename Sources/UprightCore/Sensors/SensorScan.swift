/// Something that answered at one of the accelerometer addresses.
public struct DetectedSensor: Equatable, Sendable {
    /// The 7-bit address that acknowledged.
    public var address: UInt8
    /// The identity register's raw value.
    public var idValue: UInt8
    /// The part, or nil when the value names no part the drivers know.
    public var identity: ChipIdentity?

    /// A part found at `address` whose identity register read `idValue`.
    public init(address: UInt8, idValue: UInt8, identity: ChipIdentity?) {
        self.address = address
        self.idValue = idValue
        self.identity = identity
    }
}

/// Finds accelerometers by reading each candidate address's identity register (a read, not
/// a quick write: see `I2CBus.probe`).
public enum SensorScan {
    /// MPU-6050 AD0 low / high (PS 9.2), ADXL345 ALT ADDRESS low / high ("Serial
    /// Communications", I2C).
    public static let mpuAddresses: (UInt8, UInt8) = (0x68, 0x69)
    /// The ADXL345's two addresses: ALT ADDRESS low, then high.
    public static let adxlAddresses: (UInt8, UInt8) = (0x53, 0x1D)

    /// Calls `body` for each address that acknowledged, in the order 0x68, 0x69, 0x53, 0x1D.
    /// Returns how many answered. Addresses that do not acknowledge are skipped.
    @discardableResult
    public static func detect<Bus: I2CBus>(bus: Bus, _ body: (DetectedSensor) -> Void) -> Int {
        var answered = 0
        for index in 0..<4 {
            let isMPU = index < 2
            let address: UInt8
            switch index {
            case 0: address = mpuAddresses.0
            case 1: address = mpuAddresses.1
            case 2: address = adxlAddresses.0
            default: address = adxlAddresses.1
            }
            let register = isMPU ? MPU6050Register.whoAmI : ADXL345Register.deviceID
            // An address that does not answer is what a scan expects of most addresses.
            guard let value = try? bus.readRegister(address: address, register) else { continue }
            answered += 1
            let model = isMPU ? ChipModel.mpuFamily(whoAmI: value) : ChipModel.adxlFamily(deviceID: value)
            body(DetectedSensor(address: address, idValue: value, identity: model.map { ChipIdentity(model: $0, idValue: value) }))
        }
        return answered
    }
}
