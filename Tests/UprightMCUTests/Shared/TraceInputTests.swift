import Testing
import UprightCore
import UprightMCUShared

@Suite struct TraceInputTests {
    /// Two rows, no gyro, a button column: (0, 1, 0) up at 0 s, then (-1, 0, 0.5) down 50 ms
    /// later (docs/mcu.md, "Trace inputs").
    static let twoRows: [UInt8] = [
        0x55, 0x50, 0x4D, 0x43, 0x01, 0x00, 0x01, 0x02, // "UPMC", version 1, trace, button column
        0x22, 0x00, 0x00, 0x00, 0xCD, 0xB2, 0xEE, 0xF0, // 34 payload bytes, FNV-1a
        0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 2 rows, no auxiliary
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // start 0 ns
        0x00, 0x00, 0x00, 0x00, 0x00, // up, +0 ns
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, // 0, 1, 0
        0x01, 0x80, 0xF0, 0xFA, 0x02, // down, +50,000,000 ns
        0x00, 0x00, 0x80, 0xBF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3F, // -1, 0, 0.5
    ]

    static func rows(_ bytes: [UInt8]) throws(InputError) -> [TraceInput.Row] {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { copy.deallocate() }
        copy.copyBytes(from: bytes)
        let (header, payload) = try InputHeader.parse(UnsafeRawBufferPointer(copy))
        var input = try TraceInput(header: header, payload: payload)
        var rows: [TraceInput.Row] = []
        while let row = try input.next() { rows.append(row) }
        return rows
    }

    @Test func rowsReadBackExactly() throws {
        #expect(
            try Self.rows(Self.twoRows) == [
                TraceInput.Row(sample: Sample(time: .zero, accelerationG: Vector3(x: 0, y: 1, z: 0)), buttonDown: false),
                TraceInput.Row(sample: Sample(time: Instant(nanoseconds: 50_000_000), accelerationG: Vector3(x: -1, y: 0, z: 0.5)), buttonDown: true),
            ])
    }

    static func expectError(_ bytes: [UInt8], _ expected: InputError) {
        #expect(throws: expected) { _ = try Self.rows(bytes) }
    }

    @Test func aDamagedInputIsRefusedWithItsReason() {
        Self.expectError([], .noHeader)
        Self.expectError(Array(repeating: 0, count: 64), .badMagic)
        var version = Self.twoRows
        version[4] = 2
        Self.expectError(version, .unsupportedVersion)
        var kind = Self.twoRows
        kind[6] = 9
        Self.expectError(kind, .unknownKind)
        Self.expectError(Array(Self.twoRows.dropLast()), .payloadTooLarge)
        var flipped = Self.twoRows
        flipped[40] ^= 0x01
        Self.expectError(flipped, .checksumMismatch)
        var empty = Array(Self.twoRows[0..<32])
        empty[8] = 0
        empty[12...15] = [0xC5, 0x9D, 0x1C, 0x81] // FNV-1a of nothing: 2166136261
        empty[16] = 0
        Self.expectError(empty, .empty)
    }

    @Test func moreRowsThanThePayloadHoldsIsTruncation() {
        var long = Self.twoRows
        long[16] = 3
        Self.expectError(long, .truncated)
    }
}
