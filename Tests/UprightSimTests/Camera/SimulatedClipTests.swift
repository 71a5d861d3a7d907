import Foundation
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
@testable import UprightSim

/// The Motion-JPEG clip, read by exiftool (track rotation, codec, rate, duration) and its
/// frames, located through the sample tables, decoded by djpeg.
@Suite struct SimulatedClipTests {
    static let poses = (0..<6).map { SimulatedClip.Pose(rollDegrees: 85 + Double($0 * 2), tiltDegrees: 3) }

    func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upright-clip-\(UUID().uuidString).mov").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func exiftool(_ tags: [String], _ path: String) throws -> [String: String] {
        let out = String(decoding: try ExternalTool.run("exiftool", ["-n", "-s", "-s"] + tags.map { "-" + $0 } + [path]), as: UTF8.self)
        var values: [String: String] = [:]
        for line in out.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    @Test func exiftoolReadsTheTrack() throws {
        let movie = try SimulatedClip.movie(poses: Self.poses, orientation: .leftUp, framesPerSecond: 3, width: 64, height: 48)
        let path = try write(movie)
        let tags = try exiftool(["FileType", "Rotation", "ImageWidth", "ImageHeight", "CompressorID", "VideoFrameRate", "Duration", "HandlerType", "Warning"], path)
        #expect(tags == ["FileType": "MOV", "Rotation": "90", "ImageWidth": "64", "ImageHeight": "48", "CompressorID": "jpeg",
                         "VideoFrameRate": "3", "Duration": "2", "HandlerType": "vide"])
        // `upright orient` can re-orient it like any clip.
        try MediaOrientationWriter.apply(.rightUp, toFileAt: path)
        #expect(try exiftool(["Rotation"], path) == ["Rotation": "270"])
    }

    /// stco gives the chunk offset, stsz the frame sizes (ISO/IEC 14496-12 8.7.3, 8.7.5);
    /// every frame decodes, and the first, rotated as the matrix says, is upright.
    @Test func framesDecodeAndDisplayUpright() throws {
        let movie = try SimulatedClip.movie(poses: Self.poses, orientation: .leftUp, framesPerSecond: 3, width: 96, height: 72)
        let stco = try #require(find("stco", in: movie))
        let stsz = try #require(find("stsz", in: movie))
        func u32(_ at: Int) -> Int { movie[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(u32(stco + 4) == 1)
        var offset = u32(stco + 8)
        let count = u32(stsz + 8)
        #expect(count == Self.poses.count)
        for index in 0..<count {
            let size = u32(stsz + 12 + 4 * index)
            let frame = try DecodedPicture.decode(jpeg: Array(movie[offset..<(offset + size)]))
            #expect(frame.width == 96 && frame.height == 72)
            if index == 0 {
                let shown = SimulatedPhotoTests.judge(frame.displayed(exif: 6))
                #expect(shown.skyOnTop && shown.groundAtBottom && shown.arrowPointsUp)
            }
            offset += size
        }
        // The frames fill the mdat payload exactly.
        let mdat = try #require(find("mdat", in: movie))
        #expect(offset == (mdat - 8) + u32(mdat - 8))
    }

    /// Payload offset of the first box of `type` (its size and type precede it).
    func find(_ type: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(type.utf8)
        for start in 4..<(bytes.count - 4) where bytes[start] == needle[0] && bytes[start..<(start + 4)].elementsEqual(needle) {
            return start + 4
        }
        return nil
    }
}
