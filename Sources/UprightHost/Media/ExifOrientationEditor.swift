/// Sets the Orientation tag (0x0112) in the TIFF structure an Exif APP1 segment carries
/// (CIPA DC-008 4.5.4; TIFF 6.0 section 2 "Image File Directory").
///
/// When IFD0 has no Orientation entry, a new IFD0 (the old entries plus Orientation, in
/// ascending tag order as TIFF requires) is appended after the existing TIFF data and the
/// header's IFD0 offset is pointed at it. Nothing else moves, so every other offset stays
/// valid without being understood: out-of-line values, the next-IFD pointer (IFD1 and its
/// thumbnail), the Exif, GPS and Interoperability IFD pointers, and MakerNotes (which often
/// hold offsets of their own). The old IFD0 stays behind as unreferenced bytes.
public enum ExifOrientationEditor {
    /// TIFF tag numbers (TIFF 6.0; CIPA DC-008 Table 4).
    static let orientationTag: UInt16 = 0x0112
    /// TIFF field type SHORT (TIFF 6.0 section 2, "Types").
    static let typeShort: UInt16 = 3
    /// IFDs hold at most this many entries here: a 64 KiB segment cannot hold more.
    static let maximumEntries = 5_460

    /// `tiff` starts at the byte-order mark ("II" or "MM"); returns the edited TIFF bytes.
    public static func setting(orientation value: UInt16, in tiff: [UInt8]) throws(MediaError) -> [UInt8] {
        var reader = try header(of: tiff)
        let bigEndian = reader.bigEndian
        let ifdOffset = Int(reader.u32(at: 4))
        guard ifdOffset >= 8, ifdOffset + 2 <= tiff.count else { throw .malformed("Exif IFD0 offset \(ifdOffset) out of range") }
        let count = Int(reader.u16(at: ifdOffset))
        guard count <= maximumEntries else { throw .malformed("Exif IFD0 has \(count) entries") }
        let entriesEnd = ifdOffset + 2 + 12 * count
        guard entriesEnd + 4 <= tiff.count else { throw .truncated("Exif IFD0 at offset \(ifdOffset)") }

        var insertAt = count
        for index in 0..<count {
            let entry = ifdOffset + 2 + 12 * index
            let tag = reader.u16(at: entry)
            if tag == orientationTag {
                // Existing entry: rewrite type, count and the inline value in place.
                reader.setU16(typeShort, at: entry + 2)
                reader.setU32(1, at: entry + 4)
                reader.setU16(value, at: entry + 8)
                reader.setU16(0, at: entry + 10)
                return reader.bytes
            }
            if tag > orientationTag, insertAt == count { insertAt = index }
        }

        // No entry: append a new IFD0 at an even offset (TIFF 6.0: IFDs start on a word boundary).
        var out = reader.bytes
        if out.count % 2 == 1 { out.append(0) }
        let newOffset = out.count
        var writer = TIFFBytes(bytes: [], bigEndian: bigEndian)
        writer.appendU16(UInt16(count + 1))
        for index in 0...count {
            if index == insertAt {
                writer.appendU16(orientationTag)
                writer.appendU16(typeShort)
                writer.appendU32(1)
                writer.appendU16(value)
                writer.appendU16(0)
            }
            if index < count {
                let entry = ifdOffset + 2 + 12 * index
                writer.bytes.append(contentsOf: tiff[entry..<(entry + 12)])
            }
        }
        // The next-IFD pointer (IFD1, the thumbnail's directory) is kept as it was.
        writer.bytes.append(contentsOf: tiff[entriesEnd..<(entriesEnd + 4)])
        out.append(contentsOf: writer.bytes)
        var header = TIFFBytes(bytes: out, bigEndian: bigEndian)
        header.setU32(UInt32(newOffset), at: 4)
        return header.bytes
    }

