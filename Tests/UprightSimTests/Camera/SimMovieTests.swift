import Foundation
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
@testable import UprightSim

/// The simulated clips as movies, read by independent tools: ffprobe decodes every frame and
/// reports codec, size, frame count, duration and the display rotation; exiftool reads the
/// Rotation; djpeg decodes frames found through the sample tables.
@Suite struct SimMovieTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upright-movie-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// ffprobe's view of the video stream, every frame decoded (-count_frames).
    static func probe(_ path: String) throws -> [String: String] {
        let out = try ExternalTool.run(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=codec_name,width,height,nb_frames,nb_read_frames,r_frame_rate,duration:stream_side_data=rotation",
                "-of", "default=noprint_wrappers=1", path,
            ])
        var values: [String: String] = [:]
        for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    /// A roll sweep: every frame a new picture.
    static func sweep(_ movie: SimMovie, frames: Int) throws {
        for index in 0..<frames {
            try movie.append(rollDegrees: 80 + Double(index), tiltDegrees: 3)
        }
    }

    @Test func ffprobeDecodesEveryFrame() throws {
        let dir = try Self.directory()
        let path = dir + "/CLIP_0001.mov"
        let movie = try SimMovie(path: path, width: 96, height: 72, framesPerSecond: 10)
        try Self.sweep(movie, frames: 25)
        let summary = try movie.finish(orientation: .leftUp)
        #expect(summary.frameCount == 25 && summary.storedFrameCount == 25 && summary.durationSeconds == 2.5)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(summary.bytes == size)
        let stream = try Self.probe(path)
        #expect(stream["codec_name"] == "mjpeg")
        #expect(stream["width"] == "96" && stream["height"] == "72")
        #expect(stream["nb_frames"] == "25" && stream["nb_read_frames"] == "25")
        #expect(stream["r_frame_rate"] == "10/1")
        #expect(stream["duration"] == "2.500000")
        // ffmpeg's display matrix angle is counter-clockwise: the clip turns 90 degrees clockwise.
        #expect(stream["rotation"] == "-90")
    }

    @Test(arguments: [(UprightOrientation.normal, "0"), (.leftUp, "90"), (.bottomUp, "180"), (.rightUp, "270")])
    func exiftoolReadsTheLatchedRotation(orientation: UprightOrientation, rotation: String) throws {
        let dir = try Self.directory()
        let movie = try SimMovie(path: dir + "/c.mov", width: 32, height: 24, framesPerSecond: 5)
        try Self.sweep(movie, frames: 3)
        try movie.finish(orientation: orientation)
        let tags = try ExternalTool.exiftool(
            ["FileType", "Rotation", "ImageWidth", "ImageHeight", "CompressorID", "VideoFrameRate", "HandlerType"], dir + "/c.mov")
        #expect(
            tags == [
                "FileType": "MOV", "Rotation": rotation, "ImageWidth": "32", "ImageHeight": "24",
                "CompressorID": "jpeg", "VideoFrameRate": "5", "HandlerType": "vide",
            ])
    }

    /// stco gives each frame's offset, stsz its size (ISO/IEC 14496-12 8.7.5, 8.7.3); djpeg
    /// decodes the frames, and the first, turned as the track matrix says, is upright.
    @Test func framesDecodeAndDisplayUpright() throws {
        let dir = try Self.directory()
        let movie = try SimMovie(path: dir + "/c.mov", width: 96, height: 72, framesPerSecond: 3)
        try Self.sweep(movie, frames: 6)
        try movie.finish(orientation: .leftUp)
        let bytes = try SafeFileWriter.read(path: dir + "/c.mov")
        let stco = try #require(find("stco", in: bytes))
        let stsz = try #require(find("stsz", in: bytes))
        func u32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(u32(stco + 4) == 6 && u32(stsz + 8) == 6)
        for index in 0..<6 {
            let offset = u32(stco + 8 + 4 * index)
            let size = u32(stsz + 12 + 4 * index)
            let frame = try DecodedPicture.decode(jpeg: Array(bytes[offset..<(offset + size)]))
            #expect(frame.width == 96 && frame.height == 72)
            if index == 0 {
                let shown = SimPhotoTests.judge(frame.displayed(exif: 6))
                #expect(shown.skyOnTop && shown.groundAtBottom && shown.arrowPointsUp)
            }
        }
        // mdat (64-bit size at the file's byte 20) ends where moov begins.
        #expect(Array(bytes[20..<28]) == [0, 0, 0, 1, 0x6D, 0x64, 0x61, 0x74])
        let mdatSize = bytes[28..<36].reduce(0) { $0 << 8 | Int($1) }
        let moov = try #require(find("moov", in: bytes))
        #expect(20 + mdatSize == moov - 8)
    }

    /// A camera held still renders and stores one frame; the others point at its bytes, and
    /// every one of them still decodes.
    @Test func repeatedPosesShareOneFrame() throws {
        let dir = try Self.directory()
        func still(sharing: Bool, name: String) throws -> SimMovie.Summary {
            let movie = try SimMovie(path: dir + "/" + name, width: 64, height: 48, framesPerSecond: 30)
            movie.sharesRepeatedFrames = sharing
            for index in 0..<30 {
                // Jitter below half a pose step is the same picture.
                try movie.append(rollDegrees: 10 + (index % 2 == 0 ? 0.01 : -0.01), tiltDegrees: 0)
            }
            try movie.append(rollDegrees: 12, tiltDegrees: 0)
            return try movie.finish(orientation: .normal)
        }
        let shared = try still(sharing: true, name: "shared.mov")
        let copied = try still(sharing: false, name: "copied.mov")
        #expect(shared.frameCount == 31 && shared.storedFrameCount == 2)
        #expect(copied.frameCount == 31 && copied.storedFrameCount == 31)
        #expect(shared.bytes * 5 < copied.bytes)
        #expect(try Self.probe(dir + "/shared.mov")["nb_read_frames"] == "31")
        #expect(try Self.probe(dir + "/copied.mov")["nb_read_frames"] == "31")
    }

    /// Frames are due at k / fps from the start; each call adds those not yet in the movie.
    @Test func appendFramesFollowsTheClock() throws {
        let dir = try Self.directory()
        let movie = try SimMovie(path: dir + "/c.mov", width: 16, height: 16, framesPerSecond: 30)
        var asked: [Int64] = []
        let first = try movie.appendFrames(upTo: .milliseconds(100)) { offset in
            asked.append(offset.nanoseconds)
            return MotionPose(angleDegrees: Double(offset.nanoseconds) / 1e7, tiltDegrees: 0)
        }
        #expect(first == 3)
        #expect(asked == [0, 33_333_333, 66_666_666])
        #expect(try movie.appendFrames(upTo: .milliseconds(100)) { _ in MotionPose(angleDegrees: 0, tiltDegrees: 0) } == 0)
        #expect(try movie.appendFrames(upTo: .milliseconds(134)) { _ in MotionPose(angleDegrees: 0, tiltDegrees: 0) } == 2)
        #expect(movie.frameCount == 5 && movie.duration == TimeSpan(nanoseconds: 166_666_666))
        movie.cancel()
    }

    /// Ten minutes at 30 fps stream to the file; the movie holds only its sample table.
    @Test func tenMinuteClip() throws {
        let dir = try Self.directory()
        let movie = try SimMovie(path: dir + "/long.mov", width: 32, height: 24, framesPerSecond: 30)
        try movie.appendFrames(upTo: .seconds(600)) { offset in
            // A slow turn, 0.1 degree a second: a new picture (1/32 degree on) every 9 or 10 frames.
            MotionPose(angleDegrees: offset.seconds * 0.1, tiltDegrees: 0)
        }
        let summary = try movie.finish(orientation: .rightUp)
        #expect(summary.frameCount == 18_000 && summary.durationSeconds == 600)
        #expect(summary.storedFrameCount == 1_921)
        let stream = try Self.probe(dir + "/long.mov")
        #expect(stream["nb_frames"] == "18000" && stream["duration"] == "600.000000" && stream["rotation"] == "90")
    }

    @Test func boardSettingsGiveTheSizeAndRate() throws {
        let dir = try Self.directory()
        var settings = Board.SimulatedClipSettings()
        settings.widthPixels = 40
        settings.heightPixels = 30
        settings.framesPerSecond = 12
        let movie = try SimMovie(path: dir + "/s.mov", settings: settings)
        #expect((movie.width, movie.height, movie.framesPerSecond, movie.quality) == (40, 30, 12, 75))
        try Self.sweep(movie, frames: 12)
        try movie.finish(orientation: .normal)
        let stream = try Self.probe(dir + "/s.mov")
        #expect(stream["width"] == "40" && stream["r_frame_rate"] == "12/1" && stream["duration"] == "1.000000")
    }

    @Test func samePosesGiveTheSameBytes() throws {
        let dir = try Self.directory()
        for name in ["a.mov", "b.mov"] {
            let movie = try SimMovie(path: dir + "/" + name, width: 48, height: 36, framesPerSecond: 15)
            try Self.sweep(movie, frames: 8)
            try movie.finish(orientation: .bottomUp)
        }
        #expect(try SafeFileWriter.read(path: dir + "/a.mov") == SafeFileWriter.read(path: dir + "/b.mov"))
    }

    /// `appendFrames` renders a batch's new pictures on two threads (frames of 64 x 64 pixels
    /// and more): the file is the one frame-by-frame appends write, byte for byte, repeats
    /// shared as before (a turn, a hold, then a pose that flips back and forth).
    @Test func framesRenderedOnTwoThreadsGiveTheSameBytes() throws {
        let dir = try Self.directory()
        func angle(frame: Int) -> Double { frame < 20 ? 80 + Double(frame) : frame < 30 ? 100 : frame % 2 == 0 ? 90 : 91 }
        let batched = try SimMovie(path: dir + "/batched.mov", width: 80, height: 64, framesPerSecond: 30)
        try batched.appendFrames(upTo: batched.frameTime(39) + TimeSpan(nanoseconds: 1)) { offset in
            MotionPose(angleDegrees: angle(frame: Int((Double(offset.nanoseconds) * 30 / 1e9).rounded())), tiltDegrees: 0)
        }
        let one = try SimMovie(path: dir + "/one.mov", width: 80, height: 64, framesPerSecond: 30)
        for frame in 0..<40 { try one.append(rollDegrees: angle(frame: frame), tiltDegrees: 0) }
        let summaries = (try batched.finish(orientation: .normal), try one.finish(orientation: .normal))
        #expect(summaries.0.frameCount == 40 && summaries.0.storedFrameCount == 31)
        #expect(try SafeFileWriter.read(path: dir + "/batched.mov") == SafeFileWriter.read(path: dir + "/one.mov"))
    }

    /// Nothing is at the path until `finish`; a cancelled movie leaves nothing behind.
    @Test func writtenAtomically() throws {
        let dir = try Self.directory()
        let movie = try SimMovie(path: dir + "/c.mov", width: 16, height: 16)
        try Self.sweep(movie, frames: 2)
        let during = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(during.count == 1 && during[0].hasPrefix(".c.mov.upright-"))
        try movie.finish(orientation: .normal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["c.mov"])
        #expect(throws: SimMovieError.alreadyFinished(dir + "/c.mov")) { try movie.append(rollDegrees: 0, tiltDegrees: 0) }

        let abandoned = try SimMovie(path: dir + "/d.mov", width: 16, height: 16)
        try Self.sweep(abandoned, frames: 2)
        abandoned.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["c.mov"])
        do {
            _ = try SimMovie(path: dir + "/e.mov", width: 16, height: 16)
            // Dropped unfinished.
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["c.mov"])
    }

    @Test func badSettingsAndPathsAreRefused() throws {
        #expect(throws: SimMovieError.invalidSettings("frame rate 0 (must be 1 to 120)")) {
            try SimMovie(path: "/tmp/x.mov", framesPerSecond: 0)
        }
        do {
            _ = try SimMovie(path: "/nonexistent/upright/c.mov")
            Issue.record("a movie in a missing directory was accepted")
        } catch {
            #expect(error.description == "/nonexistent/upright: cannot create a temporary file: No such file or directory")
        }
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
