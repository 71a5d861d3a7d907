import Testing
import UprightCore

@Suite struct WireStatsTests {
    @Test func countsAddressPointerAndDataBytes() {
        var stats = WireStats()
        stats.record(writeCount: 2, readCount: 0, acknowledged: true) // S addr reg val P
        #expect(stats.wireBytes == 3)
        stats.record(writeCount: 1, readCount: 6, acknowledged: true) // S addr reg Sr addr 6 P
        #expect(stats.wireBytes == 12)
        #expect(stats.payloadBytes == 6)
        #expect(stats.startConditions == 3)
        stats.record(writeCount: 1, readCount: 1, acknowledged: false) // address not acknowledged
        #expect(stats.wireBytes == 13)
        #expect(stats.failedTransactions == 1)
    }

    @Test func wireTimeAt100And400Kilohertz() {
        var stats = WireStats()
        stats.record(writeCount: 1, readCount: 6, acknowledged: true)
        // 9 bytes x 9 bits + START + repeated START + STOP = 84 bit times.
        #expect(stats.wireBits == 84)
        #expect(stats.wireTime(clockHz: 100_000) == .microseconds(840))
        #expect(stats.wireTime(clockHz: 400_000) == .microseconds(210))
    }
}
