import UprightCore

/// An adapter's I2C_FUNCS bits (linux/i2c.h) and the transfers Upright can run with them.
public struct I2CFunctionality: Hashable, Sendable {
    public var rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    // linux/i2c.h, "To determine what functionality is present".
    /// I2C_FUNC_I2C: plain I2C messages, so I2C_RDWR combined transfers.
    public static let i2c: UInt = 0x0000_0001
    /// I2C_FUNC_SMBUS_READ_BYTE.
    public static let smbusReadByte: UInt = 0x0002_0000
    /// I2C_FUNC_SMBUS_WRITE_BYTE.
    public static let smbusWriteByte: UInt = 0x0004_0000
    /// I2C_FUNC_SMBUS_READ_BYTE_DATA.
    public static let smbusReadByteData: UInt = 0x0008_0000
    /// I2C_FUNC_SMBUS_WRITE_BYTE_DATA.
    public static let smbusWriteByteData: UInt = 0x0010_0000
    /// I2C_FUNC_SMBUS_READ_I2C_BLOCK: register reads of up to 32 bytes.
    public static let smbusReadI2CBlock: UInt = 0x0400_0000
    /// I2C_FUNC_SMBUS_WRITE_I2C_BLOCK.
    public static let smbusWriteI2CBlock: UInt = 0x0800_0000

    public func has(_ bit: UInt) -> Bool { rawValue & bit == bit }

    /// What one transaction can carry: combined transfers of up to 8192 bytes (one i2c_msg's
    /// limit) with I2C_FUNC_I2C; else SMBus I2C block reads of 32 bytes; else single-byte
    /// register reads; nil when the adapter cannot even read a register byte.
    public var capabilities: I2CCapabilities? {
        if has(Self.i2c) { return .combined }
        if has(Self.smbusReadI2CBlock) { return .smbus }
        if has(Self.smbusReadByteData) { return I2CCapabilities(combinedTransfers: false, maximumReadBytes: 1) }
        return nil
    }
}
