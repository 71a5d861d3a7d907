import Testing
import UprightCore
import UprightLinux

@Suite struct I2CErrorLinuxTests {
    // errno values of Linux on x86-64 and arm64 (asm-generic/errno-base.h, errno.h).
    @Test func errnoMapsToTheBusFailureKinds() {
        #expect(I2CError(errno: 6) == .noAcknowledge) // ENXIO
        #expect(I2CError(errno: 121) == .noAcknowledge) // EREMOTEIO (i2c-bcm2835)
        #expect(I2CError(errno: 110) == .timeout) // ETIMEDOUT
        #expect(I2CError(errno: 11) == .arbitrationLost) // EAGAIN
        #expect(I2CError(errno: 5) == .bus) // EIO
        #expect(I2CError(errno: 95) == .unsupported) // EOPNOTSUPP
        #expect(I2CError(errno: 9) == .unavailable) // EBADF
        #expect(I2CError(errno: 19) == .unavailable) // ENODEV
        #expect(I2CError(errno: 16) == .other(code: 16)) // EBUSY: a kernel driver owns the address
        #expect(I2CError(errno: 25) == .other(code: 25)) // ENOTTY
    }
}
