import Testing
import UprightCore
@testable import UprightHost

/// `sensor.backend` (docs/boards.md): `i2c` by default, `iio` through the kernel's driver,
/// `auto`; with `iio` the keys that would set the chip up over I2C are refused, naming them.
@Suite struct SensorBackendBoardTests {
    /// A board with the simulated camera and `sections` (BoardKeysUsedTests' helper).
    static func board(_ sections: String) throws -> Board { try BoardKeysUsedTests.board(sections) }

    @Test func i2cIsTheDefault() throws {
        #expect(try Self.board(#""sensor": {}"#).sensor.backend == .i2c)
        #expect(try Self.board(#""sensor": {"backend": "iio"}"#).sensor.backend == .iio)
        #expect(try Self.board(#""sensor": {"backend": "auto", "read_mode": "burst"}"#).sensor.backend == .auto)
        #expect(throws: BoardError(file: "b.json", message: #"sensor.backend: "kernel" is not one of "i2c", "iio", "auto""#)) {
            try Self.board(#""sensor": {"backend": "kernel"}"#)
        }
    }

    @Test(arguments: [
        (#""range_g": 4"#, "range_g"), (#""read_mode": "burst""#, "read_mode"), (#""kind": "mpu6050", "filter_hz": 44"#, "filter_hz"),
    ])
    func iioRefusesTheChipsOwnSetUp(key: String, name: String) {
        #expect(
            throws: BoardError(
                file: "b.json",
                message: "sensor.\(name): sensor.backend iio: the kernel's driver sets the chip up (its own range, filter and buffer); remove \(name)"
            )
        ) {
            try Self.board(#""sensor": {"backend": "iio", "# + key + "}")
        }
    }

    @Test func iioRefusesADataReadyLine() {
        #expect(
            throws: BoardError(
                file: "b.json",
                message: "data_ready: sensor.backend iio: the kernel's driver owns the chip's interrupt line (the overlay's); remove data_ready")
        ) {
            try Self.board(#""sensor": {"backend": "iio", "kind": "adxl345"}, "data_ready": {"line": 4}"#)
        }
    }

    /// The kernel reads the bus with iio, so its capacity is not Upright's to check: 1 kHz with
    /// the gyro on a 100 kHz bus is refused over I2C, taken through IIO.
    @Test func iioSkipsTheBusCapacity() throws {
        #expect(throws: BoardError.self) { try Self.board(#""sensor": {"kind": "mpu6050", "rate_hz": 1000, "read_mode": "burst"}"#) }
        let board = try Self.board(#""sensor": {"kind": "mpu6050", "rate_hz": 1000, "backend": "iio"}"#)
        #expect(board.sensor.rateHz == 1000)
        #expect(board.sensor.gyro)
    }
}
