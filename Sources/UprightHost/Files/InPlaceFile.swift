#if canImport(Glibc)
import Glibc
#endif

/// Bytes written over a file's own, in place: the file keeps its length and every other byte,
/// and no copy is made, so a clip on a card with no room for a second one still gets its
/// 36-byte track matrix (`MediaOrientationWriter`). Not atomic: an error or a power cut part
/// way can leave some new bytes beside old ones (one sector written, the next not), so a caller
/// that must survive it writes where no final name points yet (a clip's temporary file, named
/// only once this returned) or has journaled what it owes first (a rotation owed, which
/// start-up writes again whole until it is done).
public enum InPlaceFile {
    /// Writes each patch at its offset in the regular file at `path`, which must still be
    /// `expectedSize` bytes long with every patch inside it, then flushes the file (fsync).
    public static func write(_ patches: [(offset: Int, bytes: [UInt8])], into path: String, expectedSize: Int) throws(FileError) {
        for patch in patches where patch.offset < 0 || patch.offset + patch.bytes.count > expectedSize {
            throw FileError(path: path, message: "internal: a patch at byte \(patch.offset) outside the file")
        }
        // O_NONBLOCK: a FIFO put in the file's place is not waited on (and refused below).
        let fd = try POSIXFile.open(path, flags: O_WRONLY | O_NONBLOCK)
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FileError(path: path, message: "stat: " + POSIXFile.errorText(errno), code: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == expectedSize else {
            throw FileError(path: path, message: "changed while it was read (no longer a regular file of \(expectedSize) bytes)")
        }
        for patch in patches { try POSIXFile.writeAll(fd, patch.bytes, at: patch.offset, path: path) }
        try POSIXFile.sync(fd, path: path)
    }
}
