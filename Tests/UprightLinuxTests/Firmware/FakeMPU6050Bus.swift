import UprightCore

/// An MPU-6050 at 0x68 as plain register memory (like the kernel's i2c-stub), preloaded as the
/// kernel test's: WHO_AM_I (0x75) 0x68; the data block at ACCEL_XOUT_H (0x3B), big-endian, at
/// +-2 g (16384 LSB/g) x = -1 g, y = +0.125 g, z = -0.25 g (c0 00 08 00 f0 00), temperature 0,
/// and at +-2000 dps (16.4 LSB/dps) +2.5, -5.0, +7.5 degrees a second (00 29 ff ae 00 7b).
/// Each 14-byte read flips the lowest bit of ACCEL_XOUT_L (one LSB of noise), so the driver's
/// stuck-data check sees a live chip.
final class FakeMPU6050Bus: I2CBus {
    var registers = [UInt8](repeating: 0, count: 128)
    private(set) var blockReads = 0
    let capabilities = I2CCapabilities.combined

    init() {
        registers[0x75] = 0x68
        registers.replaceSubrange(
            0x3B...0x48, with: [0xC0, 0x00, 0x08, 0x00, 0xF0, 0x00, 0x00, 0x00, 0x00, 0x29, 0xFF, 0xAE, 0x00, 0x7B])
    }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard address == 0x68 else { throw .noAcknowledge }
        guard let register = write.first.map(Int.init) else { throw .unsupported }
        for (offset, byte) in write.dropFirst().enumerated() where register + offset < registers.count {
            // PWR_MGMT_1's DEVICE_RESET bit (RM 4.28) clears itself when the reset is done.
            registers[register + offset] = register + offset == 0x6B ? byte & 0x7F : byte
        }
        for index in 0..<read.count {
            read[index] = register + index < registers.count ? registers[register + index] : 0
        }
        if register == 0x3B, read.count == 14 {
            blockReads += 1
            registers[0x3C] ^= 0x01
        }
    }
}
