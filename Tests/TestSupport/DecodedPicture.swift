import Foundation

/// A decoded picture from djpeg's binary PPM (P6) output.
public struct DecodedPicture {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public static func decode(jpeg: [UInt8]) throws -> DecodedPicture {
        let ppm = try ExternalTool.run("djpeg", ["-pnm"], input: jpeg)
        // "P6\n<width> <height>\n255\n" then the samples.
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < ppm.count {
            while index < ppm.count, ppm[index] == 0x20 || ppm[index] == 0x0A { index += 1 }
            var field = ""
            while index < ppm.count, ppm[index] != 0x20, ppm[index] != 0x0A {
                field.append(Character(UnicodeScalar(ppm[index])))
                index += 1
            }
            fields.append(field)
        }
        index += 1
        struct BadPPM: Error {}
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            ppm.count - index == width * height * 3
        else { throw BadPPM() }
        return DecodedPicture(width: width, height: height, pixels: Array(ppm[index...]))
    }

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    /// The picture as a viewer shows it: EXIF 6 rotates 90 degrees clockwise, 3 by 180,
    /// 8 by 270 (CIPA DC-008 Table 4, Orientation).
    public func displayed(exif: Int) -> DecodedPicture {
        switch exif {
        case 6, 8:
            var out = DecodedPicture(width: height, height: width, pixels: pixels)
            for y in 0..<out.height {
                for x in 0..<out.width {
                    // Clockwise: displayed (x, y) comes from stored (y, H-1-x); 270: (W-1-y, x).
                    let (sx, sy) = exif == 6 ? (y, height - 1 - x) : (width - 1 - y, x)
                    let s = (sy * width + sx) * 3
                    let d = (y * out.width + x) * 3
                    out.pixels[d] = pixels[s]
                    out.pixels[d + 1] = pixels[s + 1]
                    out.pixels[d + 2] = pixels[s + 2]
                }
            }
            return out
        case 3:
            var out = self
            let count = width * height
            for i in 0..<count {
                let s = (count - 1 - i) * 3
                out.pixels[i * 3] = pixels[s]
                out.pixels[i * 3 + 1] = pixels[s + 1]
                out.pixels[i * 3 + 2] = pixels[s + 2]
            }
            return out
        default:
            return self
        }
    }
}
