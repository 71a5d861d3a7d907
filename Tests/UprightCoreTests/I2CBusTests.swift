import Testing
import UprightCore

/// A bus that records each transfer and answers reads from a fixed register file.
final class RecordingBus: I2CBus {
    var capabilities: I2CCapabilities
    var registers = [UInt8](repeating: 0, count: 256)
    var log: [(address: UInt8, write: [UInt8], readCount: Int)] = []
    var failWith: I2CError?

    init(capabilities: I2CCapabilities = .combined) { self.capabilities = capabilities }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        log.append((address, Array(write), read.count))
        if let failWith { throw failWith }
        var pointer = Int(write.first ?? 0)
        for (offset, byte) in write.dropFirst().enumerated() { registers[(pointer + offset) & 0xFF] = byte }
        for index in 0..<read.count {
            read[index] = registers[pointer & 0xFF]
            pointer += 1
        }
    }
}

@Suite struct I2CBusTests {
    @Test func writeRegisterSendsPointerThenValue() throws {
        let bus = RecordingBus()
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        #expect(bus.log.count == 1)
        #expect(bus.log[0].address == 0x68)
        #expect(bus.log[0].write == [0x6B, 0x01])
        #expect(bus.log[0].readCount == 0)
    }

    @Test func readRegistersIsOneCombinedTransfer() throws {
        let bus = RecordingBus()
        bus.registers[0x3B...0x40] = [0x12, 0x34, 0xFF, 0xFE, 0x40, 0x00]
        var buffer = [UInt8](repeating: 0, count: 6)
        try buffer.withUnsafeMutableBytes { raw in try bus.readRegisters(address: 0x68, from: 0x3B, into: raw) }
        #expect(buffer == [0x12, 0x34, 0xFF, 0xFE, 0x40, 0x00])
        #expect(bus.log.map(\.write) == [[0x3B]])
        #expect(try bus.readBigEndianUInt16(address: 0x68, from: 0x3B) == 0x1234)
    }

    @Test func readLongerThanTheAdapterAllowsIsRefused() {
        let bus = RecordingBus(capabilities: .smbus)
        var buffer = [UInt8](repeating: 0, count: 33)
        #expect(throws: I2CError.unsupported) {
            try buffer.withUnsafeMutableBytes { raw in try bus.readRegisters(address: 0x68, from: 0x74, into: raw) }
        }
        #expect(bus.log.isEmpty)
    }

    @Test func probeReportsAcknowledge() {
        let bus = RecordingBus()
        #expect(bus.probe(address: 0x53))
        bus.failWith = .noAcknowledge
        #expect(!bus.probe(address: 0x53))
    }
}
