import Testing
@testable import UprightCLI

@Suite struct ProbeCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, error: String) {
        let recorder = ConsoleRecorder()
        let status = Upright.main(["probe"] + arguments, console: recorder.console)
        return (status, recorder.out, recorder.error)
    }

    @Test func helpNamesTheBusOption() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("--bus N"))
    }

    /// A bus that does not exist gets one line naming the device node and the config.txt line
    /// that creates it (bus 9 is an overlay: dtoverlay=i2c9). The test machine has no /dev/i2c-9.
    @Test func aMissingBusIsOneLineNamingTheOverlay() {
        let result = run(["--bus", "9"])
        #expect(result.status == 1)
        #expect(result.out == "")
        #expect(
            result.error
                == "upright probe: /dev/i2c-9 does not exist: enable the bus with dtoverlay=i2c9 in /boot/firmware/config.txt and reboot, and make sure the i2c-dev module is loaded (modprobe i2c-dev)\n"
        )
    }

    @Test(arguments: ["x", "-1", "256"])
    func aBadBusNumberIsAUsageError(bus: String) {
        let result = run(["--bus", bus])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("upright probe: --bus '\(bus)' is not a bus number (0 to 255, the N of /dev/i2c-N)\n"))
    }
}
