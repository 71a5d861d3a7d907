#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// A baseline sequential JPEG encoder (ITU T.81, process 1): YCbCr 4:4:4 in JFIF's
/// full-range BT.601 form, Annex K quantisation tables scaled by quality, Annex K Huffman
/// tables, one scan, no restart markers. The DCT is the exact one, computed with the
/// even/odd symmetry of its cosines rather than as a matrix product.
public enum BaselineJPEGEncoder {
    /// A complete JPEG file. `exifOrientation`, when given, is written in an Exif APP1
    /// segment right after SOI. `quality` is 1...100 (IJG meaning).
    public static func encode(_ image: RGBImage, quality: Int = 85, exifOrientation: UInt8? = nil) -> [UInt8] {
        let luminanceTable = JPEGTables.scaled(JPEGTables.luminanceQuantisation, quality: quality)
        let chrominanceTable = JPEGTables.scaled(JPEGTables.chrominanceQuantisation, quality: quality)
        var out: [UInt8] = [0xFF, 0xD8]  // SOI
        if let exifOrientation {
            out.append(contentsOf: JPEGOrientationPatcher.exifSegment(orientation: UInt16(exifOrientation)))
        }
        // DQT (B.2.4.1): Pq/Tq byte, then 64 8-bit values in zig-zag order.
        out.append(contentsOf: [0xFF, 0xDB, 0x00, 0x84, 0x00])
        out.append(contentsOf: JPEGTables.zigzag.map { UInt8(luminanceTable[$0]) })
        out.append(0x01)
        out.append(contentsOf: JPEGTables.zigzag.map { UInt8(chrominanceTable[$0]) })
        // SOF0 (B.2.2): precision 8, height, width, 3 components: id, H/V sampling 1x1, table.
        out.append(contentsOf: [0xFF, 0xC0, 0x00, 0x11, 0x08])
        out.append(contentsOf: bigEndian16(image.height) + bigEndian16(image.width))
        out.append(contentsOf: [0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
        // DHT (B.2.4.2): class/destination, 16 counts, symbols.
        let tables: [(UInt8, [UInt8], [UInt8])] = [
            (0x00, JPEGTables.dcLuminanceCounts, JPEGTables.dcLuminanceSymbols),
            (0x10, JPEGTables.acLuminanceCounts, JPEGTables.acLuminanceSymbols),
            (0x01, JPEGTables.dcChrominanceCounts, JPEGTables.dcChrominanceSymbols),
            (0x11, JPEGTables.acChrominanceCounts, JPEGTables.acChrominanceSymbols),
        ]
        for (id, counts, symbols) in tables {
            out.append(contentsOf: [0xFF, 0xC4] + bigEndian16(2 + 1 + 16 + symbols.count) + [id] + counts + symbols)
        }
        // SOS (B.2.3): 3 components with their DC/AC table ids, Ss=0, Se=63, Ah/Al=0.
        out.append(contentsOf: [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00])
        out.append(contentsOf: entropyCodedData(image, luminanceTable: luminanceTable, chrominanceTable: chrominanceTable))
        out.append(contentsOf: [0xFF, 0xD9])  // EOI
        return out
    }

    static func entropyCodedData(_ image: RGBImage, luminanceTable: [Int], chrominanceTable: [Int]) -> [UInt8] {
        let dcLuminance = HuffmanTable(counts: JPEGTables.dcLuminanceCounts, symbols: JPEGTables.dcLuminanceSymbols)
        let acLuminance = HuffmanTable(counts: JPEGTables.acLuminanceCounts, symbols: JPEGTables.acLuminanceSymbols)
        let dcChrominance = HuffmanTable(counts: JPEGTables.dcChrominanceCounts, symbols: JPEGTables.dcChrominanceSymbols)
        let acChrominance = HuffmanTable(counts: JPEGTables.acChrominanceCounts, symbols: JPEGTables.acChrominanceSymbols)
        // Smooth synthetic pictures code to well under a byte per pixel; reserving that much
        // spares the writer most of its reallocations.
        var writer = JPEGBitWriter(reservingCapacity: image.width * image.height / 2 + 1024)
        var previousDC = (0, 0, 0)
        // One division per coefficient becomes a multiplication: the reciprocal of each step.
        let luminanceReciprocals = luminanceTable.map { 1 / Float($0) }
        let chrominanceReciprocals = chrominanceTable.map { 1 / Float($0) }
        let blocksAcross = (image.width + 7) / 8
        let blocksDown = (image.height + 7) / 8
        let width = image.width, height = image.height
        // Single precision: ample for 8-bit samples and coefficients within +-1023 * 255, and
        // twice as many lanes per vector instruction as Double.
        var block = [Float](repeating: 0, count: 3 * 64)
        var zigzagged = [Int32](repeating: 0, count: 64)
        // Each table's code and length packed as code << 5 | length, four tables of 256 symbols.
        var packedCodes = [UInt32](repeating: 0, count: 4 * 256)
        for (offset, table) in [dcLuminance, acLuminance, dcChrominance, acChrominance].enumerated() {
            for symbol in 0..<256 {
                packedCodes[offset * 256 + symbol] = UInt32(table.codes[symbol]) << 5 | UInt32(table.lengths[symbol])
            }
        }
        let zigzag = JPEGTables.zigzag
        let reciprocals = luminanceReciprocals + chrominanceReciprocals
        image.pixels.withUnsafeBufferPointer { pixels in
        block.withUnsafeMutableBufferPointer { block in
        zigzagged.withUnsafeMutableBufferPointer { zigzagged in
        packedCodes.withUnsafeBufferPointer { codes in
        zigzag.withUnsafeBufferPointer { zigzag in
        reciprocals.withUnsafeBufferPointer { reciprocals in
            let luma = block.baseAddress!, blueDifference = luma + 64, redDifference = luma + 128
            let zigzagged = zigzagged.baseAddress!, zigzag = zigzag.baseAddress!
            let luminanceCodes = codes.baseAddress!, chrominanceCodes = luminanceCodes + 512
            let luminanceSteps = reciprocals.baseAddress!, chrominanceSteps = luminanceSteps + 64
            for blockRow in 0..<blocksDown {
                for blockColumn in 0..<blocksAcross {
                    // Colour conversion (JFIF 1.02, section 7), edge pixels repeated into padding.
                    for y in 0..<8 {
                        let sourceY = min(blockRow * 8 + y, height - 1)
                        let rowStart = sourceY * width
                        for x in 0..<8 {
                            let index = (rowStart + min(blockColumn * 8 + x, width - 1)) * 3
                            let red = Float(pixels[index]), green = Float(pixels[index + 1]), blue = Float(pixels[index + 2])
                            luma[y * 8 + x] = 0.299 * red + 0.587 * green + 0.114 * blue - 128
                            blueDifference[y * 8 + x] = -0.168736 * red - 0.331264 * green + 0.5 * blue
                            redDifference[y * 8 + x] = 0.5 * red - 0.418688 * green - 0.081312 * blue
                        }
                    }
                    transformInPlace(luma)
                    quantise(luma, reciprocals: luminanceSteps, zigzag: zigzag, into: zigzagged)
                    encodeBlock(zigzagged, previousDC: &previousDC.0, writer: &writer, codes: luminanceCodes)
                    transformInPlace(blueDifference)
                    quantise(blueDifference, reciprocals: chrominanceSteps, zigzag: zigzag, into: zigzagged)
                    encodeBlock(zigzagged, previousDC: &previousDC.1, writer: &writer, codes: chrominanceCodes)
                    transformInPlace(redDifference)
                    quantise(redDifference, reciprocals: chrominanceSteps, zigzag: zigzag, into: zigzagged)
                    encodeBlock(zigzagged, previousDC: &previousDC.2, writer: &writer, codes: chrominanceCodes)
                }
            }
        }
        }
        }
        }
        }
        }
        writer.finish()
        return writer.bytes
    }

    /// The 2-D forward DCT of T.81 A.3.3 of one block, in natural order (see `transformInPlace`).
    static func forwardDCT(_ samples: [Double]) -> [Double] {
        var result = samples
        result.withUnsafeMutableBufferPointer { transformInPlace($0.baseAddress!) }
        return result
    }

    /// cos(k pi / 16) for k = 0...8.
    static let c1 = 0.98078528040323043, c2 = 0.92387953251128674, c3 = 0.83146961230254524
    static let c5 = 0.55557023301960218, c6 = 0.38268343236508978, c7 = 0.19509032201612825
    static let c4 = 0.70710678118654757

    /// F(v,u) = 1/4 C(u) C(v) sum_x sum_y f(y,x) cos((2x+1)u pi/16) cos((2y+1)v pi/16)
    /// (T.81 A.3.3), as 1-D transforms of the rows, then of the columns, in place.
    @inline(__always)
    static func transformInPlace<Sample: BinaryFloatingPoint>(_ block: UnsafeMutablePointer<Sample>) {
        for row in 0..<8 { transform8(block + row * 8, stride: 1) }
        for column in 0..<8 { transform8(block + column, stride: 8) }
    }

    /// One 8-point DCT, F(u) = C(u)/2 sum_x f(x) cos((2x+1) u pi/16), split by symmetry: with
    /// s_k = f_k + f_(7-k) and d_k = f_k - f_(7-k), the even outputs need only s (a 4-point
    /// transform, split once more the same way) and the odd ones only d, since
    /// cos((2(7-k)+1) u pi/16) = (-1)^u cos((2k+1) u pi/16). 22 multiplications instead of 64.
    @inline(__always)
    static func transform8<Sample: BinaryFloatingPoint>(_ p: UnsafeMutablePointer<Sample>, stride: Int) {
        let c1 = Sample(Self.c1), c2 = Sample(Self.c2), c3 = Sample(Self.c3), c4 = Sample(Self.c4)
        let c5 = Sample(Self.c5), c6 = Sample(Self.c6), c7 = Sample(Self.c7), half = Sample(0.5)
        let f0 = p[0], f1 = p[stride], f2 = p[2 * stride], f3 = p[3 * stride]
        let f4 = p[4 * stride], f5 = p[5 * stride], f6 = p[6 * stride], f7 = p[7 * stride]
        let s0 = f0 + f7, s1 = f1 + f6, s2 = f2 + f5, s3 = f3 + f4
        let d0 = f0 - f7, d1 = f1 - f6, d2 = f2 - f5, d3 = f3 - f4
        let a0 = s0 + s3, a1 = s1 + s2, b0 = s0 - s3, b1 = s1 - s2
        // u = 0 and 4: C(0)/2 = cos(4 pi/16)/2 = 1/(2 sqrt 2).
        p[0] = half * c4 * (a0 + a1)
        p[4 * stride] = half * c4 * (a0 - a1)
        // u = 2 and 6: the 4-point sums pair up as cos(2 pi/16) and cos(6 pi/16).
        p[2 * stride] = half * (c2 * b0 + c6 * b1)
        p[6 * stride] = half * (c6 * b0 - c2 * b1)
        // Odd u: cos((2k+1) u pi/16) for k = 0...3, reduced to c1...c7 with signs.
        p[stride] = half * (c1 * d0 + c3 * d1 + c5 * d2 + c7 * d3)
        p[3 * stride] = half * (c3 * d0 - c7 * d1 - c1 * d2 - c5 * d3)
        p[5 * stride] = half * (c5 * d0 - c1 * d1 + c7 * d2 + c3 * d3)
        p[7 * stride] = half * (c7 * d0 - c5 * d1 + c3 * d2 - c1 * d3)
    }

    /// Rounds each coefficient divided by its step (T.81 A.3.4) and puts them in zig-zag order.
    @inline(__always)
    static func quantise(_ coefficients: UnsafePointer<Float>, reciprocals: UnsafePointer<Float>, zigzag: UnsafePointer<Int>, into zigzagged: UnsafeMutablePointer<Int32>) {
        // Clamped to +-1023 so AC values fit 10 bits and DC differences 11 bits, the largest
        // categories the Annex K tables code (F.1.2); only quality 100 on extreme blocks gets there.
        for index in 0..<64 {
            let natural = zigzag[index]
            let scaled = min(max(coefficients[natural] * reciprocals[natural], -1023), 1023)
            zigzagged[index] = Int32(truncatingIfNeeded: FastRounding.nearest(Double(scaled)))
        }
    }

    /// Huffman-codes one block (T.81 F.1.2.1 and F.1.2.2). `codes` holds the DC table's 256
    /// packed entries (code << 5 | length) followed by the AC table's.
    @inline(__always)
    static func encodeBlock(_ zigzagged: UnsafePointer<Int32>, previousDC: inout Int, writer: inout JPEGBitWriter, codes: UnsafePointer<UInt32>) {
        let dc = Int(zigzagged[0])
        let difference = dc - previousDC
        previousDC = dc
        let dcSize = magnitudeCategory(difference)
        // Code and additional bits in one write (at most 16 + 11 bits).
        let dcCode = codes[dcSize]
        writer.write((dcCode >> 5) << UInt32(dcSize) | additionalBits(difference, size: dcSize),
                     count: Int(dcCode & 31) + dcSize)
        let ac = codes + 256
        // The last nonzero coefficient: everything after it is one EOB.
        var last = 63
        while last > 0 && zigzagged[last] == 0 { last -= 1 }
        var zeroRun = 0
        var index = 1
        while index <= last {
            let value = Int(zigzagged[index])
            index += 1
            if value == 0 {
                zeroRun += 1
                continue
            }
            while zeroRun >= 16 {  // ZRL: sixteen zeros (F.1.2.2.1).
                writer.write(ac[0xF0] >> 5, count: Int(ac[0xF0] & 31))
                zeroRun -= 16
            }
            let size = magnitudeCategory(value)
            let code = ac[zeroRun << 4 | size]
            writer.write((code >> 5) << UInt32(size) | additionalBits(value, size: size), count: Int(code & 31) + size)
            zeroRun = 0
        }
        if last < 63 {  // EOB
            writer.write(ac[0x00] >> 5, count: Int(ac[0x00] & 31))
        }
    }

    /// SSSS: the number of bits of |value| (T.81 Tables F.1 and F.2).
    @inline(__always)
    static func magnitudeCategory(_ value: Int) -> Int {
        Int.bitWidth - value.magnitude.leadingZeroBitCount
    }

    /// The low `size` bits of the value, or of value - 1 when negative (F.1.2.1).
    @inline(__always)
    static func additionalBits(_ value: Int, size: Int) -> UInt32 {
        let bits = value < 0 ? value - 1 : value
        return UInt32(truncatingIfNeeded: bits) & ((1 << UInt32(size)) &- 1)
    }

    static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
}
