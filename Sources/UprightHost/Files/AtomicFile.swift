#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file so that a reader (or a power loss) sees either the old file or the
/// complete new one, never a part: write a temporary next to it, fsync, rename over, fsync the
/// directory. A failure removes the temporary and leaves the destination as it was.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let temporary = path + ".tmp"
        let fd = try POSIXFile.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
        do throws(FileError) {
            try POSIXFile.writeAll(fd, bytes, path: temporary)
            try POSIXFile.sync(fd, path: temporary)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let message = "rename: " + POSIXFile.errorText(errno)
            unlink(temporary)
            throw FileError(path: path, message: message)
        }
        try POSIXFile.syncDirectory(of: path)
    }
}
