/// An I2C bus master: `/dev/i2c-N` on Linux, `SimBus` in tests and the simulator.
///
/// One required method, a write-then-read transaction (embedded-hal style); every register
/// access a driver needs is a convenience on top. Buses are reference types because several
/// drivers, a scanner and the wire accounting share one adapter.
public protocol I2CBus: AnyObject {
    /// What one transaction may carry on this adapter.
    var capabilities: I2CCapabilities { get }

    /// One transaction with the 7-bit `address`: START, write `write` (skipped when empty),
    /// repeated START, read `read.count` bytes (skipped when empty), STOP.
    ///
    /// An adapter without combined transfers emulates a register read (one pointer byte then
    /// a read) with SMBus block reads of at most `capabilities.maximumReadBytes`.
    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError)
}

/// What an adapter supports; drivers size their FIFO drains from it.
public struct I2CCapabilities: Equatable, Sendable {
    /// Write-then-read with a repeated start in one transaction (Linux I2C_FUNC_I2C / I2C_RDWR).
    public var combinedTransfers: Bool
    /// The longest read one transaction may carry (32 for SMBus block reads).
    public var maximumReadBytes: Int

    /// What an adapter supports: combined transfers or not, and the longest read.
    public init(combinedTransfers: Bool, maximumReadBytes: Int) {
        self.combinedTransfers = combinedTransfers
        self.maximumReadBytes = maximumReadBytes
    }

    /// A full I2C adapter: combined transfers, long reads (Linux caps one message at 8192 bytes).
    public static let combined = I2CCapabilities(combinedTransfers: true, maximumReadBytes: 8192)
    /// An SMBus-only adapter: register reads as I2C block reads of at most 32 bytes.
    public static let smbus = I2CCapabilities(combinedTransfers: false, maximumReadBytes: 32)
}

extension I2CBus {
    /// Writes `value` to `register` (two bytes on the wire after the address).
    @inlinable
    public func writeRegister(address: UInt8, _ register: UInt8, _ value: UInt8) throws(I2CError) {
        let bytes: (UInt8, UInt8) = (register, value)
        try withUnsafeBytes(of: bytes) { (raw) throws(I2CError) in
            try transfer(address: address, write: raw, read: UnsafeMutableRawBufferPointer(start: nil, count: 0))
        }
    }

    /// Reads one register.
    @inlinable
    public func readRegister(address: UInt8, _ register: UInt8) throws(I2CError) -> UInt8 {
        var value: UInt8 = 0
        try readRegisters(address: address, from: register, into: &value, count: 1)
        return value
    }

    /// Reads `buffer.count` bytes starting at `register` in one transaction (the chip
    /// auto-increments the register pointer, or streams a FIFO register).
    @inlinable
    public func readRegisters(address: UInt8, from register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard buffer.count <= capabilities.maximumReadBytes else { throw .unsupported }
        var pointer = register
        try withUnsafeBytes(of: &pointer) { (raw) throws(I2CError) in
            try transfer(address: address, write: raw, read: buffer)
        }
    }

    /// Reads `count` bytes starting at `register` into memory at `destination`.
    @inlinable
    public func readRegisters(address: UInt8, from register: UInt8, into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(I2CError) {
        try readRegisters(address: address, from: register, into: UnsafeMutableRawBufferPointer(start: destination, count: count))
    }

    /// Reads a big-endian 16-bit value from two consecutive registers.
    @inlinable
    public func readBigEndianUInt16(address: UInt8, from register: UInt8) throws(I2CError) -> UInt16 {
        var bytes: (UInt8, UInt8) = (0, 0)
        try withUnsafeMutableBytes(of: &bytes) { (raw) throws(I2CError) in
            try readRegisters(address: address, from: register, into: raw)
        }
        return UInt16(bytes.0) << 8 | UInt16(bytes.1)
    }

    /// True when something acknowledges `address` (a one-byte read, as i2cdetect -r does:
    /// a quick-write probe can corrupt some chips' state).
    public func probe(address: UInt8) -> Bool {
        var byte: UInt8 = 0
        do {
            try withUnsafeMutableBytes(of: &byte) { (raw) throws(I2CError) in
                try transfer(address: address, write: UnsafeRawBufferPointer(start: nil, count: 0), read: raw)
            }
            return true
        } catch {
            return false
        }
    }
}
