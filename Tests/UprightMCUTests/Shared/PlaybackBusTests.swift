import Testing
import UprightCore
import UprightMCUShared

@Suite struct PlaybackBusTests {
    /// Three recorded transfers (docs/mcu.md, "Bus inputs"): a register read of WHO_AM_I at
    /// 0x68 answering 0x68; a write of 0x80 to 0x6B; a two-byte read that was not acknowledged.
    static let transfers: [UInt8] = [
        0x68, 0x00, 0x01, 0x01, 0x00, 0x75, 0x68,
        0x68, 0x00, 0x02, 0x00, 0x00, 0x6B, 0x80,
        0x68, 0x01, 0x01, 0x02, 0x00, 0x72,
    ]

    static func withBus<R>(_ bytes: [UInt8], count: Int = 3, _ body: (PlaybackBus<NoCountingPause>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body(PlaybackBus(transfers: $0, count: count, capabilities: .combined)) }
    }

    @Test func theDriverGetsTheRecordedAnswers() throws {
        try Self.withBus(Self.transfers) { (bus) throws in
            #expect(try bus.readRegister(address: 0x68, 0x75) == 0x68)
            try bus.writeRegister(address: 0x68, 0x6B, 0x80)
            #expect(throws: I2CError.noAcknowledge) { _ = try bus.readBigEndianUInt16(address: 0x68, from: 0x72) }
            #expect(bus.remaining == 0)
            #expect(bus.divergence == nil)
        }
    }

    @Test func otherBytesWrittenThanRecordedStopThePlayback() throws {
        try Self.withBus(Self.transfers) { (bus) throws in
            _ = try bus.readRegister(address: 0x68, 0x75)
            #expect(throws: I2CError.bus) { try bus.writeRegister(address: 0x68, 0x6B, 0x00) }
            #expect(bus.divergence?.index == 1)
            #expect(bus.divergence.map { String(describing: $0.reason) } == "other bytes written than recorded")
            // Everything after the divergence fails, even what would match.
            #expect(throws: I2CError.bus) { _ = try bus.readBigEndianUInt16(address: 0x68, from: 0x72) }
        }
    }

    @Test func anotherAddressOrReadLengthOrAnExtraTransferDiverges() {
        Self.withBus(Self.transfers) { bus in
            #expect(throws: I2CError.bus) { _ = try bus.readRegister(address: 0x69, 0x75) }
            #expect(bus.divergence.map { String(describing: $0.reason) } == "a transfer to another address")
        }
        Self.withBus(Self.transfers) { bus in
            #expect(throws: I2CError.bus) { _ = try bus.readBigEndianUInt16(address: 0x68, from: 0x75) }
            #expect(bus.divergence.map { String(describing: $0.reason) } == "another read length than recorded")
        }
        Self.withBus(Array(Self.transfers[0..<7]), count: 1) { bus in
            _ = try? bus.readRegister(address: 0x68, 0x75)
            #expect(throws: I2CError.bus) { _ = try bus.readRegister(address: 0x68, 0x75) }
            #expect(bus.divergence.map { String(describing: $0.reason) } == "a transfer after the last recorded one")
        }
    }

    @Test func everyErrorHasAStatusThatReadsBack() {
        let errors: [I2CError] = [.noAcknowledge, .timeout, .arbitrationLost, .bus, .unsupported, .unavailable, .other(code: -71)]
        for error in errors {
            let (status, code) = TransferStatus.status(for: error)
            #expect(status != TransferStatus.doneCode)
            #expect(TransferStatus.error(status: status, code: code) == error)
        }
        #expect(TransferStatus.error(status: 0, code: 0) == nil)
        #expect(TransferStatus.error(status: 200, code: 0) == .bus)
    }
}
