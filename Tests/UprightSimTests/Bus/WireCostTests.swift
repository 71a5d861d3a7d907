import Testing
import UprightCore
import UprightSim

@Suite struct WireCostTests {
    /// The wire-cost goal (docs/performance.md): with combined transfers, a FIFO drain every 20 ms at
    /// 1 kHz costs at most 1.10 x the 6-byte payload per sample on the wire.
    @Test func mpu6050FIFOWithCombinedTransfersIsWithinTenPercentOfThePayload() {
        let cost = WireCost.measure(chip: .mpu6050, mode: .fifo, capabilities: .combined)
        #expect(cost.samples >= 990)
        #expect(cost.bytesPerSample <= 6.6)
    }

    @Test func burstCostsNineBytesPerSampleAndRegisterByRegisterTwentyFour() {
        // Burst: addr, 0x3B, addr, 6 data = 9. By register: 6 x (addr, reg, addr, data) = 24.
        // Periodic health checks read back PWR_MGMT_1, GYRO_CONFIG, CONFIG, SMPLRT_DIV and
        // ACCEL_CONFIG: 5 x 4 = 20 bytes every 250 ms.
        let burst = WireCost.measure(chip: .mpu6050, mode: .burst, capabilities: .combined)
        #expect(burst.samples == 1000)
        #expect(burst.stats.wireBytes == 9 * 1000 + 4 * 20)
        let single = WireCost.measure(chip: .mpu6050, mode: .registerByRegister, capabilities: .combined)
        #expect(single.stats.wireBytes == 24 * 1000 + 4 * 20)
    }

    @Test func smbusChunksCostMoreThanOneLongRead() {
        let combined = WireCost.measure(chip: .mpu6050, mode: .fifo, capabilities: .combined)
        let smbus = WireCost.measure(chip: .mpu6050, mode: .fifo, capabilities: .smbus)
        #expect(smbus.samples == combined.samples)
        #expect(smbus.bytesPerSample > combined.bytesPerSample)
        // 30-byte chunks: 3 bytes of overhead per 5 samples, the FIFO_COUNT reads, and health
        // checks reading 7 registers (28 bytes) every 250 ms.
        #expect(smbus.bytesPerSample <= 6.95)
    }

    @Test func adxl345FIFOReadsOneEntryPerTransaction() {
        let cost = WireCost.measure(chip: .adxl345, mode: .fifo, capabilities: .combined)
        #expect(cost.samples >= 790)
        #expect(cost.bytesPerSample > 9) // 9 per entry plus the FIFO_STATUS reads
        #expect(cost.bytesPerSample < 9.5)
    }
}
