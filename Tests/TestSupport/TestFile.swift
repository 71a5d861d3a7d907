import UprightHost

/// Reads the files a test wrote or the repository holds, with the project's own reader
/// (`POSIXFile.readAll`). Not `Data(contentsOf:)`: in this toolchain FoundationEssentials
/// leaks on every call, and `make sanitize` (LeakSanitizer) fails on it.
public enum TestFile {
    /// Far above any fixture or repository file; a runaway file is an error, not a hang.
    public static let limitBytes = 64 << 20

    public static func bytes(_ path: String) throws -> [UInt8] {
        try POSIXFile.readAll(path, limit: limitBytes)
    }

    /// The file as UTF-8 text (invalid bytes become U+FFFD).
    public static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }
}
