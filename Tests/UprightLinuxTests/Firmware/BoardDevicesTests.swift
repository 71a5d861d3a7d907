import Testing
import UprightHost
import UprightLinux

struct BoardDevicesTests {
    @Test func chipNamesArePathsOrLabels() {
        #expect(BoardDevices.chip("/dev/gpiochip4") == .path("/dev/gpiochip4"))
        #expect(BoardDevices.chip("gpiochip0") == .path("/dev/gpiochip0"))
        #expect(BoardDevices.chip("pinctrl-rp1") == .label("pinctrl-rp1"))
        #expect(BoardDevices.chip("gpiochipX") == .label("gpiochipX"))
    }

    func board() throws -> Board {
        let json = """
            { "name": "t", "sensor": { "kind": "mpu6050", "read_mode": "burst" },
              "shutter": { "chip": "gpiochip0", "line": 17, "debounce_ms": 30 },
              "data_ready": { "chip": "gpiochip0", "line": 23 },
              "camera": { "backend": "command", "still": ["true"], "video": ["true"] },
              "output": { "directory": "/tmp" } }
            """
        return try Board.parse(Array(json.utf8), file: "t.json")
    }

    /// No kernel debounce (it would stamp an edge when its period ends, not at the touch): the
    /// recogniser debounces by the raw timestamps; the kernel keeps the most events it may.
    @Test func theShutterIsAButtonToGroundWithRawEdgesAndTheLargestBuffer() throws {
        let board = try board()
        let line = BoardDevices.shutterLine(try #require(board.shutter.gpio))
        #expect(
            line
                == GPIOLineConfiguration(
                    offset: 17, bias: .pullUp, activeLow: true, edges: .both,
                    debounceMicroseconds: 0, consumer: "upright-shutter", eventBufferSize: 1024))
    }

    @Test func dataReadyIsAnActiveHighRisingEdge() throws {
        let line = BoardDevices.dataReadyLine(try #require(try board().dataReady))
        #expect(
            line
                == GPIOLineConfiguration(
                    offset: 23, bias: .disabled, activeLow: false, edges: .rising,
                    debounceMicroseconds: 0, consumer: "upright-data-ready"))
    }
}
