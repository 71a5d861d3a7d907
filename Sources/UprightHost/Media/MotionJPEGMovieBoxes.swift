/// The boxes of a QuickTime movie of JPEG frames ("Photo - JPEG", sample entry 'jpeg'), the
/// simplest honest video container: every frame is a complete baseline JPEG in `mdat`, and
/// `moov` at the end holds the tables that index them (ISO/IEC 14496-12 8.2 to 8.7; the
/// QuickTime File Format's video sample description). Every sample is its own chunk, so a frame
/// that repeats the previous one can point at the same bytes (two chunk offsets alike) instead
/// of storing them again. The track matrix is the identity: the latched rotation is written
/// afterwards by `MediaOrientationWriter`, as on the Pi.
enum MotionJPEGMovieBoxes {
    /// Movie (mvhd, tkhd) time unit: milliseconds.
    static let movieTimescale = 1000

    /// ftyp: major brand 'qt  ' version 0x200, compatible 'qt  ' (QuickTime File Format).
    static let fileType: [UInt8] = box("ftyp", Array("qt  ".utf8) + u32(0x200) + Array("qt  ".utf8))

    /// An `mdat` header with a 64-bit size (size field 1, then largesize: ISO/IEC 14496-12
    /// 4.2), so the movie may pass 4 GiB; 16 bytes, patched once the payload is known.
    static func mediaDataHeader(payloadBytes: UInt64) -> [UInt8] {
        u32(1) + Array("mdat".utf8) + u64(payloadBytes + 16)
    }

    /// `moov` for `sampleSizes.count` frames of `width` x `height` at `framesPerSecond`, frame
    /// i stored at file offset `sampleOffsets[i]`.
    static func movie(width: Int, height: Int, framesPerSecond: Int, sampleSizes: [UInt32], sampleOffsets: [UInt64]) -> [UInt8] {
        let frames = sampleSizes.count
        let duration = min(frames * movieTimescale / framesPerSecond, Int(UInt32.max))
        let identity: [Int] = [0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000]
        // mvhd (8.2.2): times, timescale, duration, rate 1.0, volume 1.0, reserved, matrix,
        // pre_defined, next_track_ID.
        let mvhd = fullBox(
            "mvhd",
            u32(0) + u32(0) + u32(movieTimescale) + u32(duration)
                + u32(0x10000) + u16(0x100) + zeros(10) + identity.flatMap(u32) + zeros(24) + u32(2))
        // tkhd (8.3.2), flags 3 = enabled and in the movie; width and height are 16.16.
        let tkhd = fullBox(
            "tkhd",
            u32(0) + u32(0) + u32(1) + u32(0) + u32(duration) + zeros(8)
                + u16(0) + u16(0) + u16(0) + u16(0) + identity.flatMap(u32)
                + u32(width << 16) + u32(height << 16), flags: 3)
        // mdhd (8.4.2): media timescale = frame rate, so each sample lasts 1; language 'und'.
        let mdhd = fullBox("mdhd", u32(0) + u32(0) + u32(framesPerSecond) + u32(frames) + u16(0x55C4) + u16(0))
        let hdlr = fullBox("hdlr", u32(0) + Array("vide".utf8) + zeros(12) + Array("VideoHandler\0".utf8))
        let vmhd = fullBox("vmhd", zeros(8), flags: 1)
        let dinf = box("dinf", fullBox("dref", u32(1) + fullBox("url ", [], flags: 1)))
        // Visual sample entry (8.5.2.2; QuickTime 'jpeg'): reserved, data_reference_index 1,
        // pre_defined/reserved, width, height, 72 dpi, reserved, frame_count 1, compressor name
        // (Pascal string in 32 bytes), depth 24, pre_defined -1.
        let name = Array("Photo - JPEG".utf8)
        let compressorName = [UInt8(name.count)] + name + zeros(31 - name.count)
        let sampleEntry = box(
            "jpeg",
            zeros(6) + u16(1) + zeros(16) + u16(width) + u16(height)
                + u32(0x0048_0000) + u32(0x0048_0000) + u32(0) + u16(1) + compressorName + u16(24) + u16(0xFFFF))
        let stsd = fullBox("stsd", u32(1) + sampleEntry)
        // stts (8.6.1.2): every sample lasts one tick of the media timescale.
        let stts = fullBox("stts", u32(1) + u32(frames) + u32(1))
        // stsc (8.7.4): one sample per chunk, from the first chunk on.
        let stsc = fullBox("stsc", u32(1) + u32(1) + u32(1) + u32(1))
        // stsz (8.7.3): sample_size 0 (sizes vary), count, then each size.
        var stszPayload = u32(0) + u32(frames)
        stszPayload.reserveCapacity(8 + 4 * frames)
        for size in sampleSizes { stszPayload += u32(Int(size)) }
        let stsz = fullBox("stsz", stszPayload)
        let stbl = box("stbl", stsd + stts + stsc + stsz + chunkOffsets(sampleOffsets))
        let minf = box("minf", vmhd + dinf + stbl)
        let trak = box("trak", tkhd + box("mdia", mdhd + hdlr + minf))
        return box("moov", mvhd + trak)
    }

    /// stco (32-bit) when every offset fits, else co64 (8.7.5).
    static func chunkOffsets(_ offsets: [UInt64]) -> [UInt8] {
        let wide = offsets.contains { $0 > UInt64(UInt32.max) }
        var payload = u32(offsets.count)
        payload.reserveCapacity(4 + offsets.count * (wide ? 8 : 4))
        for offset in offsets { payload += wide ? u64(offset) : u32(Int(offset)) }
        return fullBox(wide ? "co64" : "stco", payload)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, _ payload: [UInt8], flags: Int = 0) -> [UInt8] {
        box(type, [0, UInt8((flags >> 16) & 0xFF), UInt8((flags >> 8) & 0xFF), UInt8(flags & 0xFF)] + payload)
    }

    static func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) } }

    static func u32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
}
