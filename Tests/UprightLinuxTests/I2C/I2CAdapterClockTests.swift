import Testing
@testable import UprightLinux

struct I2CAdapterClockTests {
    /// `dtparam=i2c_arm_baudrate=400000`: the cell 00 06 1a 80.
    @Test func aDeviceTreeCellIsBigEndianHertz() {
        #expect(I2CAdapterClock.hertz(cell: [0x00, 0x06, 0x1A, 0x80]) == 400_000)
        #expect(I2CAdapterClock.hertz(cell: [0x00, 0x01, 0x86, 0xA0]) == 100_000)
        #expect(I2CAdapterClock.hertz(cell: [0x00, 0x01, 0x86]) == nil)
    }

    @Test func aBusWithoutADeviceTreeNodeHasNone() {
        #expect(I2CAdapterClock.path(bus: 1) == "/sys/class/i2c-adapter/i2c-1/of_node/clock-frequency")
        #expect(I2CAdapterClock.hertz(bus: 250) == nil)
    }
}
