#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file so that a reader (or a power loss) sees either the old file or the
/// complete new one, never a part: the bytes go to a uniquely named temporary file in the same
/// directory (so `rename` stays on one file system), which takes the old file's permissions
/// and, where allowed, its owner; it is flushed with fsync, renamed over the destination, and
/// the directory is flushed so the rename itself survives a power cut (rename(2), fsync(2)).
/// On any error the temporary file is removed and the destination is untouched. Hard links to
/// the old file keep the old contents.
public enum AtomicFile {
    /// Writes `bytes` as the new contents of `path` (created with mode 0644 if absent).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try replace(path) { (fd, temporary) throws(FileError) in
            try POSIXFile.writeAll(fd, bytes, path: temporary)
        }
    }

    /// Replaces `path` with whatever `body` writes to the temporary file's descriptor.
    public static func replace(_ path: String, writing body: (_ fd: Int32, _ temporaryPath: String) throws(FileError) -> Void) throws(FileError) {
        let directory = POSIXFile.directoryName(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var original = stat()
        let existed = stat(path, &original) == 0
        var template = Array("\(directory)/.\(name).upright-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw FileError(path: directory, message: "cannot create a temporary file: " + POSIXFile.errorText(errno))
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(FileError) {
            try body(fd, temporary)
            let mode = existed ? original.st_mode & 0o7777 : 0o644
            guard fchmod(fd, mode) == 0 else { throw FileError(path: temporary, message: "chmod: " + POSIXFile.errorText(errno)) }
            // Keeping the owner needs privilege; without it the file is the caller's, as any
            // editor's save would leave it.
            if existed { _ = fchown(fd, original.st_uid, original.st_gid) }
            try POSIXFile.sync(fd, path: temporary)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw FileError(path: temporary, message: "close: " + POSIXFile.errorText(errno)) }
        guard rename(temporary, path) == 0 else { throw FileError(path: path, message: "rename: " + POSIXFile.errorText(errno)) }
        renamed = true
        try POSIXFile.syncDirectory(of: path)
    }
}
