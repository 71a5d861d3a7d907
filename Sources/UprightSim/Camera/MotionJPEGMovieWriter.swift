import UprightCore
import UprightHost

/// A QuickTime movie of JPEG frames ("Photo - JPEG", sample entry 'jpeg'), the simplest
/// honest video container: every frame is a complete baseline JPEG, all frames sit in one
/// chunk of `mdat`, and `moov` follows with the tables that index them (ISO/IEC 14496-12
/// 8.2 to 8.7, the QuickTime File Format's video sample description). The video track's
/// `tkhd` matrix carries the latched rotation, exactly as `upright orient` writes it.
/// Players that read QuickTime (ffmpeg, VLC, QuickTime) show it upright.
public enum MotionJPEGMovieWriter {
    /// `frames` are complete JPEG files of `width` x `height` stored pixels.
    public static func movie(frames: [[UInt8]], width: Int, height: Int, framesPerSecond: Int,
                             orientation: UprightOrientation) -> [UInt8] {
        let fps = max(framesPerSecond, 1)
        let movieTimescale = 1000
        let movieDuration = frames.count * movieTimescale / fps
        let ftyp = box("ftyp", Array("qt  ".utf8) + u32(0x200) + Array("qt  ".utf8))
        let mdatPayload = frames.flatMap { $0 }
        let mdat = box("mdat", mdatPayload)
        let chunkOffset = ftyp.count + 8

        let identity: [Int32] = MP4RotationPatcher.matrix(rotationDegrees: 0, width: 0, height: 0)
        let matrix = MP4RotationPatcher.matrix(rotationDegrees: orientation.rotationDegrees,
                                               width: Int32(width) << 16, height: Int32(height) << 16)
        // mvhd (8.2.2): times, timescale, duration, rate 1.0, volume 1.0, reserved, matrix,
        // pre_defined, next_track_ID.
        let mvhd = fullBox("mvhd", u32(0) + u32(0) + u32(movieTimescale) + u32(movieDuration)
                           + u32(0x10000) + u16(0x100) + zeros(10) + identity.flatMap { u32(Int($0)) } + zeros(24) + u32(2))
        // tkhd (8.3.2), flags 3 = enabled and in the movie.
        let tkhd = fullBox("tkhd", u32(0) + u32(0) + u32(1) + u32(0) + u32(movieDuration) + zeros(8)
                           + u16(0) + u16(0) + u16(0) + u16(0) + matrix.flatMap { u32(Int($0)) }
                           + u32(width << 16) + u32(height << 16), flags: 3)
        // mdhd (8.4.2): media timescale = frame rate, so each sample lasts 1; language 'und'.
        let mdhd = fullBox("mdhd", u32(0) + u32(0) + u32(fps) + u32(frames.count) + u16(0x55C4) + u16(0))
        let hdlr = fullBox("hdlr", u32(0) + Array("vide".utf8) + zeros(12) + Array("VideoHandler\0".utf8))
        let vmhd = fullBox("vmhd", zeros(8), flags: 1)
        let dinf = box("dinf", fullBox("dref", u32(1) + fullBox("url ", [], flags: 1)))
        // Visual sample entry (8.5.2.2; QuickTime 'jpeg'): reserved, data_reference_index 1,
        // pre_defined/reserved, width, height, 72 dpi, frame_count 1, compressor name
        // (Pascal string in 32 bytes), depth 24, pre_defined -1.
        let name = Array("Photo - JPEG".utf8)
        let compressorName = [UInt8(name.count)] + name + zeros(31 - name.count)
        let sampleEntry = box("jpeg", zeros(6) + u16(1) + zeros(16) + u16(width) + u16(height)
                              + u32(0x0048_0000) + u32(0x0048_0000) + u32(0) + u16(1) + compressorName + u16(24) + u16(0xFFFF))
        let stsd = fullBox("stsd", u32(1) + sampleEntry)
        let stts = fullBox("stts", u32(1) + u32(frames.count) + u32(1))
        let stsc = fullBox("stsc", u32(1) + u32(1) + u32(frames.count) + u32(1))
        let stsz = fullBox("stsz", u32(0) + u32(frames.count) + frames.flatMap { u32($0.count) })
        let stco = fullBox("stco", u32(1) + u32(chunkOffset))
        let stbl = box("stbl", stsd + stts + stsc + stsz + stco)
        let minf = box("minf", vmhd + dinf + stbl)
        let trak = box("trak", tkhd + box("mdia", mdhd + hdlr + minf))
        let moov = box("moov", mvhd + trak)
        return ftyp + mdat + moov
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, _ payload: [UInt8], flags: Int = 0) -> [UInt8] {
        box(type, [0, UInt8((flags >> 16) & 0xFF), UInt8((flags >> 8) & 0xFF), UInt8(flags & 0xFF)] + payload)
    }

    static func u32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
}
