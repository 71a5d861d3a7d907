import Foundation
import Testing
import UprightTestSupport
import UprightCore
@testable import UprightHost

/// The JPEG patcher, checked with exiftool as the independent reader and djpeg for the image.
@Suite struct JPEGOrientationPatcherTests {
    typealias F = MediaFixtures

    /// Writes `bytes`, runs `upright`'s writer on the file, and returns exiftool's reading.
    func orientAndRead(_ bytes: [UInt8], _ orientation: UprightOrientation?) throws -> (bytes: [UInt8], exif: String, path: String) {
        let path = try F.temporaryFile(bytes, name: "photo.jpg")
        #expect(try MediaOrientationWriter.apply(orientation, toFileAt: path) == .jpeg)
        #expect(try F.directoryListing(path) == ["photo.jpg"])
        return (try F.contents(path), try ExternalTool.exiftool("Orientation", path), path)
    }

    @Test(arguments: UprightOrientation.allCases)
    func insertsExifWhenThereIsNone(_ orientation: UprightOrientation) throws {
        let (out, exif, _) = try orientAndRead(F.plainJPEG, orientation)
        #expect(exif == String(orientation.exifValue))
        // SOI, then the new APP1, then the original segments untouched.
        #expect(Array(out[0..<4]) == [0xFF, 0xD8, 0xFF, 0xE1])
        #expect(Array(out[6..<12]) == Array("Exif\0\0".utf8))
        #expect(Array(out.suffix(F.imageSegments.count)) == F.imageSegments)
    }

    @Test func insertsExifAfterJFIF() throws {
        let (out, exif, path) = try orientAndRead(F.jfifJPEG, .leftUp)
        #expect(exif == "6")
        #expect(Array(out[0..<20]) == F.soi + F.jfifAPP0)
        #expect(Array(out[20..<22]) == [0xFF, 0xE1])
        #expect(Array(out.suffix(F.imageSegments.count)) == F.imageSegments)
        #expect(try ExternalTool.exiftool("JFIFVersion", path) == "1 1")
        // The picture itself decodes the same.
        #expect(try ExternalTool.run("djpeg", [path]) == ExternalTool.run("djpeg", [], input: F.jfifJPEG))
    }

    @Test(arguments: [false, true], [false, true])
    func patchesAnExistingTag(bigEndian: Bool, jfifFirst: Bool) throws {
        let (tiff, _) = F.cameraTIFF(bigEndian: bigEndian, orientation: 1)
        let original = F.exifJPEG(tiff, jfifFirst: jfifFirst)
        for orientation in UprightOrientation.allCases {
            let (out, exif, path) = try orientAndRead(original, orientation)
            #expect(exif == String(orientation.exifValue))
            #expect(out.count == original.count)
            // Exactly the two value bytes of the entry may differ (one when the value is 1).
            let differing = zip(out, original).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(differing.count <= 2)
            if orientation == .bottomUp { #expect(try ExternalTool.exiftool("Make", path) == "UprightTestCam") }
        }
    }

    /// The camera's other tags (`MediaFixtures.cameraTIFF`), read by exiftool: out-of-line ASCII
    /// and RATIONAL values, the Exif and GPS IFDs, and IFD1's thumbnail, byte-identical.
    func expectTheCamerasTags(_ path: String, thumbnail: [UInt8]) throws {
        let tags = try ExternalTool.exiftool(["Make", "XResolution", "DateTimeOriginal", "GPSVersionID", "ThumbnailLength", "Warning"], path)
        #expect(
            tags == [
                "Make": "UprightTestCam", "XResolution": "300", "DateTimeOriginal": "2026:11:29 21:00:00",
                "GPSVersionID": "2 3 0 0", "ThumbnailLength": String(thumbnail.count),
            ])
        #expect(try ExternalTool.run("exiftool", ["-b", "-ThumbnailImage", path]) == thumbnail)
    }

