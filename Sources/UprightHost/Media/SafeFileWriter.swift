#if canImport(Glibc)
import Glibc
#endif

/// Replaces a media file's contents atomically through `AtomicFile` (temporary file in the same
/// directory, permissions and owner kept, fsync, rename, directory fsync); on any error the old
/// file is untouched.
public enum SafeFileWriter {
    public static func read(path: String) throws(MediaError) -> [UInt8] {
        try MediaFileReader(path: path).readAll()
    }

    /// Replaces the file at `path` with `bytes`.
    public static func replace(path: String, with bytes: [UInt8]) throws(MediaError) {
        try replace(path: path) { (fd) throws(MediaError) in try writeAll(fd: fd, bytes[...]) }
    }

    /// The shared atomic-replace mechanism (`AtomicFile`), with the media error type: a failure
    /// inside `body` keeps its own message; a file-system failure becomes `.io`.
    private static func replace(path: String, writing body: (Int32) throws(MediaError) -> Void) throws(MediaError) {
        var inner: MediaError?
        do {
            try AtomicFile.replace(path) { (fd, _) throws(FileError) in
                inner = failure(of: body, fd)
                if inner != nil { throw FileError(path: path, message: "aborted") }
            }
        } catch {
            throw inner ?? .io(error.description)
        }
    }

    private static func failure(of body: (Int32) throws(MediaError) -> Void, _ fd: Int32) -> MediaError? {
        do {
            try body(fd)
            return nil
        } catch {
            return error
        }
    }

    private static func writeAll(fd: Int32, _ bytes: ArraySlice<UInt8>) throws(MediaError) {
        // The failure is thrown, as a MediaError with errno's text (below).
        let written: Bool = bytes.withUnsafeBytes { raw in (try? POSIXFile.writeAll(fd, raw, path: "")) != nil }
        guard written else { throw .io(systemErrorText("cannot write")) }
    }
}

/// "what: strerror(errno)", read right after the failing call.
func systemErrorText(_ what: String) -> String {
    "\(what): \(String(cString: strerror(errno)))"
}
