/// Refuses Exif data that does not end inside its own APP1 segment.
///
/// An APP1 segment holds at most 64 KiB (Exif 2.2, JEITA CP-3451 section 4.7.2). Writers with
/// more Exif than that (a long UserComment, a large MakerNote) split it over consecutive APP1
/// segments, as Adobe's XMP Specification Part 3 (2016) notes; no standard defines how. Each
/// continuation starts with "Exif" 00 00 again but, unlike a second Exif block, no TIFF header
/// follows it, and every offset counts from the first segment's TIFF header as if the pieces
/// were joined: exiftool reads such a file that way and warns "File contains multi-segment
/// EXIF". Rewriting the first piece alone would move or cut what the later pieces hold (a new
/// IFD0 appended to the first piece shifts them all), so such a file is refused before anything
/// is written: when a continuation segment follows, or when a directory, a value or the
/// thumbnail that the first piece's directories point to lies past its end (the continuation
/// lost its marker, or the file is damaged).
enum MultiSegmentExif {
    /// Tags whose value is the offset of a sub-IFD: Exif IFD Pointer, GPS Info IFD Pointer
    /// (in IFD0) and Interoperability IFD Pointer (in the Exif IFD), Exif 2.2, JEITA CP-3451
    /// section 4.6.3.
    static let subdirectoryTags: [(tag: UInt16, name: String)] = [
        (0x8769, "Exif IFD"), (0x8825, "GPS IFD"), (0xA005, "Interoperability IFD"),
    ]
    /// IFD1's thumbnail: JPEGInterchangeFormat (offset) and JPEGInterchangeFormatLength.
    static let thumbnailOffsetTag: UInt16 = 0x0201
    static let thumbnailLengthTag: UInt16 = 0x0202

    /// Throws `.unsupported` when the Exif in `exif` (whose TIFF bytes are `tiff`) continues
    /// beyond it. A broken IFD0 is left to the editor, which names it.
    static func check(_ exif: JPEGSegment, among segments: [JPEGSegment], in bytes: [UInt8], tiff: [UInt8]) throws(MediaError) {
        for segment in segments where segment.start > exif.start && isContinuation(segment, in: bytes) {
            throw .unsupported("multi-segment Exif: the Exif data continues in the APP1 segment at byte \(segment.start)")
        }
        try checkReferences(in: tiff)
    }

    /// APP1, "Exif" 00 00, and then no TIFF header ("II" 2A 00 or "MM" 00 2A, TIFF 6.0 section 2).
    static func isContinuation(_ segment: JPEGSegment, in bytes: [UInt8]) -> Bool {
        let identifier = JPEGOrientationPatcher.exifIdentifier
        let payload = segment.payloadStart
        guard segment.marker == JPEGOrientationPatcher.app1, payload + identifier.count <= segment.end,
            Array(bytes[payload..<(payload + identifier.count)]) == identifier
        else { return false }
        let rest = payload + identifier.count
        guard rest + 4 <= segment.end else { return true }
        let header = Array(bytes[rest..<(rest + 4)])
        return header != [0x49, 0x49, 0x2A, 0x00] && header != [0x4D, 0x4D, 0x00, 0x2A]
    }

    /// Walks IFD0, IFD1 and the Exif, GPS and Interoperability IFDs (each at most once): every
    /// directory, every out-of-line value and the thumbnail must lie inside `tiff`. MakerNote
    /// contents are not interpreted (their layout is the maker's), only their extent.
    static func checkReferences(in tiff: [UInt8]) throws(MediaError) {
        let reader = try ExifOrientationEditor.header(of: tiff)
        var pending: [(offset: Int, name: String)] = [(Int(reader.u32(at: 4)), "IFD0")]
        var visited: [Int] = []
        while let (offset, name) = pending.popLast() {
            guard !visited.contains(offset) else { continue }
            visited.append(offset)
            let fits =
                offset + 2 <= tiff.count
                && Int(reader.u16(at: offset)) <= ExifOrientationEditor.maximumEntries
                && offset + 2 + 12 * Int(reader.u16(at: offset)) + 4 <= tiff.count
            guard fits else {
                if name == "IFD0" { return } // the editor reports a broken IFD0 itself
                throw pastTheEnd(name, offset: offset, count: tiff.count)
            }
            let count = Int(reader.u16(at: offset))
            var thumbnailOffset: Int?
            var thumbnailLength: Int?
            for index in 0..<count {
                let entry = offset + 2 + 12 * index
                let tag = reader.u16(at: entry)
                let type = reader.u16(at: entry + 2)
                let values = Int(reader.u32(at: entry + 4))
                let value = Int(reader.u32(at: entry + 8))
                let size = valueBytes(type: type) * values
                if size > 4, value + size > tiff.count {
                    throw pastTheEnd("\(name) tag 0x\(hex4(tag)) (\(size) bytes)", offset: value, count: tiff.count)
                }
                if let sub = subdirectoryTags.first(where: { $0.tag == tag }), values == 1 {
                    pending.append((value, sub.name))
                }
                if name == "IFD1", tag == thumbnailOffsetTag { thumbnailOffset = value }
                if name == "IFD1", tag == thumbnailLengthTag { thumbnailLength = value }
            }
            if let thumbnailOffset, let thumbnailLength, thumbnailOffset + thumbnailLength > tiff.count {
                throw pastTheEnd("the thumbnail (\(thumbnailLength) bytes)", offset: thumbnailOffset, count: tiff.count)
            }
            // Exif uses two chained IFDs: IFD0 (the image) and IFD1 (its thumbnail).
            let next = Int(reader.u32(at: offset + 2 + 12 * count))
            if name == "IFD0", next != 0 { pending.append((next, "IFD1")) }
        }
    }

    /// Bytes per value of a TIFF field type (TIFF 6.0 section 2 "Types"; 13 = IFD, TIFF
    /// Technical Note 1); 0 for a type a reader must skip.
    static func valueBytes(type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1 // BYTE, ASCII, SBYTE, UNDEFINED
        case 3, 8: 2 // SHORT, SSHORT
        case 4, 9, 11, 13: 4 // LONG, SLONG, FLOAT, IFD
        case 5, 10, 12: 8 // RATIONAL, SRATIONAL, DOUBLE
        default: 0
        }
    }

    static func pastTheEnd(_ what: String, offset: Int, count: Int) -> MediaError {
        .unsupported(
            "Exif continues past its APP1 segment: \(what) at offset \(offset), the segment holds \(count) bytes (multi-segment or damaged Exif)")
    }

    static func hex4(_ value: UInt16) -> String { hex(UInt8(value >> 8)) + hex(UInt8(value & 0xFF)) }
}
