/// CRC-32 as zlib, gzip and PNG compute it (ISO-HDLC: polynomial 0x04C11DB7, reflected as
/// 0xEDB88320, initial value and final XOR 0xFFFFFFFF; the check value of "123456789" is
/// 0xCBF43926). The checkpoint line carries one (`JournalCheckpoint`, `crc`): it is the one
/// line start-up trusts for everything before it, and a flipped digit in it would still parse.
/// Every error of one to 32 adjacent bits is caught. Written here rather than linked from
/// zlib: the journal needs the one function, not a library and its package.
public enum CRC32 {
    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// The remainder of each byte value, one bit at a time (least significant bit first).
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }
}