    /// IFD0 without Orientation: the tag is added and every other offset still resolves,
    /// as read by exiftool: out-of-line ASCII and RATIONAL values, the Exif and GPS IFDs,
    /// and IFD1's thumbnail, which must come out byte-identical.
    @Test(arguments: [false, true], [false, true])
    func addsTheTagToIFD0(bigEndian: Bool, jfifFirst: Bool) throws {
        let (tiff, thumbnail) = F.cameraTIFF(bigEndian: bigEndian, orientation: nil)
        let original = F.exifJPEG(tiff, jfifFirst: jfifFirst)
        let before = try F.temporaryFile(original, name: "before.jpg")
        #expect(try ExternalTool.exiftool(["Orientation", "DateTimeOriginal"], before) == ["DateTimeOriginal": "2026:11:29 21:00:00"])

        let (out, exif, path) = try orientAndRead(original, .rightUp)
        #expect(exif == "8")
        try expectTheCamerasTags(path, thumbnail: thumbnail)
        #expect(Array(out.suffix(F.imageSegments.count)) == F.imageSegments)
        // And a second run patches the tag it added, in place.
        let again = try orientAndRead(out, .bottomUp)
        #expect(again.exif == "3")
        #expect(again.bytes.count == out.count)
    }

    /// An `unknown` latch (nil) claims no orientation: the camera's own tag (here 1, as
    /// rpicam-still writes it) is removed from IFD0 in place, the entries after it moved up,
    /// and every other tag and the thumbnail still resolve (exiftool); the image data is
    /// untouched. A JPEG with no tag, or no Exif, is left as it is.
    @Test(arguments: [false, true], [false, true])
    func anUnknownLatchRemovesTheTag(bigEndian: Bool, jfifFirst: Bool) throws {
        let (tiff, thumbnail) = F.cameraTIFF(bigEndian: bigEndian, orientation: 1)
        let original = F.exifJPEG(tiff, jfifFirst: jfifFirst)
        let (out, exif, path) = try orientAndRead(original, nil)
        #expect(exif == "")
        #expect(out.count == original.count)
        try expectTheCamerasTags(path, thumbnail: thumbnail)
        #expect(Array(out.suffix(F.imageSegments.count)) == F.imageSegments)
        #expect(try JPEGOrientationPatcher.patched(out, exifValue: nil) == out)
        #expect(try JPEGOrientationPatcher.patched(F.plainJPEG, exifValue: nil) == F.plainJPEG)
        // A known latch puts one back.
        #expect(try orientAndRead(out, .rightUp).exif == "8")
    }

    @Test func setsTheSameValueTwiceWithoutRewriting() throws {
        let (once, _, _) = try orientAndRead(F.plainJPEG, .leftUp)
        let (twice, exif, _) = try orientAndRead(once, .leftUp)
        #expect(exif == "6")
        #expect(twice == once)
    }

