import UprightCore

/// Writes a latched orientation into a photo or clip on disk: EXIF Orientation for a JPEG,
/// the video track matrix for an MP4/QuickTime file, chosen by content. An `unknown` latch
/// (nil) claims nothing: a JPEG loses its Orientation tag, a movie gets the identity. A file
/// that already says so is not rewritten, and a file that is not a whole JPEG or movie
/// (`MediaError.isBadInput`) is left byte-identical.
///
/// A JPEG is small and its Exif segment may grow: it is replaced whole, atomically
/// (`SafeFileWriter`: all or nothing). A movie keeps its length, and only its video tracks'
/// 36-byte matrices change: they are written in place and the file flushed (`InPlaceFile`), so
/// a clip of gigabytes on a card with no room for a copy gets its rotation all the same. An
/// I/O error (`.io`) part way can leave part of a matrix written: the file keeps its media, and
/// writing the rotation again finishes it (a rotation owed, docs/events.md).
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
            try rotateMovie(file, rotationDegrees: orientation?.rotationDegrees ?? 0)
        }
        return kind
    }

    /// Writes `rotationDegrees` (0, 90, 180 or 270 clockwise) into the matrices of the movie
    /// at `path` in place (a rotation start-up owes a clip); true when a matrix changed, false
    /// when the movie said so already (nothing written).
    @discardableResult
    public static func rotateMovie(atPath path: String, rotationDegrees: Int) throws(MediaError) -> Bool {
        let file = try MediaFileReader(path: path)
        guard MediaKind(magic: try file.read(at: 0, count: 8)) == .mp4 else { throw .unknownFormat }
        return try rotateMovie(file, rotationDegrees: rotationDegrees)
    }

    /// Only the matrices change, in place: `moov` is read to find them, nothing else is.
    @discardableResult
    private static func rotateMovie(_ file: MediaFileReader, rotationDegrees: Int) throws(MediaError) -> Bool {
        let movie = try MP4FileLayout.movieBox(in: file)
        let patches = try MP4RotationPatcher.matrixPatches(movie.bytes, rotationDegrees: rotationDegrees)
        guard !patches.isEmpty else { return false }
        do throws(FileError) {
            try InPlaceFile.write(patches.map { (movie.offset + $0.offset, $0.bytes) }, into: file.path, expectedSize: file.size)
        } catch {
            throw .io("cannot write in place: " + error.message)
        }
        return true
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
