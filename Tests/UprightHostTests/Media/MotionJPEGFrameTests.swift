import Testing
import UprightTestSupport
@testable import UprightHost

/// Motion JPEG frames made whole JPEG files: the bytes past the end-of-image marker dropped,
/// T.81's typical Huffman tables added when a frame has none; djpeg is the independent reader.
@Suite struct MotionJPEGFrameTests {
    /// A real JPEG, from libjpeg-turbo, which writes T.81's typical tables (Annex K.3) when it
    /// does not optimise them: 24 x 16, 4:2:0, a gradient.
    static func photo() throws -> [UInt8] {
        var image = RGBImage(width: 24, height: 16)
        for y in 0..<16 {
            for x in 0..<24 { image.setPixel(x: x, y: y, UInt8(x * 10), UInt8(y * 15), 90) }
        }
        return try JPEGCompressor().compress(image, quality: 90)
    }

    /// The JPEG without its DHT segments, as a webcam's Motion JPEG frame comes.
    static func withoutTables(_ jpeg: [UInt8]) throws -> [UInt8] {
        var out = jpeg
        for segment in try JPEGStructure.headerSegments(of: jpeg).reversed() where segment.marker == 0xC4 {
            out.removeSubrange(segment.start..<segment.end)
        }
        return out
    }

    /// One DHT segment: 416 bytes of tables (2 x (1 + 16 + 12) + 2 x (1 + 16 + 162)), length 418.
    @Test func standardTablesAreOneSegment() {
        let tables = MotionJPEGFrame.standardTables
        #expect(tables.count == 420)
        #expect(Array(tables.prefix(4)) == [0xFF, 0xC4, 0x01, 0xA2])
        // Luminance DC: class 0, id 0; its counts; its twelve values 0...11.
        #expect(Array(tables[4..<33]) == [0x00, 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + Array(0...11))
        #expect(tables[33] == 0x10)
        #expect(MotionJPEGFrame.luminanceACValues.count == 162 && MotionJPEGFrame.chrominanceACValues.count == 162)
    }

    /// A frame without tables decodes, with them inserted, to the very pixels of the original:
    /// the tables are those libjpeg-turbo wrote. (djpeg itself would supply T.81's tables to a
    /// frame without any, libjpeg-turbo's Motion JPEG allowance; a reader without it would not.)
    @Test func framesWithoutTablesGetTheStandardOnes() throws {
        let original = try Self.photo()
        let bare = try Self.withoutTables(original)
        #expect(bare.count < original.count)
        let file = try MotionJPEGFrame.file(from: bare + [0, 0, 0, 0])
        #expect(file.count == bare.count + 420)
        #expect(try DecodedPicture.decode(jpeg: file).pixels == DecodedPicture.decode(jpeg: original).pixels)
        #expect(try JPEGStructure.headerSegments(of: file).filter { $0.marker == 0xC4 }.count == 1)
    }

    /// A frame with tables is only trimmed: the driver's padding past EOI goes.
    @Test func bytesPastTheEndAreDropped() throws {
        let original = try Self.photo()
        #expect(try MotionJPEGFrame.file(from: original + [0xFF, 0x00, 0x12, 0x34]) == original)
        #expect(try MotionJPEGFrame.file(from: original) == original)
    }

    /// A torn frame (cut before its end-of-image marker) and bytes that are no JPEG are refused.
    @Test func tornFramesAreRefused() throws {
        let original = try Self.photo()
        #expect(throws: MediaError.truncated("scan data ends without an end-of-image marker")) {
            try MotionJPEGFrame.file(from: Array(original.dropLast(40)))
        }
        #expect(throws: MediaError.unknownFormat) { try MotionJPEGFrame.file(from: [0, 0, 0, 0]) }
    }
}
