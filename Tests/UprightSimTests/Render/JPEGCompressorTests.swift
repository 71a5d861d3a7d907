import Testing
import UprightTestSupport
import UprightHost
@testable import UprightSim

/// libjpeg-turbo through `JPEGCompressor`, checked with independent tools: djpeg decodes the
/// pictures, and libjpeg-turbo's own cjpeg, with and without its SIMD code, makes the very same
/// bytes from the same pixels (the output is deterministic on any machine).
@Suite struct JPEGCompressorTests {
    /// Edges, gradients and odd dimensions (partial blocks and MCUs).
    static let gradient: RGBImage = {
        var image = RGBImage(width: 37, height: 21)
        for y in 0..<21 {
            for x in 0..<37 {
                image.setPixel(x: x, y: y, UInt8(x * 255 / 36), UInt8(y * 255 / 20), x > 18 ? 220 : 30)
            }
        }
        return image
    }()

    static func meanError(_ image: RGBImage, _ decoded: DecodedPicture) -> Double {
        var total = 0
        for index in 0..<image.pixels.count {
            total += abs(Int(image.pixels[index]) - Int(decoded.pixels[index]))
        }
        return Double(total) / Double(image.pixels.count)
    }

    @Test(arguments: [(JPEGCompressor.Subsampling.none, 3.0), (.quarter, 8.0)])
    func independentDecoderReadsTheImage(subsampling: JPEGCompressor.Subsampling, bound: Double) throws {
        let jpeg = try JPEGCompressor().compress(Self.gradient, quality: 95, subsampling: subsampling)
        // SOI, then JFIF APP0 (TurboJPEG writes one), EOI at the end.
        #expect(Array(jpeg.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE0])
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        let decoded = try DecodedPicture.decode(jpeg: jpeg)
        #expect(decoded.width == 37 && decoded.height == 21)
        let error = Self.meanError(Self.gradient, decoded)
        #expect(error < bound, "mean absolute error \(error)")
    }

    @Test func flatColourComesBackWithinRounding() throws {
        let flat = RGBImage(width: 16, height: 16, pixels: [UInt8]((0..<256).flatMap { _ in [200, 40, 90] as [UInt8] }))
        let decoded = try DecodedPicture.decode(jpeg: try JPEGCompressor().compress(flat, quality: 90))
        let p = decoded.pixel(7, 7)
        #expect(abs(p.r - 200) <= 3 && abs(p.g - 40) <= 3 && abs(p.b - 90) <= 3)
    }

    /// A packed YUYV frame (rows padded by 8 bytes, as drivers may pad them): the left half
    /// red (Y 76, Cb 85, Cr 255: JFIF's full-range YCbCr of 255, 0, 0), the right half grey
    /// (128, 128, 128); djpeg reads both back within rounding, 4:2:2.
    @Test func yuyvFramesAreCompressed() throws {
        let width = 16
        let height = 8
        let bytesPerLine = width * 2 + 8
        var frame = [UInt8](repeating: 0xEE, count: bytesPerLine * height)
        for row in 0..<height {
            for pair in 0..<(width / 2) {
                let red = pair < width / 4
                let at = row * bytesPerLine + pair * 4
                frame[at..<(at + 4)] = red ? [76, 85, 76, 255] : [128, 128, 128, 128]
            }
        }
        let jpeg = try frame.withUnsafeBytes { bytes in
            try JPEGCompressor().compress(yuyv: bytes, width: width, height: height, bytesPerLine: bytesPerLine, quality: 95)
        }
        let decoded = try DecodedPicture.decode(jpeg: jpeg)
        #expect(decoded.width == 16 && decoded.height == 8)
        let red = decoded.pixel(2, 3)
        let grey = decoded.pixel(13, 3)
        #expect(abs(red.r - 254) <= 3 && red.g <= 3 && red.b <= 3, "\(red)")
        #expect(abs(grey.r - 128) <= 2 && abs(grey.g - 128) <= 2 && abs(grey.b - 128) <= 2, "\(grey)")
        // SOF0's sampling factors: Y 2x1, Cb and Cr 1x1 (4:2:2).
        let segments = try JPEGStructure.headerSegments(of: jpeg)
        let frameHeader = try #require(segments.first { $0.marker == 0xC0 })
        #expect(Array(jpeg[(frameHeader.start + 11)..<(frameHeader.start + 12)]) == [0x21])
        #expect(jpeg[frameHeader.start + 14] == 0x11 && jpeg[frameHeader.start + 17] == 0x11)
    }

    /// An odd width or a frame shorter than its rows say is refused, not read past its end.
    @Test func yuyvFramesOfTheWrongSizeAreRefused() throws {
        let frame = [UInt8](repeating: 0, count: 63)
        #expect(throws: JPEGCompressionError(message: "YUYV frame of 8 x 4, 16 bytes a row, with 63 bytes")) {
            try frame.withUnsafeBytes { try JPEGCompressor().compress(yuyv: $0, width: 8, height: 4, bytesPerLine: 16, quality: 90) }
        }
        #expect(throws: JPEGCompressionError.self) {
            try frame.withUnsafeBytes { try JPEGCompressor().compress(yuyv: $0, width: 7, height: 2, bytesPerLine: 14, quality: 90) }
        }
    }

    /// cjpeg (libjpeg-turbo-progs) from a PPM of the same pixels, with the same settings
    /// (quality 85, 4:2:0, the accurate integer DCT): byte for byte what the compressor makes,
    /// and the same again with libjpeg-turbo's SIMD code switched off.
    @Test func matchesCjpegWithAndWithoutSIMD() throws {
        let image = SceneRenderer.render(rollDegrees: 30, tiltDegrees: 5, width: 96, height: 72)
        let ppm = Array("P6\n96 72\n255\n".utf8) + image.pixels
        let arguments = ["-quality", "85", "-sample", "2x2", "-dct", "int", "-baseline"]
        let cjpeg = try ExternalTool.run("cjpeg", arguments, input: ppm)
        let plainC = try ExternalTool.run("cjpeg", arguments, input: ppm, environment: ["JSIMD_FORCENONE": "1"])
        let ours = try JPEGCompressor().compress(image, quality: 85, subsampling: .quarter)
        #expect(plainC == cjpeg)
        #expect(ours == cjpeg)
    }

    @Test func oneCompressorServesManyImagesAndSizes() throws {
        let compressor = try JPEGCompressor()
        let small = try compressor.compress(Self.gradient, quality: 80)
        let large = try compressor.compress(SceneRenderer.render(rollDegrees: 0, tiltDegrees: 0, width: 320, height: 240), quality: 80)
        let again = try compressor.compress(Self.gradient, quality: 80)
        #expect(again == small)
        #expect(try JPEGCompressor().compress(Self.gradient, quality: 80) == small)
        #expect(try DecodedPicture.decode(jpeg: large).width == 320)
    }

    @Test func inconsistentImageIsRefused() throws {
        let wrong = RGBImage(width: 10, height: 10, pixels: [0, 0, 0])
        #expect(throws: JPEGCompressionError.self) { try JPEGCompressor().compress(wrong, quality: 80) }
        let empty = RGBImage(width: 0, height: 4)
        #expect(throws: JPEGCompressionError.self) { try JPEGCompressor().compress(empty, quality: 80) }
    }
}
