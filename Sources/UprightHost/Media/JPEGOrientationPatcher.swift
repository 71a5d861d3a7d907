/// Writes the EXIF Orientation into a JPEG held in memory: patches the tag, adds it to
/// IFD0, or inserts a whole Exif APP1 segment; or, for an `unknown` latch, removes the tag.
/// Only the Exif segment changes; the image data is copied byte for byte.
public enum JPEGOrientationPatcher {
    /// APP0 = FF E0, APP1 = FF E1 (T.81 Table B.1); the Exif APP1 payload starts with
    /// "Exif" 00 00 (CIPA DC-008 4.5.4).
    static let app0: UInt8 = 0xE0
    static let app1: UInt8 = 0xE1
    static let exifIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// `exifValue` is the Orientation value (1...8, CIPA DC-008 Table 4 "Orientation"); nil
    /// removes the tag (a photo whose orientation is unknown claims none: viewers show its
    /// rows as stored), leaving a JPEG without one as it is.
    public static func patched(_ bytes: [UInt8], exifValue: UInt16?) throws(MediaError) -> [UInt8] {
        if let exifValue, !(1...8).contains(exifValue) { throw .unsupported("EXIF Orientation \(exifValue) (must be 1 to 8)") }
        let segments = try JPEGStructure.headerSegments(of: bytes)

        if let exif = segments.first(where: { isExif($0, in: bytes) }) {
            let tiffStart = exif.payloadStart + exifIdentifier.count
            let tiff = Array(bytes[tiffStart..<exif.end])
            try MultiSegmentExif.check(exif, among: segments, in: bytes, tiff: tiff)
            let edited: [UInt8]
            if let exifValue {
                edited = try ExifOrientationEditor.setting(orientation: exifValue, in: tiff)
            } else {
                edited = try ExifOrientationEditor.removingOrientation(in: tiff)
                if edited == tiff { return bytes }
            }
            let segment = try app1Segment(tiff: edited)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + segment.count - (exif.end - exif.start))
            out.append(contentsOf: bytes[0..<exif.start])
            out.append(contentsOf: segment)
            out.append(contentsOf: bytes[exif.end...])
            return out
        }

        // No Exif: nothing to remove; or insert after SOI, or after the JFIF APP0 (and its
        // JFXX extension), which JFIF 1.02 requires to come first.
        guard let exifValue else { return bytes }
        var insertAt = 2
        for segment in segments {
            guard segment.marker == app0,
                startsWith(bytes, at: segment.payloadStart, segment.end, "JFIF") || startsWith(bytes, at: segment.payloadStart, segment.end, "JFXX")
            else { break }
            insertAt = segment.end
        }
        let segment = exifSegment(orientation: exifValue)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + segment.count)
        out.append(contentsOf: bytes[0..<insertAt])
        out.append(contentsOf: segment)
        out.append(contentsOf: bytes[insertAt...])
        return out
    }

    /// The Orientation a JPEG carries, or nil when it has no Exif or no tag.
    public static func orientation(of bytes: [UInt8]) throws(MediaError) -> UInt16? {
        let segments = try JPEGStructure.headerSegments(of: bytes)
        guard let exif = segments.first(where: { isExif($0, in: bytes) }) else { return nil }
        let tiff = Array(bytes[(exif.payloadStart + exifIdentifier.count)..<exif.end])
        return try ExifOrientationEditor.orientation(in: tiff)
    }

    /// A complete Exif APP1 segment carrying only IFD0 with Orientation and the resolution
    /// tags Exif requires in IFD0, for an encoder to put right after SOI.
    public static func exifSegment(orientation: UInt16) -> [UInt8] {
        let tiff = ExifOrientationEditor.minimalTIFF(orientation: orientation)
        let length = 2 + exifIdentifier.count + tiff.count
        return [0xFF, app1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifIdentifier + tiff
    }

    /// FF E1, length, "Exif\0\0", TIFF. The length field counts itself and is 16 bits.
    static func app1Segment(tiff: [UInt8]) throws(MediaError) -> [UInt8] {
        let length = 2 + exifIdentifier.count + tiff.count
        guard length <= 0xFFFF else { throw .unsupported("the Exif segment would exceed 65535 bytes") }
        return [0xFF, app1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifIdentifier + tiff
    }

    static func isExif(_ segment: JPEGSegment, in bytes: [UInt8]) -> Bool {
        guard segment.marker == app1, segment.payloadStart + exifIdentifier.count <= segment.end else { return false }
        return Array(bytes[segment.payloadStart..<(segment.payloadStart + 5)]) == Array(exifIdentifier[0..<5])
    }

    static func startsWith(_ bytes: [UInt8], at start: Int, _ end: Int, _ text: String) -> Bool {
        let expected = Array(text.utf8) + [0]
        guard start + expected.count <= end else { return false }
        return Array(bytes[start..<(start + expected.count)]) == expected
    }
}