    @Test func keepsAnXMPAppSegmentAndAddsExif() throws {
        let xmpPayload = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)
        let xmp: [UInt8] = [0xFF, 0xE1, 0x00, UInt8(xmpPayload.count + 2)] + xmpPayload
        let (out, exif, _) = try orientAndRead(F.soi + xmp + F.imageSegments, .bottomUp)
        #expect(exif == "3")
        #expect(Array(out[6..<12]) == Array("Exif\0\0".utf8))
        #expect(Array(out.suffix(xmp.count + F.imageSegments.count)) == xmp + F.imageSegments)
    }

    // MARK: Bad input leaves the file byte-identical

    func expectRefused(_ bytes: [UInt8], name: String = "bad.jpg", _ check: (MediaError) -> Bool) throws {
        let path = try F.temporaryFile(bytes, name: name)
        do {
            try MediaOrientationWriter.apply(.leftUp, toFileAt: path)
            Issue.record("accepted \(name)")
        } catch {
            #expect(check(error), "\(error)")
            #expect(error.isBadInput)
        }
        #expect(try F.contents(path) == bytes)
        #expect(try F.directoryListing(path) == [name])
    }

    @Test func refusesWhatIsNotAJPEG() throws {
        try expectRefused(Array("hello, world\n".utf8)) { $0 == .unknownFormat }
        try expectRefused([]) { $0 == .unknownFormat }
        try expectRefused([0xFF, 0xD8]) { $0 == .unknownFormat }
    }

    /// Every proper prefix of valid files is refused (no end-of-image marker, or a segment
    /// running past the end), and nothing is written.
    @Test func refusesEveryTruncation() throws {
        let (tiff, _) = F.cameraTIFF(bigEndian: false, orientation: nil)
        for original in [F.jfifJPEG, F.exifJPEG(tiff)] {
            for length in 3..<original.count {
                #expect(throws: MediaError.self) { try JPEGOrientationPatcher.patched(Array(original.prefix(length)), exifValue: 6) }
            }
        }
        try expectRefused(Array(F.jfifJPEG.dropLast(2))) { if case .truncated = $0 { true } else { false } }
        try expectRefused(Array(F.jfifJPEG.prefix(30))) { if case .truncated = $0 { true } else { false } }
    }

    @Test func refusesBrokenExif() throws {
        var (tiff, _) = F.cameraTIFF(bigEndian: true, orientation: nil)
        tiff[0] = 0x58
        tiff[1] = 0x58 // "XX": no byte order
        try expectRefused(F.exifJPEG(tiff)) { if case .malformed = $0 { true } else { false } }
        (tiff, _) = F.cameraTIFF(bigEndian: true, orientation: nil)
        tiff[4...7] = [0x00, 0x00, 0xFF, 0x00] // IFD0 offset past the segment
        try expectRefused(F.exifJPEG(tiff)) { if case .malformed = $0 { true } else { false } }
        (tiff, _) = F.cameraTIFF(bigEndian: false, orientation: nil)
        tiff[8] = 0x40 // 64 entries claimed, far fewer bytes
        try expectRefused(F.exifJPEG(tiff)) { if case .truncated = $0 { true } else { false } }
    }

    @Test func refusesAnExifSegmentThatWouldOverflow() throws {
        // Exif already near the 65535-byte limit and no Orientation: adding IFD0 cannot fit.
        var (tiff, _) = F.cameraTIFF(bigEndian: true, orientation: nil)
        tiff += [UInt8](repeating: 0, count: 65_535 - 8 - tiff.count)
        try expectRefused(F.exifJPEG(tiff)) { if case .unsupported = $0 { true } else { false } }
    }

    // MARK: Multi-segment Exif is refused, never half-rewritten

    /// The fixture is what exiftool calls multi-segment Exif: it warns and reads the
    /// UserComment whole across the two segments. Upright refuses it (adding Orientation
    /// would append a new IFD0 to the first segment and shift everything the second holds).
    @Test(arguments: [false, true])
    func refusesExifContinuedInASecondSegment(bigEndian: Bool) throws {
        let (tiff, split, comment) = F.spanningTIFF(bigEndian: bigEndian, text: String(repeating: "spans two APP1 segments. ", count: 8))
        #expect(split == 168)
        let original = F.multiSegmentExifJPEG(tiff, split: split)
        let path = try F.temporaryFile(original, name: "multi.jpg")
        let tags = try ExternalTool.exiftool(["Warning", "Make", "UserComment", "Orientation"], path)
        #expect(tags["Warning"] == "[minor] File contains multi-segment EXIF")
        #expect(tags["Make"] == "Upright")
        #expect(tags["UserComment"] == comment.trimmingCharacters(in: .whitespaces))
        #expect(tags["Orientation"] == nil)

        // SOI (2) + APP1 header (4) + "Exif\0\0" (6) + 168 bytes of TIFF: the second APP1.
        try expectRefused(original) { $0 == .unsupported("multi-segment Exif: the Exif data continues in the APP1 segment at byte 180") }
        // Whatever the Orientation: also when the file would not need a change.
        #expect(throws: MediaError.unsupported("multi-segment Exif: the Exif data continues in the APP1 segment at byte 180")) {
            try JPEGOrientationPatcher.patched(original, exifValue: 1)
        }
    }

    /// The same Exif with its continuation segment missing (or never marked): the
    /// UserComment runs past the end of the only segment.
    @Test func refusesAValuePastTheEndOfTheSegment() throws {
        let (tiff, split, _) = F.spanningTIFF(bigEndian: false, text: String(repeating: "x", count: 200))
        try expectRefused(F.exifJPEG(Array(tiff[..<split]))) {
            $0
                == .unsupported(
                    "Exif continues past its APP1 segment: Exif IFD tag 0x9286 (208 bytes) at offset 64, the segment holds 168 bytes (multi-segment or damaged Exif)"
                )
        }
    }

    /// Each directory and the thumbnail must lie inside the segment too (offsets from the
    /// layout in `MediaFixtures.cameraTIFF`: IFD0 at 8 with 4 entries; Exif IFD pointer value
    /// at byte 42, GPS at 54, IFD1 pointer at 58; IFD1 at 142, its thumbnail at 172 with the
    /// length's value at 164).
    @Test(arguments: [
        (42, "Exif IFD at offset 65536"),
        (54, "GPS IFD at offset 65536"),
        (58, "IFD1 at offset 65536"),
    ])
    func refusesADirectoryPastTheEnd(pointerAt byte: Int, what: String) throws {
        var (tiff, _) = F.cameraTIFF(bigEndian: true, orientation: nil)
        tiff[byte..<(byte + 4)] = [0x00, 0x01, 0x00, 0x00]
        try expectRefused(F.exifJPEG(tiff)) {
            $0 == .unsupported("Exif continues past its APP1 segment: \(what), the segment holds \(tiff.count) bytes (multi-segment or damaged Exif)")
        }
    }

    @Test func refusesAThumbnailPastTheEnd() throws {
        var (tiff, thumbnail) = F.cameraTIFF(bigEndian: true, orientation: nil)
        #expect(Array(tiff[164..<168]) == [0, 0, 0, UInt8(thumbnail.count)])
        tiff[166] = 0x01 // 256 + the real length
        try expectRefused(F.exifJPEG(tiff)) {
            $0
                == .unsupported(
                    "Exif continues past its APP1 segment: the thumbnail (\(256 + thumbnail.count) bytes) at offset 172, the segment holds \(tiff.count) bytes (multi-segment or damaged Exif)"
                )
        }
    }

    /// What exiftool itself writes when the Exif outgrows one segment (a 70 000-byte
    /// UserComment): refused, file untouched.
    @Test func refusesMultiSegmentExifWrittenByExiftool() throws {
        let small = try F.temporaryFile(F.plainJPEG, name: "small.jpg")
        let directory = (small as NSString).deletingLastPathComponent
        try Data(String(repeating: "0123456789", count: 7_000).utf8).write(to: URL(fileURLWithPath: directory + "/comment.txt"))
        let big = directory + "/big.jpg"
        _ = try ExternalTool.run("exiftool", ["-q", "-q", "-o", big, "-Make=Upright", "-UserComment<=" + directory + "/comment.txt", small])
        let bytes = try F.contents(big)
        #expect(try ExternalTool.exiftool("Warning", big) == "[minor] File contains multi-segment EXIF")
        try expectRefused(bytes) { if case .unsupported(let what) = $0 { what.hasPrefix("multi-segment Exif: ") } else { false } }
    }

    /// Not continuations: an XMP APP1, and a second Exif block that starts with its own TIFF
    /// header (exiftool reads them as separate); the first Exif segment is patched as usual.
    @Test func anXMPOrASecondWholeExifBlockIsNotAContinuation() throws {
        let (tiff, _) = F.cameraTIFF(bigEndian: false, orientation: 1)
        let xmpPayload = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)
        let xmp: [UInt8] = [0xFF, 0xE1, 0x00, UInt8(xmpPayload.count + 2)] + xmpPayload
        let second = F.exifAPP1(ExifOrientationEditor.minimalTIFF(orientation: 1))
        let original = F.soi + F.exifAPP1(tiff) + xmp + second + F.imageSegments
        let out = try JPEGOrientationPatcher.patched(original, exifValue: 8)
        #expect(out.count == original.count)
        #expect(try JPEGOrientationPatcher.orientation(of: out) == 8)
        #expect(Array(out.suffix(xmp.count + second.count + F.imageSegments.count)) == xmp + second + F.imageSegments)
    }

    @Test func refusesAJPEGWithAStrayByteBetweenSegments() throws {
        let broken = F.soi + F.jfifAPP0 + [0x00] + F.imageSegments
        try expectRefused(broken) { if case .malformed = $0 { true } else { false } }
    }
}

/// Reading back, for callers that want to know what a file says.
@Suite struct JPEGOrientationReaderTests {
    @Test func readsTheTagInEitherByteOrder() throws {
        for bigEndian in [false, true] {
            let withTag = MediaFixtures.exifJPEG(MediaFixtures.cameraTIFF(bigEndian: bigEndian, orientation: 8).tiff)
            #expect(try JPEGOrientationPatcher.orientation(of: withTag) == 8)
            let withoutTag = MediaFixtures.exifJPEG(MediaFixtures.cameraTIFF(bigEndian: bigEndian, orientation: nil).tiff)
            #expect(try JPEGOrientationPatcher.orientation(of: withoutTag) == nil)
        }
        #expect(try JPEGOrientationPatcher.orientation(of: MediaFixtures.jfifJPEG) == nil)
        #expect(throws: MediaError.unknownFormat) { try JPEGOrientationPatcher.orientation(of: [0x00, 0x01]) }
    }
}
