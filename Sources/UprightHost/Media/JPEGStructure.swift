/// Walks a whole JPEG file: the segments before the first scan are returned; the rest is
/// checked to be well-formed up to the end-of-image marker, so a truncated file is refused
/// before anything is written.
public enum JPEGStructure {
    /// The segments between SOI and the first SOS (SOS included).
    public static func headerSegments(of bytes: [UInt8]) throws(MediaError) -> [JPEGSegment] {
        try walk(bytes).segments
    }

    /// The header segments and where the image ends: the index just past its end-of-image
    /// marker (a camera's buffer may hold more bytes after it).
    public static func walk(_ bytes: [UInt8]) throws(MediaError) -> (segments: [JPEGSegment], end: Int) {
        // SOI = FF D8 (T.81 Table B.1).
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .unknownFormat }
        var segments: [JPEGSegment] = []
        var seenScan = false
        var index = 2
        // Every pass consumes at least one byte, so the loop ends within bytes.count passes.
        while true {
            guard index < bytes.count else { throw .truncated("no end-of-image marker") }
            guard bytes[index] == 0xFF else {
                throw .malformed("expected a marker at byte \(index)")
            }
            let markerStart = index
            // Any number of FF fill bytes may precede a marker (T.81 B.1.1.2).
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { throw .truncated("no end-of-image marker") }
            let marker = bytes[index]
            index += 1
            if marker == 0xD9 { return (segments, index) } // EOI
            if marker == 0x00 || marker == 0xD8 {
                throw .malformed("unexpected marker FF \(hex(marker)) at byte \(markerStart)")
            }
            // RSTm (D0-D7) and TEM (01) stand alone, without a length (T.81 B.1.1.3).
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            guard index + 2 <= bytes.count else { throw .truncated("segment FF \(hex(marker)) at byte \(markerStart)") }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2 else { throw .malformed("segment FF \(hex(marker)) at byte \(markerStart) has length \(length)") }
            guard index + length <= bytes.count else { throw .truncated("segment FF \(hex(marker)) at byte \(markerStart)") }
            index += length
            if !seenScan {
                segments.append(JPEGSegment(marker: marker, start: markerStart, end: index))
            }
            if marker == 0xDA { // SOS: entropy-coded data follows until the next marker.
                seenScan = true
                index = try endOfEntropyData(bytes, from: index)
            }
        }
    }

    /// In entropy-coded data an FF is followed by 00 (stuffing) or a RST marker; anything
    /// else is the next marker (T.81 B.1.1.5).
    private static func endOfEntropyData(_ bytes: [UInt8], from start: Int) throws(MediaError) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] != 0xFF {
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { break }
            let next = bytes[index + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                index += 2
            } else if next == 0xFF {
                index += 1
            } else {
                return index
            }
        }
        throw .truncated("scan data ends without an end-of-image marker")
    }
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
