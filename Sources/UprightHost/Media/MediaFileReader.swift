#if canImport(Glibc)
import Glibc
#endif

/// Random-access reads of a regular file, so a multi-gigabyte clip is never loaded whole:
/// only box headers and the `moov` box are read.
public final class MediaFileReader {
    public let path: String
    public let size: Int
    private let fd: Int32

    /// Opens `path` after resolving symbolic links, so a later rename replaces the file the
    /// link points to rather than the link itself.
    public init(path: String) throws(MediaError) {
        guard let resolved = realpath(path, nil) else {
            let missing = errno == ENOENT || errno == ENOTDIR || errno == ELOOP || errno == ENAMETOOLONG
            let text = systemErrorText("cannot open")
            throw missing ? .notAFile(text) : .io(text)
        }
        self.path = String(decoding: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)), as: UTF8.self)
        free(resolved)
        fd = open(self.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(systemErrorText("cannot open")) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            close(fd)
            throw .io(systemErrorText("cannot stat"))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notAFile("not a regular file")
        }
        size = Int(status.st_size)
    }

    deinit { close(fd) }

    /// Exactly `count` bytes at `offset`, or fewer only when the file ends first.
    public func read(at offset: Int, count: Int) throws(MediaError) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let got = bytes.withUnsafeMutableBytes { raw in pread(fd, raw.baseAddress! + done, wanted - done, off_t(offset + done)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .io(systemErrorText("cannot read"))
            }
            if got == 0 { break }
            done += got
        }
        return Array(bytes[0..<done])
    }

    public func readAll() throws(MediaError) -> [UInt8] { try read(at: 0, count: size) }
}
