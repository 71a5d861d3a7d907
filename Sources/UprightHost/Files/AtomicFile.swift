/// Writes a whole file so that a reader (or a power loss) sees either the old file or the
/// complete new one, never a part, through a `PendingFile` (temporary file in the same
/// directory taking the old file's permissions and owner, fsync, rename, directory fsync). On
/// any error the temporary file is removed and the destination is untouched.
public enum AtomicFile {
    /// Writes `bytes` as the new contents of `path` (created with mode 0644 if absent).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try replace(path) { (fd, temporary) throws(FileError) in
            try POSIXFile.writeAll(fd, bytes, path: temporary)
        }
    }

    /// Writes `bytes` as a new file `path`, refusing (EEXIST) when a file has that name: a final
    /// name is never written over (the camera's photos).
    public static func create(_ bytes: [UInt8], at path: String) throws(FileError) {
        try fill(try PendingFile(destination: path), replacing: false) { (fd, temporary) throws(FileError) in
            try POSIXFile.writeAll(fd, bytes, path: temporary)
        }
    }

    /// Writes `bytes` as the new contents of `path` with the permissions and owner of `model`
    /// (a backup's of the file it backs up).
    public static func write(_ bytes: [UInt8], to path: String, permissionsOf model: String) throws(FileError) {
        try fill(try PendingFile(destination: path, permissionsOf: model)) { (fd, temporary) throws(FileError) in
            try POSIXFile.writeAll(fd, bytes, path: temporary)
        }
    }

    /// Replaces `path` with whatever `body` writes to the temporary file's descriptor.
    public static func replace(_ path: String, writing body: (_ fd: Int32, _ temporaryPath: String) throws(FileError) -> Void) throws(FileError) {
        try fill(try PendingFile(destination: path), body)
    }

    private static func fill(
        _ file: PendingFile, replacing: Bool = true, _ body: (_ fd: Int32, _ temporaryPath: String) throws(FileError) -> Void
    ) throws(FileError) {
        do throws(FileError) {
            try body(file.fd, file.temporaryPath)
            try file.commit(replacing: replacing)
        } catch {
            file.discard()
            throw error
        }
    }
}
