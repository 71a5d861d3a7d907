/// Packs Huffman codes most significant bit first into entropy-coded bytes, inserting a 00
/// after every FF so the data cannot be mistaken for a marker (T.81 B.1.1.5).
struct JPEGBitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator: UInt32 = 0
    private var bitCount = 0

    mutating func write(_ bits: UInt32, count: Int) {
        guard count > 0 else { return }
        accumulator = accumulator << UInt32(count) | (bits & ((1 << UInt32(count)) - 1))
        bitCount += count
        while bitCount >= 8 {
            let byte = UInt8((accumulator >> UInt32(bitCount - 8)) & 0xFF)
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0x00) }
            bitCount -= 8
        }
        accumulator &= (1 << UInt32(bitCount)) - 1
    }

    /// Pads the last byte with 1 bits (T.81 F.1.2.3).
    mutating func finish() {
        if bitCount > 0 { write((1 << UInt32(8 - bitCount)) - 1, count: 8 - bitCount) }
    }
}
