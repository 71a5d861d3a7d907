import UprightCore

/// Writes a latched orientation into a photo or clip on disk: EXIF Orientation for a JPEG,
/// the video track matrix for an MP4/QuickTime file, chosen by content. All or nothing: on
/// any error the file is left byte-identical.
public enum MediaOrientationWriter {
    /// Returns what the file was found to be.
    @discardableResult
    public static func apply(_ orientation: UprightOrientation, toFileAt path: String) throws(MediaError) -> MediaKind {
        let bytes = try SafeFileWriter.read(path: path)
        let (kind, patched) = try patched(bytes, orientation: orientation)
        if patched != bytes { try SafeFileWriter.replace(path: path, with: patched) }
        return kind
    }

    /// The same, in memory.
    public static func patched(_ bytes: [UInt8], orientation: UprightOrientation) throws(MediaError) -> (MediaKind, [UInt8]) {
        guard let kind = MediaKind(magic: bytes) else { throw .unknownFormat }
        switch kind {
        case .jpeg:
            return (kind, try JPEGOrientationPatcher.patched(bytes, exifValue: UInt16(orientation.exifValue)))
        case .mp4:
            return (kind, try MP4RotationPatcher.patched(bytes, rotationDegrees: orientation.rotationDegrees))
        }
    }
}
