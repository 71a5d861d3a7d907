#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// A baseline sequential JPEG encoder (ITU T.81, process 1): YCbCr 4:4:4 in JFIF's
/// full-range BT.601 form, Annex K quantisation tables scaled by quality, Annex K Huffman
/// tables, one scan, no restart markers. Small and exact rather than fast.
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
        var writer = JPEGBitWriter()
        var previousDC = [0, 0, 0]
        var block = [[Double]](repeating: [Double](repeating: 0, count: 64), count: 3)
        let blocksAcross = (image.width + 7) / 8
        let blocksDown = (image.height + 7) / 8
        for blockRow in 0..<blocksDown {
            for blockColumn in 0..<blocksAcross {
                // Colour conversion (JFIF 1.02, section 7), edge pixels repeated into padding.
                for y in 0..<8 {
                    let sourceY = min(blockRow * 8 + y, image.height - 1)
                    for x in 0..<8 {
                        let sourceX = min(blockColumn * 8 + x, image.width - 1)
                        let (r, g, b) = image.pixel(x: sourceX, y: sourceY)
                        let red = Double(r), green = Double(g), blue = Double(b)
                        block[0][y * 8 + x] = 0.299 * red + 0.587 * green + 0.114 * blue - 128
                        block[1][y * 8 + x] = -0.168736 * red - 0.331264 * green + 0.5 * blue
                        block[2][y * 8 + x] = 0.5 * red - 0.418688 * green - 0.081312 * blue
                    }
                }
                for component in 0..<3 {
                    let table = component == 0 ? luminanceTable : chrominanceTable
                    let coefficients = quantise(forwardDCT(block[component]), table: table)
                    encodeBlock(coefficients, previousDC: &previousDC[component], writer: &writer,
                                dc: component == 0 ? dcLuminance : dcChrominance,
                                ac: component == 0 ? acLuminance : acChrominance)
                }
            }
        }
        writer.finish()
        return writer.bytes
    }

    /// cos((2x + 1) u pi / 16), indexed [u * 8 + x].
    static let cosines: [Double] = (0..<64).map { index in
        let u = Double(index / 8), x = Double(index % 8)
        return cos((2 * x + 1) * u * Double.pi / 16)
    }

    /// The 2-D forward DCT of T.81 A.3.3, done as two 1-D passes:
    /// F(v,u) = 1/4 C(u) C(v) sum_x sum_y f(y,x) cos((2x+1)u pi/16) cos((2y+1)v pi/16).
    static func forwardDCT(_ samples: [Double]) -> [Double] {
        var rows = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for x in 0..<8 { sum += samples[y * 8 + x] * cosines[u * 8 + x] }
                rows[y * 8 + u] = sum * (u == 0 ? 0.5.squareRoot() : 1) / 2
            }
        }
        var result = [Double](repeating: 0, count: 64)
        for u in 0..<8 {
            for v in 0..<8 {
                var sum = 0.0
                for y in 0..<8 { sum += rows[y * 8 + u] * cosines[v * 8 + y] }
                result[v * 8 + u] = sum * (v == 0 ? 0.5.squareRoot() : 1) / 2
            }
        }
        return result
    }

    /// Rounds each coefficient divided by its step (T.81 A.3.4) and puts them in zig-zag order.
    static func quantise(_ coefficients: [Double], table: [Int]) -> [Int] {
        // Clamped to +-1023 so AC values fit 10 bits and DC differences 11 bits, the largest
        // categories the Annex K tables code (F.1.2); only quality 100 on extreme blocks gets there.
        JPEGTables.zigzag.map { natural in
            let value = Int((coefficients[natural] / Double(table[natural])).rounded())
            return min(max(value, -1023), 1023)
        }
    }

    /// Huffman-codes one block (T.81 F.1.2.1 and F.1.2.2).
    static func encodeBlock(_ zigzagged: [Int], previousDC: inout Int, writer: inout JPEGBitWriter, dc: HuffmanTable, ac: HuffmanTable) {
        let difference = zigzagged[0] - previousDC
        previousDC = zigzagged[0]
        let dcSize = magnitudeCategory(difference)
        writer.write(UInt32(dc.codes[dcSize]), count: Int(dc.lengths[dcSize]))
        writer.write(additionalBits(difference, size: dcSize), count: dcSize)

        var zeroRun = 0
        for index in 1..<64 {
            let value = zigzagged[index]
            if value == 0 {
                zeroRun += 1
                continue
            }
            while zeroRun >= 16 {  // ZRL: sixteen zeros (F.1.2.2.1).
                writer.write(UInt32(ac.codes[0xF0]), count: Int(ac.lengths[0xF0]))
                zeroRun -= 16
            }
            let size = magnitudeCategory(value)
            let symbol = zeroRun << 4 | size
            writer.write(UInt32(ac.codes[symbol]), count: Int(ac.lengths[symbol]))
            writer.write(additionalBits(value, size: size), count: size)
            zeroRun = 0
        }
        if zeroRun > 0 {  // EOB
            writer.write(UInt32(ac.codes[0x00]), count: Int(ac.lengths[0x00]))
        }
    }

    /// SSSS: the number of bits of |value| (T.81 Tables F.1 and F.2).
    static func magnitudeCategory(_ value: Int) -> Int {
        var magnitude = abs(value)
        var bits = 0
        while magnitude > 0 {
            bits += 1
            magnitude >>= 1
        }
        return bits
    }

    /// The low `size` bits of the value, or of value - 1 when negative (F.1.2.1).
    static func additionalBits(_ value: Int, size: Int) -> UInt32 {
        let bits = value < 0 ? value - 1 : value
        return UInt32(truncatingIfNeeded: bits) & ((1 << UInt32(size)) - 1)
    }

    static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
}
