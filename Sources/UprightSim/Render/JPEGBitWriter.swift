/// Packs Huffman codes most significant bit first into entropy-coded bytes, inserting a 00
/// after every FF so the data cannot be mistaken for a marker (T.81 B.1.1.5).
struct JPEGBitWriter {
    private(set) var bytes: [UInt8] = []
    /// Pending bits in the low `bitCount` bits; at most 7 stay between writes, so a write of
    /// up to 32 bits (a Huffman code and its additional bits together) never overflows.
    private var accumulator: UInt64 = 0
    private var bitCount = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `bits`, `count` 0...32.
    @inline(__always)
    mutating func write(_ bits: UInt32, count: Int) {
        guard count > 0 else { return }
        let mask: UInt64 = (1 << UInt64(count)) &- 1
        accumulator = accumulator << UInt64(count) | (UInt64(bits) & mask)
        bitCount += count
        while bitCount >= 8 {
            bitCount -= 8
            let byte = UInt8(truncatingIfNeeded: accumulator >> UInt64(bitCount))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0x00) }
        }
        accumulator &= (1 << UInt64(bitCount)) &- 1
    }

    /// Pads the last byte with 1 bits (T.81 F.1.2.3).
    mutating func finish() {
        if bitCount > 0 { write((1 << UInt32(8 - bitCount)) - 1, count: 8 - bitCount) }
    }
}
