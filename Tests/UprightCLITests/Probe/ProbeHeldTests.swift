import Testing
import UprightCore
import UprightLinux
@testable import UprightCLI

/// A bus that records every address it was asked about (none may be a held one).
private final class CountingBus: I2CBus {
    let capabilities = I2CCapabilities.combined
    var addresses: [UInt8] = []
    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        addresses.append(address)
        throw .noAcknowledge
    }
}

/// An address a kernel driver holds is reported with the driver and never touched
/// (docs/setup.md, "A chip the kernel drives").
@Suite struct ProbeHeldTests {
    @Test func aHeldAddressIsNamedAndNotTouched() {
        let bus = CountingBus()
        var probe = BusProbe(bus: bus, now: { .zero }, sleep: { _ in })
        probe.holder = { address in
            address == 0x68 ? KernelHolder(bus: 1, address: 0x68, driver: "inv-mpu6050-i2c", iioDevice: "iio:device0") : nil
        }
        let report = probe.run()
        #expect(!bus.addresses.contains(0x68))
        #expect(
            report.addressLines == [
                "0x68 held by the kernel's inv-mpu6050-i2c driver (IIO device iio:device0)",
                "0x69 absent (no acknowledge)",
                "0x53 absent (no acknowledge)",
                "0x1d absent (no acknowledge)",
            ])
        #expect(
            report.adviceLines(bus: 1) == [
                "kernel: the kernel's inv-mpu6050-i2c driver holds 0x68 on bus 1 (IIO device iio:device0; dtoverlay=mpu6050 usually binds it)",
                "  either: remove dtoverlay=mpu6050 from /boot/firmware/config.txt and reboot; Upright then reads the chip itself over I2C (sensor.backend i2c, the default)",
                "  or: keep it and set \"backend\": \"iio\" in the board file's sensor section; Upright then reads the chip through the kernel's IIO device",
                "verdict: not ok: the kernel's inv-mpu6050-i2c driver holds 0x68 on bus 1 (IIO device iio:device0; dtoverlay=mpu6050 usually binds it): see the two ways out above",
            ])
        #expect(report.exitStatus == 1)
    }

    /// A clock's driver at 0x68 is named and left alone, without the ways out.
    @Test func anotherChipsDriverIsLeftAlone() {
        let bus = CountingBus()
        var probe = BusProbe(bus: bus, now: { .zero }, sleep: { _ in })
        probe.holder = { address in
            address == 0x68 ? KernelHolder(bus: 1, address: 0x68, driver: "rtc-ds1307", iioDevice: nil, isAccelerometer: false) : nil
        }
        let report = probe.run()
        #expect(!bus.addresses.contains(0x68))
        #expect(report.addressLines[0] == "0x68 held by the kernel's rtc-ds1307 driver")
        #expect(
            report.adviceLines(bus: 1) == [
                "kernel: the kernel's rtc-ds1307 driver holds 0x68 on bus 1 (no IIO device; a dtoverlay or a module binds it): not an accelerometer's driver; left alone",
                "verdict: not ok: something answers, but no supported accelerometer could be read (see the lines above)",
            ])
    }
}
