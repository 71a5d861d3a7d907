import CLinux
import Testing

@Suite struct CLinuxTests {
    @Test func ioctlOnANonDeviceReportsErrno() {
        // fd -1: every wrapper must return -EBADF (9), never crash or return success.
        var functionality: UInt = 0
        #expect(upright_i2c_functionality(-1, &functionality) == -9)
        #expect(upright_i2c_set_address(-1, 0x68) == -9)
    }
}
