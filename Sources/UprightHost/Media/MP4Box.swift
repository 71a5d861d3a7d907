/// One ISO base media file format box (ISO/IEC 14496-12 4.2): `size`, `type`, optional
/// 64-bit `largesize` when size is 1, extending to the end of its container when size is 0.
public struct MP4Box: Sendable, Equatable {
    public var type: String
    /// File offset of the box's first byte.
    public var start: Int
    /// File offset of the payload (after size, type and any largesize).
    public var payloadStart: Int
    /// File offset just past the box.
    public var end: Int

    /// The boxes laid end to end in `range`; they must fill it exactly.
    public static func children(of bytes: [UInt8], in range: Range<Int>) throws(MediaError) -> [MP4Box] {
        var boxes: [MP4Box] = []
        var offset = range.lowerBound
        // Each box is at least 8 bytes long, so the loop runs at most range.count / 8 times.
        while offset < range.upperBound {
            guard offset + 8 <= range.upperBound else { throw .truncated("box header at byte \(offset)") }
            let size32 = bigEndianInteger(bytes, at: offset, count: 4)
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                throw .malformed("box at byte \(offset) has no printable type")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            var headerSize = 8
            let end: Int
            switch size32 {
            case 0:
                end = range.upperBound
            case 1:
                guard offset + 16 <= range.upperBound else { throw .truncated("'\(type)' box header at byte \(offset)") }
                let size64 = bigEndianInteger(bytes, at: offset + 8, count: 8)
                headerSize = 16
                guard size64 >= 16, size64 <= UInt64(Int.max - offset) else {
                    throw .malformed("'\(type)' box at byte \(offset) has size \(size64)")
                }
                end = offset + Int(size64)
            default:
                guard size32 >= 8 else { throw .malformed("'\(type)' box at byte \(offset) has size \(size32)") }
                end = offset + Int(size32)
            }
            guard end <= range.upperBound else { throw .truncated("'\(type)' box at byte \(offset)") }
            boxes.append(MP4Box(type: type, start: offset, payloadStart: offset + headerSize, end: end))
            offset = end
        }
        return boxes
    }
}

func bigEndianInteger(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<(offset + count) { value = value << 8 | UInt64(bytes[index]) }
    return value
}
