// swift-format-ignore-file
// The code here is the articles' code, verbatim (DocumentationTests checks it): formatted as
// the article shows it, not by swift-format.
import Testing
import UprightCore

// The code of UprightCore.docc/ReadingAnAccelerometer.md, verbatim (EndToEndTests/DocumentationTests
// checks that every fenced block of the article appears here).

/// An ADXL345 at rest, upright, as an I2C bus: 64 registers behind address 0x53, the
/// register pointer set by a transfer's first byte and incremented after every byte.
final class InMemoryADXL345Bus: I2CBus {
    let capabilities = I2CCapabilities.combined
    private(set) var registers = [UInt8](repeating: 0, count: 64)
    private var pointer = 0

    init() {
        registers[0x00] = 0xE5  // DEVID
        registers[0x34] = 0x00  // DATAY0: 256 counts, little-endian
        registers[0x35] = 0x01  // DATAY1
    }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard address == 0x53 else { throw .noAcknowledge }
        if let first = write.first { pointer = Int(first) }
        for byte in write.dropFirst() {
            registers[pointer & 0x3F] = byte
            pointer += 1
        }
        for index in read.indices {
            read[index] = registers[pointer & 0x3F]
            pointer += 1
        }
    }
}

@Suite struct ReadingAnAccelerometerTests {
    @Test func readsOneUprightSampleFromTheInMemoryChip() throws {
        let bus = InMemoryADXL345Bus()
        var configuration = ADXL345Configuration()
        configuration.dataRate = .hz100
        configuration.readMode = .burst
        var sensor = ADXL345(bus: bus, configuration: configuration)

        var clock = Instant.zero
        try sensor.initialize(now: clock) { span in
            clock += span
            return clock
        }
        clock += sensor.samplePeriod
        var samples: [Sample] = []
        let report = try sensor.readSamples(now: clock) { sample in
            samples.append(sample)
        }

        #expect(sensor.identity?.model == .adxl345)
        #expect(report.delivered == 1)
        #expect(samples == [Sample(time: Instant(nanoseconds: 10_000_000), accelerationG: Vector3(x: 0, y: 1, z: 0))])
        // The driver configured the chip: full resolution at +-2 g (DATA_FORMAT 0x08), 100 Hz
        // (BW_RATE 0x0A), FIFO bypassed (FIFO_CTL 0x00), measuring (POWER_CTL 0x08).
        #expect(bus.registers[0x31] == 0x08)
        #expect(bus.registers[0x2C] == 0x0A)
        #expect(bus.registers[0x38] == 0x00)
        #expect(bus.registers[0x2D] == 0x08)
    }

    @Test func theInMemoryBusRefusesOtherAddresses() {
        let bus = InMemoryADXL345Bus()
        #expect(!bus.probe(address: 0x68))
        #expect(bus.probe(address: 0x53))
    }
}
