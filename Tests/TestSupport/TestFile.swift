#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// Reads the files a test wrote or the repository holds, with the project's own reader
/// (`POSIXFile.readAll`), and writes a test's (`POSIXFile.writeAll`). Not `Data(contentsOf:)`: in this toolchain FoundationEssentials
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

    /// Makes (or empties) the file at `path` and writes `bytes` into it.
    public static func write(_ path: String, _ bytes: [UInt8]) throws {
        let fd = try POSIXFile.open(path, flags: O_CREAT | O_WRONLY | O_TRUNC)
        defer { close(fd) }
        try POSIXFile.writeAll(fd, bytes, path: path)
    }

    /// `write` of `text` as UTF-8.
    public static func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }
}
