/// Where the `moov` box is in a clip on disk, found by reading only the top-level box
/// headers (ISO/IEC 14496-12 4.2), and checking they tile the file exactly, so a truncated
/// clip is refused without reading its media data.
public enum MP4FileLayout {
    /// `moov` larger than this is refused rather than read into memory (an hour of 30 fps
    /// video has a `moov` of a few megabytes).
    public static let maximumMovieBytes = 256 << 20

    public static func movieBox(in file: MediaFileReader) throws(MediaError) -> (offset: Int, bytes: [UInt8]) {
        var offset = 0
        var movie: (offset: Int, size: Int)?
        var index = 0
        // Each box is at least 8 bytes, so there are at most size / 8 boxes.
        while offset < file.size {
            let header = try file.read(at: offset, count: 16)
            guard header.count >= 8 else { throw .truncated("box header at byte \(offset)") }
            let type = header[4..<8]
            guard type.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                throw index == 0 ? .unknownFormat : .malformed("box at byte \(offset) has no printable type")
            }
            let name = String(decoding: type, as: UTF8.self)
            if index == 0, !["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(name) { throw .unknownFormat }
            let size32 = bigEndianInteger(header, at: 0, count: 4)
            let size: Int
            switch size32 {
            case 0:
                size = file.size - offset
            case 1:
                guard header.count >= 16 else { throw .truncated("'\(name)' box header at byte \(offset)") }
                let size64 = bigEndianInteger(header, at: 8, count: 8)
                guard size64 >= 16, size64 <= UInt64(Int.max - offset) else { throw .malformed("'\(name)' box at byte \(offset) has size \(size64)") }
                size = Int(size64)
            default:
                guard size32 >= 8 else { throw .malformed("'\(name)' box at byte \(offset) has size \(size32)") }
                size = Int(size32)
            }
            guard offset + size <= file.size else { throw .truncated("'\(name)' box at byte \(offset)") }
            if name == "moov" {
                guard movie == nil else { throw .malformed("more than one 'moov' box") }
                movie = (offset, size)
            }
            offset += size
            index += 1
        }
        guard let movie else { throw .malformed("no 'moov' box") }
        guard movie.size <= maximumMovieBytes else { throw .unsupported("'moov' box of \(movie.size) bytes") }
        return (movie.offset, try file.read(at: movie.offset, count: movie.size))
    }
}
