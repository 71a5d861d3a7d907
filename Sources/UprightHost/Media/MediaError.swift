/// Why a photo or clip could not be given an orientation. Each case is one line for the user;
/// the caller adds the file name. The file is never modified when one of these is thrown.
public enum MediaError: Error, Equatable, CustomStringConvertible {
    /// The content is neither a JPEG nor an MP4/QuickTime file (by its magic bytes).
    case unknownFormat
    /// The file ends inside a structure (segment, box, IFD) that says it is longer.
    case truncated(String)
    /// A structure is inconsistent (bad marker, offset out of range, missing track).
    case malformed(String)
    /// The change does not fit (e.g. the Exif segment would exceed 65535 bytes).
    case unsupported(String)
    /// The path names no regular file (missing, a directory, a device); a user's mistake.
    case notAFile(String)
    /// Reading or writing the file failed (permissions, disk full); `errno` text.
    case io(String)

    public var description: String {
        switch self {
        case .unknownFormat: "not a JPEG or MP4/QuickTime file"
        case .truncated(let what): "truncated: \(what)"
        case .malformed(let what): "malformed: \(what)"
        case .unsupported(let what): "unsupported: \(what)"
        case .notAFile(let what): what
        case .io(let what): what
        }
    }

    /// True for problems with the file's content (exit 2); false for I/O failures (exit 1).
    public var isBadInput: Bool {
        if case .io = self { return false }
        return true
    }
}
