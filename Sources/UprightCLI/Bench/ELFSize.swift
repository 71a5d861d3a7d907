/// Berkeley-style text/data/bss sizes of an ELF object, as `size` and `llvm-size` print them:
/// text = allocated read-only sections (code and constants), data = allocated writable
/// sections with contents, bss = allocated sections without contents. Read directly so the
/// benchmark needs no binutils.
public struct ELFSize: Equatable, Sendable {
    public var text: Int
    public var data: Int
    public var bss: Int

    public static func read(_ bytes: [UInt8]) -> ELFSize? {
        guard bytes.count >= 52, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else { return nil }
        let is64 = bytes[4] == 2
        let little = bytes[5] == 1
        func integer(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= bytes.count else { return nil }
            var value = 0
            for index in 0..<width {
                let byte = Int(bytes[offset + (little ? width - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        let sectionTable = is64 ? integer(0x28, 8) : integer(0x20, 4)
        let entrySize = is64 ? integer(0x3A, 2) : integer(0x2E, 2)
        let count = is64 ? integer(0x3C, 2) : integer(0x30, 2)
        // Offsets and lengths come from the file: keep them inside it (and the sums far from
        // overflow) so a hostile object gives nil, not a trap.
        guard let sectionTable, let entrySize, let count, count < 65_536,
            (0...bytes.count).contains(sectionTable)
        else { return nil }
        let allocate = 0x2
        let write = 0x1
        let noBits = 8
        var size = ELFSize(text: 0, data: 0, bss: 0)
        for index in 0..<count {
            let base = sectionTable + index * entrySize
            guard let type = integer(base + 4, 4),
                let flags = is64 ? integer(base + 8, 8) : integer(base + 8, 4),
                let length = is64 ? integer(base + 32, 8) : integer(base + 20, 4)
            else { return nil }
            guard (0...(1 << 40)).contains(length) else { return nil }
            guard flags & allocate != 0 else { continue }
            if type == noBits {
                size.bss += length
            } else if flags & write != 0 {
                size.data += length
            } else {
                size.text += length
            }
        }
        return size
    }
}
