import Testing
@testable import UprightHost

/// The checkpoint's checksum is zlib's CRC-32: its catalogued check value, and values Python's
/// `zlib.crc32` gives for the same bytes.
@Suite struct CRC32Tests {
    @Test func itIsZlibsCRC32() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum([0x00]) == 0xD202_EF8D)
        #expect(CRC32.checksum(Array(#"{"t":0.000000,"event":"checkpoint"}"#.utf8)) == 0x1912_B7FB)
    }

    /// Any one bit flipped in a line changes its checksum.
    @Test func everySingleBitFlipIsCaught() {
        let line = Array(#"{"t":1.000000,"event":"checkpoint","segment":1,"highest":28545,"settled":28289}"#.utf8)
        let good = CRC32.checksum(line)
        for index in line.indices {
            for bit in 0..<8 {
                var flipped = line
                flipped[index] ^= UInt8(1) << UInt8(bit)
                #expect(CRC32.checksum(flipped) != good)
            }
        }
    }
}
