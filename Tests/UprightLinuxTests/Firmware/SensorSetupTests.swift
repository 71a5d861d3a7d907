import Testing
import UprightCore
import UprightHost
import UprightLinux

struct SensorSetupTests {
    func settings(kind: String) throws -> Board.SensorSettings {
        let json = """
            { "name": "t", "sensor": { "kind": "\(kind)", "rate_hz": 50, "range_g": 4, "read_mode": "burst",
                "mount_matrix": "0, -1, 0; 1, 0, 0; 0, 0, 1", "offset_g": [0.02, -0.01, 0.03] },
              "shutter": { "chip": "gpiochip0", "line": 17 },
              "camera": { "backend": "command", "still": ["true"], "video": ["true"] },
              "output": { "directory": "/tmp" } }
            """
        return try Board.parse(Array(json.utf8), file: "t.json").sensor
    }

    /// `auto` finds the ADXL345 at 0x53 and configures it exactly as naming it would: the
    /// board's rate, range, read mode, mount matrix and offsets.
    @Test func autoDetectionConfiguresTheChipAsNamingItWould() throws {
        let found = try SensorSetup.sensor(on: FakeADXL345Bus(), settings: try settings(kind: "auto"), interrupt: false, busName: "fake")
        let named = try SensorSetup.sensor(on: FakeADXL345Bus(), settings: try settings(kind: "adxl345"), interrupt: false, busName: "fake")
        let chip = try #require(found.adxl345)
        #expect(chip.address == 0x53)
        #expect(chip.configuration == (try #require(named.adxl345)).configuration)
        #expect(chip.mount == (try #require(named.adxl345)).mount)
        // The board's offsets are on the chip's axes; the driver holds them on the device's:
        // device x = -chip y, device y = chip x.
        #expect(found.offsetG == Vector3(x: 0.01, y: 0.02, z: 0.03))
        #expect(found.offsetG == named.offsetG)
        #expect(chip.configuration.dataRate == .hz50)
        #expect(chip.configuration.range == .g4)
        #expect(chip.configuration.readMode == .burst)
    }

    @Test func autoWithNothingOnTheBusSaysWhereItLooked() throws {
        let bus = FakeADXL345Bus()
        bus.failing = true
        let settings = try settings(kind: "auto")
        let error = #expect(throws: FirmwareError.self) {
            try SensorSetup.sensor(on: bus, settings: settings, interrupt: false, busName: "/dev/i2c-9")
        }
        #expect(error?.kind == .device)
        #expect(error?.description.hasPrefix("no accelerometer answers on /dev/i2c-9 at 0x68, 0x69, 0x53 or 0x1d") == true)
    }
}
