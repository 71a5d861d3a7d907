import UprightCore

/// Writes a latched orientation into a photo or clip on disk: EXIF Orientation for a JPEG,
/// the video track matrix for an MP4/QuickTime file, chosen by content. An `unknown` latch
/// (nil) claims nothing: a JPEG loses its Orientation tag, a movie gets the identity. All or nothing: on
/// any error the file is left byte-identical. A file that already says so is not rewritten.
public enum MediaOrientationWriter {
    /// The largest JPEG patched: it is read whole (the Exif segment may grow), so a huge or
    /// sparse file with a JPEG's magic bytes is refused instead of filling memory.
    public static let maximumJPEGBytes = 256 << 20

    /// Returns what the file was found to be.
    @discardableResult
    public static func apply(_ orientation: UprightOrientation?, toFileAt path: String) throws(MediaError) -> MediaKind {
        let file = try MediaFileReader(path: path)
        guard let kind = MediaKind(magic: try file.read(at: 0, count: 8)) else { throw .unknownFormat }
        switch kind {
        case .jpeg:
            guard file.size <= maximumJPEGBytes else {
                throw .unsupported("JPEG of \(file.size) bytes (at most \(maximumJPEGBytes >> 20) MiB)")
            }
            let bytes = try file.readAll()
            let patched = try JPEGOrientationPatcher.patched(bytes, exifValue: orientation.map { UInt16($0.exifValue) })
            if patched != bytes { try SafeFileWriter.replace(path: file.path, with: patched) }
        case .mp4:
            // Only the moov box changes, and keeps its size: stream the rest.
            let movie = try MP4FileLayout.movieBox(in: file)
            let patched = try MP4RotationPatcher.patched(movie.bytes, rotationDegrees: orientation?.rotationDegrees ?? 0)
            if patched != movie.bytes { try SafeFileWriter.replace(file, patches: [(movie.offset, patched)]) }
        }
        return kind
    }

    /// The same for a file held in memory.
    public static func patched(_ bytes: [UInt8], orientation: UprightOrientation?) throws(MediaError) -> (MediaKind, [UInt8]) {
        guard let kind = MediaKind(magic: bytes) else { throw .unknownFormat }
        switch kind {
        case .jpeg:
            return (kind, try JPEGOrientationPatcher.patched(bytes, exifValue: orientation.map { UInt16($0.exifValue) }))
        case .mp4:
            return (kind, try MP4RotationPatcher.patched(bytes, rotationDegrees: orientation?.rotationDegrees ?? 0))
        }
    }
}