    /// `tiff` without IFD0's Orientation entry (an `unknown` latch claims no orientation), or
    /// as it is when IFD0 has none. The entries after it and the next-IFD pointer move up one
    /// entry in place, the count drops by one and the 12 bytes freed at the IFD's end are
    /// zeroed: nothing else moves, so every other offset stays valid.
    public static func removingOrientation(in tiff: [UInt8]) throws(MediaError) -> [UInt8] {
        let reader = try header(of: tiff)
        let ifdOffset = Int(reader.u32(at: 4))
        guard ifdOffset >= 8, ifdOffset + 2 <= tiff.count else { throw .malformed("Exif IFD0 offset \(ifdOffset) out of range") }
        let count = Int(reader.u16(at: ifdOffset))
        guard count <= maximumEntries else { throw .malformed("Exif IFD0 has \(count) entries") }
        let end = ifdOffset + 2 + 12 * count + 4
        guard end <= tiff.count else { throw .truncated("Exif IFD0 at offset \(ifdOffset)") }
        guard let index = (0..<count).first(where: { reader.u16(at: ifdOffset + 2 + 12 * $0) == orientationTag }) else { return tiff }
        let entry = ifdOffset + 2 + 12 * index
        var out = TIFFBytes(bytes: tiff, bigEndian: reader.bigEndian)
        out.bytes.replaceSubrange(entry..<(end - 12), with: tiff[(entry + 12)..<end])
        out.bytes.replaceSubrange((end - 12)..<end, with: repeatElement(0, count: 12))
        out.setU16(UInt16(count - 1), at: ifdOffset)
        return out.bytes
    }

    /// The TIFF header (TIFF 6.0 section 2): byte order "II" (little-endian) or "MM"
    /// (big-endian), then 42.
    static func header(of tiff: [UInt8]) throws(MediaError) -> TIFFBytes {
        guard tiff.count >= 8 else { throw .truncated("Exif TIFF header") }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: throw .malformed("Exif byte order is neither II nor MM")
        }
        let reader = TIFFBytes(bytes: tiff, bigEndian: bigEndian)
        guard reader.u16(at: 2) == 42 else { throw .malformed("Exif TIFF magic is not 42") }
        return reader
    }

    /// The Orientation value in IFD0, or nil when there is no such entry.
    public static func orientation(in tiff: [UInt8]) throws(MediaError) -> UInt16? {
        let reader = try header(of: tiff)
        let ifdOffset = Int(reader.u32(at: 4))
        guard ifdOffset >= 8, ifdOffset + 2 <= tiff.count else { throw .malformed("Exif IFD0 offset \(ifdOffset) out of range") }
        let count = min(Int(reader.u16(at: ifdOffset)), maximumEntries)
        guard ifdOffset + 2 + 12 * count <= tiff.count else { throw .truncated("Exif IFD0 at offset \(ifdOffset)") }
        for index in 0..<count where reader.u16(at: ifdOffset + 2 + 12 * index) == orientationTag {
            return reader.u16(at: ifdOffset + 2 + 12 * index + 8)
        }
        return nil
    }

    /// A minimal big-endian TIFF structure: IFD0 with Orientation and the tags CIPA DC-008
    /// Table 4 lists as mandatory there (XResolution, YResolution = 72/1, ResolutionUnit =
    /// 2 inches, YCbCrPositioning = 1 centred); no Exif IFD, no thumbnail.
    public static func minimalTIFF(orientation value: UInt16) -> [UInt8] {
        var writer = TIFFBytes(bytes: [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08], bigEndian: true)
        let entryCount = 5
        let dataStart = 8 + 2 + 12 * entryCount + 4
        writer.appendU16(UInt16(entryCount))
        func entry(_ tag: UInt16, _ type: UInt16, _ value: UInt32, short: Bool) {
            writer.appendU16(tag)
            writer.appendU16(type)
            writer.appendU32(1)
            if short {
                writer.appendU16(UInt16(value))
                writer.appendU16(0)
            } else {
                writer.appendU32(value)
            }
        }
        let typeRational: UInt16 = 5
        entry(orientationTag, typeShort, UInt32(value), short: true)
        entry(0x011A, typeRational, UInt32(dataStart), short: false) // XResolution
        entry(0x011B, typeRational, UInt32(dataStart + 8), short: false) // YResolution
        entry(0x0128, typeShort, 2, short: true) // ResolutionUnit
        entry(0x0213, typeShort, 1, short: true) // YCbCrPositioning
        writer.appendU32(0) // no IFD1
        for _ in 0..<2 {
            writer.appendU32(72)
            writer.appendU32(1)
        }
        return writer.bytes
    }
}
