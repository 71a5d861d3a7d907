import CLinux
import Testing

@Suite struct CLinuxTests {
    @Test func ioctlOnANonDeviceReportsErrno() {
        // fd -1: every wrapper must return -EBADF (9), never crash or return success.
        var functionality: UInt = 0
        #expect(upright_i2c_functionality(-1, &functionality) == -9)
        #expect(upright_i2c_set_address(-1, 0x68) == -9)
    }

    @Test func pidfdOfAnInvalidPidIsAnError() {
        // pid -1: EINVAL (22), or ENOSYS (38) on a kernel before 5.3; never a descriptor.
        #expect([-22, -38].contains(upright_pidfd_open(-1)))
    }
}
