import Testing
import UprightTestSupport
@testable import UprightSim

/// The encoder's parts against ITU T.81 (literal values from Annex K and Annex F), and whole
/// images round-tripped through an independent decoder (djpeg).
@Suite struct BaselineJPEGEncoderTests {
    @Test func zigzagIsFigureA6() {
        #expect(Array(JPEGTables.zigzag.prefix(16)) == [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5])
        #expect(Array(JPEGTables.zigzag.suffix(4)) == [47, 55, 62, 63])
        #expect(Set(JPEGTables.zigzag).count == 64)
    }

    @Test func qualityScalingFollowsIJG() {
        // Quality 50 is Table K.1 itself; 100 is all ones; 75 halves (rounded).
        #expect(Array(JPEGTables.scaled(JPEGTables.luminanceQuantisation, quality: 50).prefix(8)) == [16, 11, 10, 16, 24, 40, 51, 61])
        #expect(JPEGTables.scaled(JPEGTables.luminanceQuantisation, quality: 100).allSatisfy { $0 == 1 })
        #expect(Array(JPEGTables.scaled(JPEGTables.luminanceQuantisation, quality: 75).prefix(4)) == [8, 6, 5, 8])
        #expect(JPEGTables.scaled(JPEGTables.chrominanceQuantisation, quality: 1).allSatisfy { $0 == 255 })
    }

    @Test func huffmanCodesMatchTablesK3AndK5() {
        let dc = HuffmanTable(counts: JPEGTables.dcLuminanceCounts, symbols: JPEGTables.dcLuminanceSymbols)
        // Table K.3: category 0 = 00, 1 = 010, 5 = 110, 6 = 1110, 11 = 111111110.
        #expect((dc.codes[0], dc.lengths[0]) == (0b00, 2))
        #expect((dc.codes[1], dc.lengths[1]) == (0b010, 3))
        #expect((dc.codes[5], dc.lengths[5]) == (0b110, 3))
        #expect((dc.codes[6], dc.lengths[6]) == (0b1110, 4))
        #expect((dc.codes[11], dc.lengths[11]) == (0b1_1111_1110, 9))
        let ac = HuffmanTable(counts: JPEGTables.acLuminanceCounts, symbols: JPEGTables.acLuminanceSymbols)
        // Table K.5: EOB = 1010, 0/1 = 00, 0/3 = 100, ZRL (F/0) = 11111111001, F/A = 1111111111111110.
        #expect((ac.codes[0x00], ac.lengths[0x00]) == (0b1010, 4))
        #expect((ac.codes[0x01], ac.lengths[0x01]) == (0b00, 2))
        #expect((ac.codes[0x03], ac.lengths[0x03]) == (0b100, 3))
        #expect((ac.codes[0xF0], ac.lengths[0xF0]) == (0b111_1111_1001, 11))
        #expect((ac.codes[0xFA], ac.lengths[0xFA]) == (0b1111_1111_1111_1110, 16))
        #expect(JPEGTables.acLuminanceSymbols.count == 162 && JPEGTables.acChrominanceSymbols.count == 162)
    }

    @Test func bitWriterStuffsAndPads() {
        var writer = JPEGBitWriter()
        writer.write(0xFF, count: 8)
        writer.write(0b101, count: 3)
        writer.finish()
        #expect(writer.bytes == [0xFF, 0x00, 0b1011_1111])
    }

    @Test func additionalBitsForNegativeValues() {
        // F.1.2.1: -1 in category 1 is 0, -3 in category 2 is 00, -2 is 01, 5 is 101.
        #expect(BaselineJPEGEncoder.magnitudeCategory(-3) == 2)
        #expect(BaselineJPEGEncoder.additionalBits(-1, size: 1) == 0)
        #expect(BaselineJPEGEncoder.additionalBits(-3, size: 2) == 0)
        #expect(BaselineJPEGEncoder.additionalBits(-2, size: 2) == 1)
        #expect(BaselineJPEGEncoder.additionalBits(5, size: 3) == 5)
    }

    @Test func dctOfAFlatBlockIsOnlyDC() {
        let coefficients = BaselineJPEGEncoder.forwardDCT([Double](repeating: 10, count: 64))
        // F(0,0) = 1/4 * (1/sqrt 2)^2 * 64 * 10 = 80.
        #expect(abs(coefficients[0] - 80) < 1e-9)
        #expect(coefficients.dropFirst().allSatisfy { abs($0) < 1e-9 })
    }

    /// An image with edges, gradients and odd dimensions (padding) survives djpeg with the
    /// small error quality 95 allows.
    @Test func independentDecoderReadsTheImage() throws {
        var image = RGBImage(width: 37, height: 21)
        for y in 0..<21 {
            for x in 0..<37 {
                let red = UInt8(x * 255 / 36), green = UInt8(y * 255 / 20)
                let blue: UInt8 = x > 18 ? 220 : 30
                image.setPixel(x: x, y: y, red, green, blue)
            }
        }
        let decoded = try DecodedPicture.decode(jpeg: BaselineJPEGEncoder.encode(image, quality: 95))
        #expect(decoded.width == 37 && decoded.height == 21)
        var totalError = 0
        for index in 0..<image.pixels.count {
            totalError += abs(Int(image.pixels[index]) - Int(decoded.pixels[index]))
        }
        let meanError = Double(totalError) / Double(image.pixels.count)
        #expect(meanError < 3, "mean absolute error \(meanError)")
        // A flat colour comes back within rounding.
        let flat = RGBImage(width: 8, height: 8, pixels: [UInt8]((0..<64).flatMap { _ in [200, 40, 90] as [UInt8] }))
        let flatDecoded = try DecodedPicture.decode(jpeg: BaselineJPEGEncoder.encode(flat, quality: 90))
        let p = flatDecoded.pixel(3, 3)
        #expect(abs(p.r - 200) <= 3 && abs(p.g - 40) <= 3 && abs(p.b - 90) <= 3)
    }
}
