/// Reads and writes 16- and 32-bit TIFF integers in the file's byte order.
struct TIFFBytes {
    var bytes: [UInt8]
    let bigEndian: Bool

    func u16(at offset: Int) -> UInt16 {
        let a = UInt16(bytes[offset])
        let b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(at offset: Int) -> UInt32 {
        let high = UInt32(u16(at: bigEndian ? offset : offset + 2))
        let low = UInt32(u16(at: bigEndian ? offset + 2 : offset))
        return high << 16 | low
    }

    mutating func setU16(_ value: UInt16, at offset: Int) {
        let high = UInt8(value >> 8)
        let low = UInt8(value & 0xFF)
        bytes[offset] = bigEndian ? high : low
        bytes[offset + 1] = bigEndian ? low : high
    }

    mutating func setU32(_ value: UInt32, at offset: Int) {
        setU16(UInt16(value >> 16), at: bigEndian ? offset : offset + 2)
        setU16(UInt16(value & 0xFFFF), at: bigEndian ? offset + 2 : offset)
    }

    mutating func appendU16(_ value: UInt16) {
        bytes.append(contentsOf: [0, 0])
        setU16(value, at: bytes.count - 2)
    }

    mutating func appendU32(_ value: UInt32) {
        bytes.append(contentsOf: [0, 0, 0, 0])
        setU32(value, at: bytes.count - 4)
    }
}
