import Testing
import UprightCore
@testable import UprightHost

/// Keys a board file accepts change something, or are refused with a message.
@Suite struct BoardKeysUsedTests {
    static func board(_ sections: String) throws -> Board {
        let json = #"{"camera": {"backend": "simulated"}, "output": {"directory": "o"}, "# + sections + "}"
        return try Board.parse(Array(json.utf8), file: "b.json")
    }

    /// `output.reserve_mb` is the free space kept for the journal (default 8 MiB), 0..65536.
    @Test func theReserveIsInMebibytes() throws {
        #expect(
            try Board.parse(Array(#"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#.utf8), file: "b.json").output
                .reserveBytes == 8_388_608)
        let json = #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o", "reserve_mb": 2}}"#
        #expect(try Board.parse(Array(json.utf8), file: "b.json").output.reserveBytes == 2_097_152)
        #expect(throws: BoardError(file: "b.json", message: "output.reserve_mb: 70000 is out of range (0..65536)")) {
            try Board.parse(
                Array(#"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o", "reserve_mb": 70000}}"#.utf8), file: "b.json")
        }
    }

    @Test func dataReadyInFIFOModeNeedsAWatermarkInterrupt() throws {
        #expect(
            throws: BoardError(
                file: "b.json",
                message:
                    "data_ready: the MPU-6050 has no FIFO watermark interrupt (read_mode fifo): use read_mode burst to pace register reads by data-ready, set sensor.kind adxl345, or remove data_ready"
            )
        ) {
            try Self.board(#""sensor": {"kind": "mpu6050"}, "data_ready": {"line": 23}"#)
        }
        #expect(throws: BoardError.self) { try Self.board(#""sensor": {}, "data_ready": {"line": 23}"#) }
        // The MPU-6050's data-ready paces burst reads; the ADXL345's FIFO has its watermark.
        _ = try Self.board(#""sensor": {"kind": "mpu6050", "read_mode": "burst"}, "data_ready": {"line": 23}"#)
        let adxl = try Self.board(#""sensor": {"kind": "adxl345", "rate_hz": 400}, "data_ready": {"line": 23}"#)
        #expect(adxl.dataReady == Board.GPIOLineSettings(chip: "gpiochip0", line: 23))
    }

    /// The watermark is one drain interval of samples (20 ms): 2 at 100 Hz, 16 at 800 Hz, the
    /// FIFO's 31 at most.
    @Test func theADXL345WatermarkIsOneDrainIntervalOfSamples() throws {
        for (rate, watermark) in [(100, 2), (800, 16), (3200, 31), (12.5, 1)] as [(Double, UInt8)] {
            let board = try Self.board(#""i2c": {"speed_hz": 1000000}, "sensor": {"kind": "adxl345", "rate_hz": \#(rate)}"#)
            #expect(board.sensor.adxl345Configuration(interrupt: true).fifoWatermark == watermark, "\(rate) Hz")
        }
    }

    /// `i2c.speed_hz` is the bus clock: a rate whose reads need more than half of it is refused.
    @Test func theBusSpeedBoundsTheSampleRate() throws {
        // ADXL345 at 800 Hz: 800 x 9.3 bytes x 9 clocks = 67 kHz, 67% of 100 kHz.
        #expect(
            throws: BoardError(
                file: "b.json",
                message:
                    "sensor.rate_hz: 800 Hz in fifo mode needs 67% of a 100 kHz bus (at most 50%): raise i2c.speed_hz (and dtparam=i2c_arm_baudrate) or lower the rate"
            )
        ) {
            try Self.board(#""sensor": {"kind": "adxl345", "rate_hz": 800}"#)
        }
        // The same at 400 kHz: 17%.
        let fast = try Self.board(#""i2c": {"speed_hz": 400000}, "sensor": {"kind": "adxl345", "rate_hz": 800}"#)
        #expect(abs(Board.busUtilisation(sensor: fast.sensor, i2c: fast.i2c) - 0.1674) < 0.0001)
        // An MPU-6050 FIFO at 1 kHz on 400 kHz with its gyro (the default): 1000 x 12.5 x 9 /
        // 400000 = 28.1%; the accelerometer alone (`gyro: false`) 1000 x 6.5 x 9 / 400000 = 14.6%.
        let mpu = try Self.board(#""i2c": {"speed_hz": 400000}, "sensor": {"kind": "mpu6050", "rate_hz": 1000}"#)
        #expect(abs(Board.busUtilisation(sensor: mpu.sensor, i2c: mpu.i2c) - 0.28125) < 0.0001)
        let accelerometer = try Self.board(#""i2c": {"speed_hz": 400000}, "sensor": {"kind": "mpu6050", "rate_hz": 1000, "gyro": false}"#)
        #expect(abs(Board.busUtilisation(sensor: accelerometer.sensor, i2c: accelerometer.i2c) - 0.14625) < 0.0001)
    }
}

extension BoardKeysUsedTests {
    /// `output.journal_segment_kb` bounds the journal's live file (default 4 MiB), 64..262144.
    @Test func theJournalsSegmentIsInKibibytes() throws {
        #expect(try Self.board(#""sensor": {}"#).output.journalSegmentBytes == 4_194_304)
        let json = #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o", "journal_segment_kb": 64}}"#
        #expect(try Board.parse(Array(json.utf8), file: "b.json").output.journalSegmentBytes == 65_536)
        #expect(throws: BoardError(file: "b.json", message: "output.journal_segment_kb: 63 is out of range (64..262144)")) {
            try Board.parse(
                Array(#"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o", "journal_segment_kb": 63}}"#.utf8),
                file: "b.json")
        }
        #expect(throws: BoardError(file: "b.json", message: "output.journal_segment_kb: expected an integer, found a string")) {
            try Board.parse(
                Array(#"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o", "journal_segment_kb": "4M"}}"#.utf8),
                file: "b.json")
        }
    }
}
