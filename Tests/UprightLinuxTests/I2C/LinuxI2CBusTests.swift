import Testing
import UprightLinux

@Suite struct LinuxI2CBusTests {
    @Test func missingBusSaysWhichDtparamToSet() {
        do {
            _ = try LinuxI2CBus(path: "/dev/i2c-upright-test-missing")
            Issue.record("opened a bus that does not exist")
        } catch {
            #expect(error.code == 2) // ENOENT
            #expect(error.description.contains("dtparam=i2c_arm=on"))
            #expect(error.description.contains("/dev/i2c-upright-test-missing"))
        }
    }

    @Test func missingBusMessagesNameTheRightConfigLine() {
        #expect(
            LinuxDeviceError.opening("/dev/i2c-1", code: 2, kind: .i2c).description
                == "/dev/i2c-1 does not exist: enable the bus with dtparam=i2c_arm=on in /boot/firmware/config.txt and reboot, and make sure the i2c-dev module is loaded (modprobe i2c-dev)"
        )
        #expect(LinuxDeviceError.opening("/dev/i2c-0", code: 2, kind: .i2c).description.contains("dtparam=i2c_vc=on"))
        #expect(LinuxDeviceError.opening("/dev/i2c-3", code: 2, kind: .i2c).description.contains("dtoverlay=i2c3"))
    }

    @Test func aFileThatIsNotAnAdapterIsRefused() {
        do {
            _ = try LinuxI2CBus(path: "/dev/null")
            Issue.record("took /dev/null for an I2C adapter")
        } catch {
            #expect(error.code == 25) // ENOTTY: I2C_FUNCS is not an ioctl of /dev/null
            #expect(error.description.hasPrefix("/dev/null is not an I2C adapter"))
        }
    }

    @Test func permissionErrorsNameTheGroupToJoin() {
        let i2c = LinuxDeviceError.opening("/dev/i2c-1", code: 13, kind: .i2c) // EACCES
        #expect(i2c.description == "permission denied opening /dev/i2c-1: join the i2c group (sudo usermod -aG i2c $USER, then log in again)")
        let gpio = LinuxDeviceError.opening("/dev/gpiochip0", code: 1, kind: .gpio) // EPERM
        #expect(gpio.description == "permission denied opening /dev/gpiochip0: join the gpio group (sudo usermod -aG gpio $USER, then log in again)")
        let busy = LinuxDeviceError.opening("/dev/gpiochip0", code: 16, kind: .gpio) // EBUSY
        #expect(busy.description == "/dev/gpiochip0 is busy: another program or a kernel driver holds it")
    }
}
