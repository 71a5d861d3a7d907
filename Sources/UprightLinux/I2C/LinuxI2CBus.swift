import CLinux
#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// An I2C adapter through `/dev/i2c-N` (the kernel's i2c-dev interface).
///
/// Uses combined write-then-read transactions (I2C_RDWR, one repeated start) when the adapter
/// has I2C_FUNC_I2C, else libi2c's SMBus calls with I2C block reads of at most 32 bytes (the
/// kernel's i2c-stub speaks only SMBus). `transferCounts` says which path each transfer took.
public final class LinuxI2CBus: I2CBus {
    /// Which transfers to use.
    public enum Mode: Sendable {
        /// I2C_RDWR when the adapter supports it, else SMBus.
        case automatic
        /// SMBus even on a full I2C adapter (to test the fallback on real hardware).
        case smbusOnly
    }

    /// How many transfers went each way.
    public struct TransferCounts: Hashable, Sendable {
        public var combined: Int
        public var smbus: Int

        public init(combined: Int, smbus: Int) {
            self.combined = combined
            self.smbus = smbus
        }
    }

    public let path: String
    /// The adapter's functionality as used (I2C_FUNC_I2C cleared in `smbusOnly` mode).
    public let functionality: I2CFunctionality
    public let capabilities: I2CCapabilities
    public private(set) var transferCounts = TransferCounts(combined: 0, smbus: 0)

    private let fd: Int32
    /// The address last selected with I2C_SLAVE (SMBus calls go to it).
    private var selectedAddress: UInt8?

    /// Opens `/dev/i2c-<bus>`.
    public convenience init(bus: Int, mode: Mode = .automatic) throws(LinuxDeviceError) {
        try self.init(path: "/dev/i2c-\(bus)", mode: mode)
    }

    /// Opens the adapter at `path` and asks what it can do.
    public init(path: String, mode: Mode = .automatic) throws(LinuxDeviceError) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        if fd < 0 { throw LinuxDeviceError.opening(path, code: errno, kind: .i2c) }
        var bits: UInt = 0
        let result = upright_i2c_functionality(fd, &bits)
        if result < 0 {
            close(fd)
            throw LinuxDeviceError(
                path: path, code: -result,
                description: "\(path) is not an I2C adapter (I2C_FUNCS: \(LinuxDeviceError.message(-result)))")
        }
        var functionality = I2CFunctionality(rawValue: bits)
        if mode == .smbusOnly { functionality.rawValue &= ~I2CFunctionality.i2c }
        guard let capabilities = functionality.capabilities else {
            close(fd)
            throw LinuxDeviceError(
                path: path, code: 0,
                description: "\(path) cannot read device registers (functionality 0x\(String(bits, radix: 16)))")
        }
        self.path = path
        self.fd = fd
        self.functionality = functionality
        self.capabilities = capabilities
    }

    deinit { close(fd) }

    public func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard let plan = I2CTransferPlan.choose(functionality: functionality, writeCount: write.count, readCount: read.count) else {
            throw .unsupported
        }
        // I2C_RDWR addresses each message itself; the SMBus calls need I2C_SLAVE first.
        if plan == .combined {
            transferCounts.combined += 1
        } else {
            transferCounts.smbus += 1
            try select(address)
        }
        let result: Int32
        switch plan {
        case .combined:
            result = upright_i2c_write_read(
                fd, UInt16(address),
                write.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt16(write.count),
                read.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt16(read.count))
        case .readByte:
            result = upright_i2c_smbus_read_byte(fd)
            if result >= 0 { read[0] = UInt8(truncatingIfNeeded: result) }
        case .writeByte:
            result = upright_i2c_smbus_write_byte(fd, write[0])
        case .writeByteData:
            result = upright_i2c_smbus_write_byte_data(fd, write[0], write[1])
        case .writeBlock:
            result = upright_i2c_smbus_write_i2c_block(
                fd, write[0], UInt8(write.count - 1),
                write.baseAddress!.assumingMemoryBound(to: UInt8.self) + 1)
        case .readByteData:
            result = upright_i2c_smbus_read_byte_data(fd, write[0])
            if result >= 0 { read[0] = UInt8(truncatingIfNeeded: result) }
        case .readBlock:
            result = upright_i2c_smbus_read_i2c_block(
                fd, write[0], UInt8(read.count), read.baseAddress!.assumingMemoryBound(to: UInt8.self))
            // A short block read leaves bytes unread: as good as a failed one.
            if result >= 0 && Int(result) != read.count { throw .bus }
        }
        if result < 0 { throw I2CError(errno: -result) }
    }

    /// I2C_SLAVE, only when the address changes.
    private func select(_ address: UInt8) throws(I2CError) {
        if selectedAddress == address { return }
        let result = upright_i2c_set_address(fd, UInt16(address))
        if result < 0 {
            selectedAddress = nil
            throw I2CError(errno: -result)
        }
        selectedAddress = address
    }
}
