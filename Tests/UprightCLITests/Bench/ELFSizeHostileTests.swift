import Testing
@testable import UprightCLI

/// ELF64 objects built by hand from the ELF specification (header fields e_shoff at 0x28,
/// e_shentsize at 0x3A, e_shnum at 0x3C; section header sh_type at +4, sh_flags at +8,
/// sh_size at +32), little-endian.
@Suite struct ELFSizeHostileTests {
    static func le(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func section(type: UInt64, flags: UInt64, size: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.replaceSubrange(4..<8, with: le(type, 4))
        bytes.replaceSubrange(8..<16, with: le(flags, 8))
        bytes.replaceSubrange(32..<40, with: le(size, 8))
        return bytes
    }

    static func object(sectionTable: UInt64 = 64, sections: [[UInt8]]) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 64)
        header.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        header.replaceSubrange(0x28..<0x30, with: le(sectionTable, 8))
        header.replaceSubrange(0x3A..<0x3C, with: le(64, 2))
        header.replaceSubrange(0x3C..<0x3E, with: le(UInt64(sections.count), 2))
        return header + sections.flatMap { $0 }
    }

    @Test func sumsAllocatedSectionsByKind() {
        let bytes = Self.object(sections: [
            Self.section(type: 1, flags: 0x6, size: 100), // PROGBITS, ALLOC|EXECINSTR: text
            Self.section(type: 1, flags: 0x3, size: 12), // PROGBITS, ALLOC|WRITE: data
            Self.section(type: 8, flags: 0x3, size: 40), // NOBITS, ALLOC|WRITE: bss
            Self.section(type: 1, flags: 0x0, size: 999), // not allocated: ignored
        ])
        let size = ELFSize.read(bytes)
        #expect(size?.text == 100)
        #expect(size?.data == 12)
        #expect(size?.bss == 40)
    }

    /// Hostile-input table (bench --embedded-object): these trapped on integer overflow.
    @Test func hostileOffsetsAndLengthsGiveNil() {
        #expect(ELFSize.read(Self.object(sectionTable: 0x7FFF_FFFF_FFFF_FFFF, sections: [Self.section(type: 1, flags: 0x6, size: 1)])) == nil)
        #expect(ELFSize.read(Self.object(sectionTable: 0xFFFF_FFFF_FFFF_FFF0, sections: [Self.section(type: 1, flags: 0x6, size: 1)])) == nil)
        let huge = Self.section(type: 1, flags: 0x6, size: 0x7FFF_FFFF_FFFF_FFFF)
        #expect(ELFSize.read(Self.object(sections: [huge, huge])) == nil)
        #expect(ELFSize.read(Self.object(sections: [Self.section(type: 1, flags: 0x6, size: 0xFFFF_FFFF_FFFF_FFFF)])) == nil)
        #expect(ELFSize.read([UInt8](repeating: 0, count: 100)) == nil)
    }
}
