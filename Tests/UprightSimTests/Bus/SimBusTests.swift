import Testing
import UprightCore
import UprightSim

@Suite struct SimBusTests {
    @Test func emptyAddressDoesNotAcknowledgeAndCostsItsAddressByte() {
        let bus = SimBus(clock: SimClock())
        #expect(throws: I2CError.noAcknowledge) { _ = try bus.readRegister(address: 0x68, 0x75) }
        #expect(bus.stats.transactions == 1)
        #expect(bus.stats.failedTransactions == 1)
        #expect(bus.stats.wireBytes == 1)
        #expect(!bus.probe(address: 0x53))
    }

    @Test func attachedChipAnswersAndEveryByteIsCounted() throws {
        let bus = SimBus(clock: SimClock())
        bus.attach(SimMPU6050(motion: FixedMotion(.uprightAtRest), seed: 1), at: 0x68)
        #expect(try bus.readRegister(address: 0x68, 0x75) == 0x68) // 4 bytes: addr, reg, addr, data
        try bus.writeRegister(address: 0x68, 0x6B, 0x01) // 3 bytes
        var block = [UInt8](repeating: 0, count: 6)
        try block.withUnsafeMutableBytes { try bus.readRegisters(address: 0x68, from: 0x3B, into: $0) } // 9 bytes
        #expect(bus.stats.transactions == 3)
        #expect(bus.stats.wireBytes == 16)
        #expect(bus.stats.payloadBytes == 7)
        // 16 x 9 + 5 STARTs (incl. repeated) + 3 STOPs = 152 bit times.
        #expect(bus.stats.wireTime(clockHz: 100_000) == .microseconds(1520))
        #expect(bus.stats.wireTime(clockHz: 400_000) == .microseconds(380))
    }

    @Test func detachedChipStopsAnswering() throws {
        let bus = SimBus(clock: SimClock())
        bus.attach(SimADXL345(motion: FixedMotion(.uprightAtRest), seed: 1), at: 0x53)
        #expect(try bus.readRegister(address: 0x53, 0x00) == 0xE5)
        bus.detach(at: 0x53)
        #expect(!bus.probe(address: 0x53))
    }
}
