import Foundation
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
@testable import UprightSim

/// The simulated photos, checked with independent tools: exiftool reads the Orientation,
/// djpeg decodes the pixels, and after the viewer's EXIF rotation the sky is on top and the
/// arrow points up.
@Suite struct SimPhotoTests {
    /// What a viewer sees, reduced to the facts the test checks.
    struct Upright {
        var skyOnTop: Bool
        var groundAtBottom: Bool
        var arrowPointsUp: Bool
    }

    static func isSky(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.b > 180 && p.b > p.r + 40 && p.b > p.g }
    static func isGround(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.g > p.r + 20 && p.g > p.b + 20 }
    static func isArrow(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 150 && p.g < 90 && p.b < 90 }

    static func judge(_ picture: DecodedPicture) -> Upright {
        let w = picture.width
        let h = picture.height
        // Sample the middle of the top and bottom rows, clear of the arrow at the centre.
        let skyOnTop = [w / 8, w * 7 / 8].allSatisfy { isSky(picture.pixel($0, 2)) }
        let groundAtBottom = [w / 8, w * 7 / 8].allSatisfy { isGround(picture.pixel($0, h - 3)) }
        // The arrow: its red rows, top to bottom. The head (wide) must be above the shaft
        // (narrow) and the tip must be the narrowest part of the head.
        var widths: [(row: Int, width: Int)] = []
        for y in 0..<h {
            let count = (0..<w).filter { isArrow(picture.pixel($0, y)) }.count
            if count > 0 { widths.append((y, count)) }
        }
        guard widths.count > 10 else { return Upright(skyOnTop: skyOnTop, groundAtBottom: groundAtBottom, arrowPointsUp: false) }
        let widest = widths.max { $0.width < $1.width }!
        let top = widths.first!
        let bottom = widths.last!
        let middle = (top.row + bottom.row) / 2
        let arrowPointsUp = widest.row < middle && top.width < widest.width / 3 && bottom.width < widest.width / 2
        return Upright(skyOnTop: skyOnTop, groundAtBottom: groundAtBottom, arrowPointsUp: arrowPointsUp)
    }

    static func exifOrientation(of jpeg: [UInt8]) throws -> Int? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upright-sim-\(UUID().uuidString).jpg").path
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = String(decoding: try ExternalTool.run("exiftool", ["-n", "-s3", "-Orientation", path]), as: UTF8.self)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: [
        (0.0, UprightOrientation.normal, 1),
        (90.0, .leftUp, 6),
        (180.0, .bottomUp, 3),
        (270.0, .rightUp, 8),
        (-90.0, .rightUp, 8),
        (75.0, .leftUp, 6),
    ])
    func photoDisplaysUprightWithItsExif(roll: Double, orientation: UprightOrientation, exif: Int) throws {
        let jpeg = try SimPhoto.encoded(rollDegrees: roll, tiltDegrees: 5, orientation: orientation, width: 160, height: 120)
        #expect(try Self.exifOrientation(of: jpeg) == exif)
        let stored = try DecodedPicture.decode(jpeg: jpeg)
        #expect(stored.width == 160 && stored.height == 120)
        let verdict = Self.judge(stored.displayed(exif: exif))
        #expect(verdict.skyOnTop)
        #expect(verdict.groundAtBottom)
        #expect(verdict.arrowPointsUp)
    }

    /// The check can fail: a sideways photo latched as `normal` does not display upright,
    /// and neither does one rotated the wrong way.
    @Test func wrongLatchDisplaysSideways() throws {
        let jpeg = try SimPhoto.encoded(rollDegrees: 90, tiltDegrees: 0, orientation: .normal, width: 160, height: 120)
        #expect(try Self.exifOrientation(of: jpeg) == 1)
        let stored = try DecodedPicture.decode(jpeg: jpeg)
        let asStored = Self.judge(stored.displayed(exif: 1))
        #expect(!asStored.skyOnTop && !asStored.arrowPointsUp)
        let wrongWay = Self.judge(stored.displayed(exif: 8))
        #expect(!wrongWay.skyOnTop && !wrongWay.arrowPointsUp)
        // In the stored pixels of a left-up camera, the sky is on the left.
        #expect(SimPhotoTests.isSky(stored.pixel(2, 10)))
        #expect(SimPhotoTests.isGround(stored.pixel(157, 10)))
    }

    /// Tilting the lens up puts more sky in the picture; down, more ground.
    @Test func tiltMovesTheHorizon() throws {
        func skyFraction(_ tilt: Double) throws -> Double {
            let picture = try DecodedPicture.decode(
                jpeg: SimPhoto.encoded(rollDegrees: 0, tiltDegrees: tilt, orientation: .normal, width: 64, height: 48))
            let column = 4
            let sky = (0..<picture.height).filter { Self.isSky(picture.pixel(column, $0)) }.count
            return Double(sky) / Double(picture.height)
        }
        #expect(try skyFraction(20) > 0.75)
        #expect(try skyFraction(-20) < 0.25)
    }

    /// Like a camera's file: SOI, then the Exif APP1 (no JFIF APP0), "Exif\0\0" and a
    /// big-endian TIFF header; the same pose and orientation give the same bytes.
    @Test func exifComesFirstAndTheFileIsDeterministic() throws {
        let first = try SimPhoto.encoded(rollDegrees: 88, tiltDegrees: 2, orientation: .leftUp, width: 120, height: 90)
        #expect(Array(first.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE1])
        #expect(Array(first[6..<14]) == [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4D, 0x4D])
        #expect(!first.indices.dropLast(4).contains { first[$0] == 0xFF && first[$0 + 1] == 0xE0 })
        #expect(Array(first.suffix(2)) == [0xFF, 0xD9])
        let second = try SimPhoto.encoded(
            rollDegrees: 88, tiltDegrees: 2, orientation: .leftUp, width: 120, height: 90,
            compressor: JPEGCompressor())
        #expect(second == first)
        #expect(SimPhoto.jpeg(rollDegrees: 88, tiltDegrees: 2, orientation: .leftUp, width: 120, height: 90) == first)
    }

    /// A JPEG without JFIF (or a truncated APP0) keeps everything after SOI.
    @Test func exifInsertionKeepsTheRest() {
        let bare: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9]
        let out = SimPhoto.withExif(bare, orientation: 3)
        let segment = JPEGOrientationPatcher.exifSegment(orientation: 3)
        #expect(out == [0xFF, 0xD8] + segment + [0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9])
        let jfif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xD9]
        #expect(SimPhoto.withExif(jfif, orientation: 3) == [0xFF, 0xD8] + segment + [0xFF, 0xD9])
    }
}
