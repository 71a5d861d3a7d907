import Testing
import UprightCore
import UprightHost
@testable import UprightMCU
import UprightMCUShared

@Suite struct InputWriterTests {
    @Test func aTraceIsWrittenAsTheChipReadsIt() {
        let rows = [
            TraceRow(time: .zero, accelerationG: Vector3(x: 0, y: 1, z: 0), buttonPressed: false),
            TraceRow(time: Instant(nanoseconds: 50_000_000), accelerationG: Vector3(x: -1, y: 0, z: 0.5), buttonPressed: true),
        ]
        #expect(InputWriter.trace(rows, hasGyro: false, hasButton: true) == TraceInputTests.twoRows)
    }

    @Test func busCallsAreCodesAndTimes() throws {
        let calls: [BusCall] = [.step(.zero), .edge(down: true, at: Instant(nanoseconds: 5)), .step(Instant(nanoseconds: 5_000_000_005))]
        let input = InputWriter.bus(chip: .adxl345, capabilities: .smbus, start: .zero, calls: calls, transfers: [0xAA], transferCount: 1)
        // After the header: address 0x53, no combined transfers, 32-byte reads, 19 call bytes.
        #expect(Array(input[32..<40]) == [0x53, 0x00, 0x20, 0x00, 0x13, 0x00, 0x00, 0x00])
        // Step +0; edge down +5 ns; a step 5 s later, beyond a u32: absolute (bit 7).
        #expect(
            Array(input[40...]) == [
                0x00, 0x00, 0x00, 0x00, 0x00,
                0x02, 0x05, 0x00, 0x00, 0x00,
                0x80, 0x05, 0xF2, 0x05, 0x2A, 0x01, 0x00, 0x00, 0x00,
                0xAA,
            ])
        try input.withUnsafeBytes { (raw) throws in
            let (header, payload) = try InputHeader.parse(raw)
            #expect(header.kind == .bus && header.flags == BusChip.adxl345.rawValue && header.auxiliary == 1)
            var bus = try BusInput(header: header, payload: payload)
            #expect(bus.capabilities == .smbus && bus.address == 0x53)
            var read: [BusCall] = []
            while let call = try bus.next() { read.append(call) }
            #expect(read == calls)
            #expect(Array(bus.transfers) == [0xAA])
        }
    }
}
