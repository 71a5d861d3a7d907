/// What a file is, decided by its first bytes, never by its name.
public enum MediaKind: Sendable, Equatable {
    case jpeg
    case mp4

    /// JPEG starts with SOI `FF D8` followed by a marker (ITU T.81 B.2.1). ISO BMFF/QuickTime
    /// files start with a box whose type is one of the top-level types below (ISO 14496-12 4.2;
    /// old QuickTime files may start with `moov`, `mdat`, `wide`, `free`, `skip`).
    public init?(magic bytes: [UInt8]) {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF {
            self = .jpeg
            return
        }
        if bytes.count >= 8 {
            let type = Array(bytes[4..<8])
            let known: [[UInt8]] = [
                Array("ftyp".utf8), Array("moov".utf8), Array("mdat".utf8),
                Array("wide".utf8), Array("free".utf8), Array("skip".utf8),
            ]
            if known.contains(type) {
                self = .mp4
                return
            }
        }
        return nil
    }
}
