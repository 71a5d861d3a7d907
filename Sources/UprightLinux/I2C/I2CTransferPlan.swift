import UprightCore

/// How `LinuxI2CBus` carries one `I2CBus.transfer`: a combined I2C_RDWR transaction, or the one
/// SMBus call (libi2c) with the same bytes on the wire. Chosen from the adapter's functionality
/// alone, so the choice is tested without hardware.
public enum I2CTransferPlan: Hashable, Sendable {
    /// I2C_RDWR: write message, repeated start, read message.
    case combined
    /// SMBus receive byte: a one-byte read with no register pointer (a probe).
    case readByte
    /// SMBus send byte: the register pointer alone.
    case writeByte
    /// SMBus write byte data: register and value.
    case writeByteData
    /// SMBus I2C block write: register and 2...32 values.
    case writeBlock
    /// SMBus read byte data: one register.
    case readByteData
    /// SMBus I2C block read: 1...32 bytes from a register.
    case readBlock

    /// The plan for writing `writeCount` bytes then reading `readCount`, or nil when the adapter
    /// cannot carry that transaction.
    public static func choose(functionality: I2CFunctionality, writeCount: Int, readCount: Int) -> I2CTransferPlan? {
        if functionality.has(I2CFunctionality.i2c) {
            // One i2c_msg carries at most 8192 bytes (i2c-dev.c).
            guard writeCount + readCount > 0, writeCount <= 8192, readCount <= 8192 else { return nil }
            return .combined
        }
        switch (writeCount, readCount) {
        case (0, 1):
            return functionality.has(I2CFunctionality.smbusReadByte) ? .readByte : nil
        case (1, 0):
            return functionality.has(I2CFunctionality.smbusWriteByte) ? .writeByte : nil
        case (2, 0):
            return functionality.has(I2CFunctionality.smbusWriteByteData) ? .writeByteData : nil
        case (3...33, 0):
            return functionality.has(I2CFunctionality.smbusWriteI2CBlock) ? .writeBlock : nil
        case (1, 1):
            if functionality.has(I2CFunctionality.smbusReadByteData) { return .readByteData }
            return functionality.has(I2CFunctionality.smbusReadI2CBlock) ? .readBlock : nil
        case (1, 2...32):
            return functionality.has(I2CFunctionality.smbusReadI2CBlock) ? .readBlock : nil
        default:
            return nil
        }
    }
}
