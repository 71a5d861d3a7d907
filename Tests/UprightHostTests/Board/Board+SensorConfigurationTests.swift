import Testing
import UprightCore
@testable import UprightHost

private func settings(
    kind: Board.SensorKind = .auto, rateHz: Double = 100, rangeG: Int = 2, filterHz: Int? = nil, readMode: Board.ReadMode = .fifo
) -> Board.SensorSettings {
    Board.SensorSettings(kind: kind, address: nil, rateHz: rateHz, rangeG: rangeG, filterHz: filterHz, readMode: readMode, mountMatrix: .identity)
}

@Suite struct BoardSensorConfigurationTests {
    /// RM 4.2: rate = 1 kHz / (1 + SMPLRT_DIV) with the DLPF on, 8 kHz / (1 + SMPLRT_DIV) with
    /// DLPF_CFG 0 (260 Hz); the nearest rate not above the board's.
    @Test(
        arguments: [
            (1000.0, 44, UInt8(0)), (500, 44, 1), (200, 44, 4), (100, 44, 9), (1000.0 / 3, 44, 2), (300, 44, 3),
            (4, 44, 249), (1000, 260, 7), (8000.0 / 9, 260, 8), (4, 260, 255),
        ] as [(Double, Int, UInt8)])
    func mpu6050SampleRateDivider(rateHz: Double, filterHz: Int, divider: UInt8) {
        let configuration = settings(kind: .mpu6050, rateHz: rateHz, filterHz: filterHz).mpu6050Configuration()
        #expect(configuration.sampleRateDivider == divider)
    }

    /// RM 4.3 DLPF_CFG: 260 Hz = 0 ... 5 Hz = 6; 44 Hz (3) when the board names none.
    @Test(arguments: [(260, UInt8(0)), (184, 1), (94, 2), (44, 3), (21, 4), (10, 5), (5, 6), (nil, 3)] as [(Int?, UInt8)])
    func mpu6050LowPassFilter(filterHz: Int?, dlpfConfig: UInt8) {
        #expect(settings(kind: .mpu6050, filterHz: filterHz).mpu6050Configuration().lowPassFilter.rawValue == dlpfConfig)
    }

    /// RM 4.5 AFS_SEL and data sheet Table 21 Range bits: 2, 4, 8, 16 g = 0, 1, 2, 3.
    @Test(arguments: [(2, 0), (4, 1), (8, 2), (16, 3)] as [(Int, UInt8)])
    func rangeCodes(rangeG: Int, code: UInt8) {
        #expect(settings(rangeG: rangeG).mpu6050Configuration().accelerometerRange.rawValue == code)
        #expect(settings(rangeG: rangeG).adxl345Configuration().range.rawValue == code)
    }

    /// Data sheet Table 7: BW_RATE rate code, 0.09765625 Hz x 2^code; the slowest not below
    /// the board's rate (150 Hz, possible with `auto`, gets 200 Hz).
    @Test(
        arguments: [
            (6.25, UInt8(0x06)), (12.5, 0x07), (25, 0x08), (50, 0x09), (100, 0x0A), (200, 0x0B), (400, 0x0C),
            (800, 0x0D), (1600, 0x0E), (3200, 0x0F), (150, 0x0B),
        ] as [(Double, UInt8)])
    func adxl345RateCode(rateHz: Double, code: UInt8) {
        #expect(settings(kind: .adxl345, rateHz: rateHz).adxl345Configuration().dataRate.rawValue == code)
    }

    @Test func readModeAndInterruptPin() {
        let burst = settings(readMode: .burst)
        #expect(burst.mpu6050Configuration().readMode == .burst)
        #expect(burst.adxl345Configuration().readMode == .burst)
        let fifo = settings(readMode: .fifo)
        #expect(fifo.mpu6050Configuration().readMode == .fifo)
        #expect(fifo.adxl345Configuration().readMode == .fifo)
        #expect(fifo.mpu6050Configuration().interruptPin == nil)
        #expect(fifo.mpu6050Configuration(interrupt: true).interruptPin == InterruptPin(activeLow: false, latched: true))
        #expect(fifo.adxl345Configuration(interrupt: true).interruptPin == InterruptPin(activeLow: false, latched: true))
    }
}
