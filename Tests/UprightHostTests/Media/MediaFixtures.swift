import Foundation
import UprightTestSupport

/// Test files built byte by byte from the specifications, independently of the code under
/// test.
enum MediaFixtures {
    // MARK: JPEG (ITU T.81)

    /// The smallest useful baseline JPEG: one 8x8 grey block. All quantisation steps 1;
    /// one-code Huffman tables (DC category 0 and AC EOB are both the 1-bit code 0), so the
    /// entropy-coded data is the bits 0 0 padded with ones: 0x3F. djpeg decodes it to
    /// grey 128.
    static let imageSegments: [UInt8] =
        [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64) // DQT
        + [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00] // SOF0 8x8, 1 comp
        + [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00] // DHT DC0
        + [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00] // DHT AC0
        + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00] // SOS
        + [0x3F] // scan
        + [0xFF, 0xD9] // EOI

    static let soi: [UInt8] = [0xFF, 0xD8]

    /// JFIF APP0 (JFIF 1.02): "JFIF\0", version 1.01, aspect units 0, density 1x1, no thumbnail.
    static let jfifAPP0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]

    static var plainJPEG: [UInt8] { soi + imageSegments }
    static var jfifJPEG: [UInt8] { soi + jfifAPP0 + imageSegments }

    /// APP1 with "Exif\0\0" and the TIFF bytes.
    static func exifAPP1(_ tiff: [UInt8]) -> [UInt8] {
        let length = 2 + 6 + tiff.count
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF), 0x45, 0x78, 0x69, 0x66, 0x00, 0x00] + tiff
    }

    static func exifJPEG(_ tiff: [UInt8], jfifFirst: Bool = false) -> [UInt8] {
        soi + (jfifFirst ? jfifAPP0 : []) + exifAPP1(tiff) + imageSegments
    }

    // MARK: TIFF / Exif (TIFF 6.0, CIPA DC-008)

    /// Builds TIFF bytes in either byte order with explicit offsets.
    struct TIFF {
        var bigEndian: Bool
        var bytes: [UInt8] = []

        init(bigEndian: Bool) {
            self.bigEndian = bigEndian
            bytes = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
            u16(42)
            u32(8)
        }

        mutating func u16(_ value: Int) {
            let b = [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
            bytes += bigEndian ? b : b.reversed()
        }

        mutating func u32(_ value: Int) {
            let b = [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
            bytes += bigEndian ? b : b.reversed()
        }

        /// An entry whose value is inline: SHORT values left-justified, LONG as is.
        mutating func entry(tag: Int, type: Int, count: Int, inline value: Int) {
            u16(tag)
            u16(type)
            u32(count)
            if type == 3 && count == 1 {
                u16(value)
                u16(0)
            } else {
                u32(value)
            }
        }
    }

    /// A camera-like Exif: IFD0 { Make (ASCII, out of line), [Orientation], XResolution
    /// (RATIONAL, out of line), ExifIFD pointer, GPS pointer } -> IFD1 { thumbnail offset and
    /// length }; Exif IFD { DateTimeOriginal }; GPS IFD { GPSVersionID }; then the thumbnail
    /// (a whole JPEG) and a MakerNote-like blob. Offsets are computed by hand below.
    static func cameraTIFF(bigEndian: Bool, orientation: Int?) -> (tiff: [UInt8], thumbnail: [UInt8]) {
        let make = Array("UprightTestCam\0".utf8) // 15 bytes
        let date = Array("2026:11:29 21:00:00\0".utf8) // 20 bytes
        let thumbnail = plainJPEG
        let ifd0Count = orientation == nil ? 4 : 5
        let ifd0 = 8
        let ifd0Size = 2 + 12 * ifd0Count + 4
        let makeOffset = ifd0 + ifd0Size
        let xResolutionOffset = makeOffset + 16 // 15 bytes + pad to even
        let exifIFD = xResolutionOffset + 8
        let exifIFDSize = 2 + 12 + 4
        let dateOffset = exifIFD + exifIFDSize
        let gpsIFD = dateOffset + 20
        let gpsIFDSize = 2 + 12 + 4
        let ifd1 = gpsIFD + gpsIFDSize
        let ifd1Size = 2 + 2 * 12 + 4
        let thumbnailOffset = ifd1 + ifd1Size

        var t = TIFF(bigEndian: bigEndian)
        t.u16(ifd0Count)
        t.entry(tag: 0x010F, type: 2, count: make.count, inline: makeOffset) // Make
        if let orientation { t.entry(tag: 0x0112, type: 3, count: 1, inline: orientation) }
        t.entry(tag: 0x011A, type: 5, count: 1, inline: xResolutionOffset) // XResolution
        t.entry(tag: 0x8769, type: 4, count: 1, inline: exifIFD) // ExifIFD
        t.entry(tag: 0x8825, type: 4, count: 1, inline: gpsIFD) // GPS IFD
        t.u32(ifd1) // next IFD
        t.bytes += make + [0]
        t.u32(300)
        t.u32(1) // 300/1 dpi
        t.u16(1)
        t.entry(tag: 0x9003, type: 2, count: date.count, inline: dateOffset) // DateTimeOriginal
        t.u32(0)
        t.bytes += date
        t.u16(1)
        t.u16(0x0000) // GPSVersionID
        t.u16(1) // BYTE
        t.u32(4)
        t.bytes += [2, 3, 0, 0]
        t.u32(0)
        t.u16(2)
        t.entry(tag: 0x0201, type: 4, count: 1, inline: thumbnailOffset) // JPEGInterchangeFormat
        t.entry(tag: 0x0202, type: 4, count: 1, inline: thumbnail.count) // ...Length
        t.u32(0)
        t.bytes += thumbnail
        return (t.bytes, thumbnail)
    }

    /// Exif too big for one APP1 segment, joined the way exiftool reads it (offsets count from
    /// the TIFF header as if the pieces were one): IFD0 { Make (ASCII, out of line), ExifIFD
    /// pointer }, no Orientation, no IFD1; Exif IFD { UserComment (UNDEFINED: "ASCII" 00 00 00,
    /// then the text) }. `split` is where the first segment's TIFF data ends: inside the
    /// UserComment, so the tag spans the two segments.
    static func spanningTIFF(bigEndian: Bool, text: String) -> (tiff: [UInt8], split: Int, comment: String) {
        let make = Array("Upright\0".utf8) // 8 bytes
        let comment = Array("ASCII\0\0\0".utf8) + Array(text.utf8)
        let ifd0 = 8
        let makeOffset = ifd0 + 2 + 2 * 12 + 4 // 38
        let exifIFD = makeOffset + make.count // 46
        let commentOffset = exifIFD + 2 + 12 + 4 // 64
        var t = TIFF(bigEndian: bigEndian)
        t.u16(2)
        t.entry(tag: 0x010F, type: 2, count: make.count, inline: makeOffset) // Make
        t.entry(tag: 0x8769, type: 4, count: 1, inline: exifIFD) // ExifIFD
        t.u32(0) // no IFD1
        t.bytes += make
        t.u16(1)
        t.entry(tag: 0x9286, type: 7, count: comment.count, inline: commentOffset) // UserComment
        t.u32(0)
        t.bytes += comment
        return (t.bytes, commentOffset + comment.count / 2, text)
    }

    /// SOI, the first Exif APP1 (TIFF header and the data up to `split`), a continuation APP1
    /// ("Exif" 00 00 and the rest, no TIFF header), then the image.
    static func multiSegmentExifJPEG(_ tiff: [UInt8], split: Int) -> [UInt8] {
        soi + exifAPP1(Array(tiff[..<split])) + exifAPP1(Array(tiff[split...])) + imageSegments
    }

    // MARK: MP4 (ISO/IEC 14496-12)

    static func box(_ type: String, _ payload: [UInt8], largeSize: Bool = false, sizeZero: Bool = false) -> [UInt8] {
        if sizeZero { return be32(0) + Array(type.utf8) + payload }
        if largeSize { return be32(1) + Array(type.utf8) + be64(16 + payload.count) + payload }
        return be32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
    static func be64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8((value >> (56 - 8 * $0)) & 0xFF) } }

    /// The identity matrix of 8.3.2: 1.0 (16.16) on the diagonal, w = 1.0 (2.30).
    static let identity: [Int] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]

    static func tkhd(version: UInt8, trackID: Int, width: Int, height: Int, matrix: [Int] = identity) -> [UInt8] {
        var payload: [UInt8] = [version, 0, 0, 7]
        if version == 1 {
            payload += be64(0) + be64(0) + be32(trackID) + be32(0) + be64(1000)
        } else {
            payload += be32(0) + be32(0) + be32(trackID) + be32(0) + be32(1000)
        }
        payload += [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 0] // reserved, layer, group, volume, reserved
        payload += matrix.flatMap { be32($0) }
        payload += be32(width << 16) + be32(height << 16)
        return box("tkhd", payload)
    }

    static func track(_ handler: String, version: UInt8, trackID: Int, largeSize: Bool = false) -> [UInt8] {
        let hdlr = box("hdlr", [0, 0, 0, 0] + be32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 12) + Array("Handler\0".utf8))
        let mdhd = box("mdhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(1000) + be32(1000) + [0x55, 0xC4, 0, 0])
        return box("trak", tkhd(version: version, trackID: trackID, width: 640, height: 480) + box("mdia", mdhd + hdlr), largeSize: largeSize)
    }

    static let ftyp = box("ftyp", Array("isom".utf8) + be32(0x200) + Array("isomiso2mp41".utf8))
    static let mvhd = box(
        "mvhd",
        [0, 0, 0, 0] + be32(0) + be32(0) + be32(1000) + be32(1000) + be32(0x10000) + [1, 0] + [UInt8](repeating: 0, count: 10)
            + identity.flatMap { be32($0) } + [UInt8](repeating: 0, count: 24) + be32(3))

    /// An MP4 with a sound track before the video track. Options choose the variations the
    /// patcher must handle.
    static func mp4(
        videoVersion: UInt8 = 0, moovLast: Bool = false, largeSizes: Bool = false, mdatSizeZero: Bool = false, mediaBytes: Int = 64
    ) -> [UInt8] {
        let moov = box(
            "moov", mvhd + track("soun", version: 0, trackID: 1) + track("vide", version: videoVersion, trackID: 2, largeSize: largeSizes),
            largeSize: largeSizes)
        let media = (0..<mediaBytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        if moovLast { return ftyp + box("mdat", media, largeSize: largeSizes) + moov }
        return ftyp + moov + box("mdat", media, largeSize: largeSizes, sizeZero: mdatSizeZero)
    }

    // MARK: Files

    static func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func contents(_ path: String) throws -> [UInt8] { try TestFile.bytes(path) }

    /// Everything in the file's directory: no temporary file may be left behind.
    static func directoryListing(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted()
    }
}
