#if canImport(Glibc)
import Glibc
#endif

/// A file being written under a temporary name in its destination's directory (so `rename`
/// stays on one file system), published whole by `commit()` or removed by `discard()`: readers,
/// and a power cut, see the old file or the complete new one, never a part. For writers that
/// produce a file over time (a movie's frames); `AtomicFile` is the one-call form.
///
/// The temporary file takes the destination's permissions and, where allowed, its owner (new
/// files: 0644 less the process's umask, as any file it creates: the service's UMask=0027 makes
/// its photos 0640); `commit` flushes it (fsync), renames it over the destination, flushes the file
/// again under its new name and then the directory, so the rename survives too (rename(2),
/// fsync(2)). The second flush is vfat's: its rename makes a new directory entry with no size
/// and no first cluster and leaves the file's in memory, for the file's own fsync to write, so
/// a directory fsync alone can leave the final name empty after a power cut (`make
/// powercut-test` saw it; ext4 and exFAT copy the entry, and there the flush costs next to
/// nothing). Hard links to the old file keep the old contents. Dropped without `commit`, the
/// temporary file is removed.
public final class PendingFile {
    public let destination: String
    public let temporaryPath: String
    /// The open descriptor for writing, -1 after `close()`.
    public private(set) var fd: Int32
    private var state = State.writing
    /// The destination's (or model's) permissions to copy; nil for a new file, which keeps what
    /// its creation gave it (0644 less the umask).
    private let mode: mode_t?
    private let owner: (uid: uid_t, gid: gid_t)?

    private enum State { case writing, closed, committed, discarded }

    /// `permissionsOf`: the file whose permissions and owner the new one takes (a backup takes
    /// the file it backs up's); by default the destination's own.
    public init(destination: String, permissionsOf model: String? = nil) throws(FileError) {
        let directory = POSIXFile.directoryName(destination)
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        var original = stat()
        let existed = stat(model ?? destination, &original) == 0
        // A copy of an existing file is private until its permissions are copied at `close`.
        let (fd, path) = try Self.createTemporary(prefix: "\(directory)/.\(name).upright-", mode: existed ? 0o600 : 0o644)
        self.destination = destination
        self.fd = fd
        temporaryPath = path
        mode = existed ? original.st_mode & 0o7777 : nil
        owner = existed ? (original.st_uid, original.st_gid) : nil
    }

    deinit { discard() }

    /// The most names tried for the temporary file (mkstemp's way: six random letters or digits).
    static let maximumNameTries = 100

    /// A new file `prefix` + six random letters or digits, created close-on-exec in the same
    /// call (O_CLOEXEC, where mkstemp's flag would come after it in another call): the camera's
    /// files are written on a thread of their own while the engine's thread starts camera
    /// programs, which would inherit a descriptor opened between the two.
    static func createTemporary(prefix: String, mode: mode_t = 0o600) throws(FileError) -> (fd: Int32, path: String) {
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        var code = EEXIST
        // Bounded: a name taken is tried again with another, at most `maximumNameTries` times.
        for _ in 0..<maximumNameTries {
            let path = prefix + String((0..<6).map { _ in characters[Int(generator.next() % UInt64(characters.count))] })
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, path) }
            code = errno
            if code != EEXIST && code != EINTR { break }
        }
        throw FileError(
            path: POSIXFile.directoryName(prefix), message: "cannot create a temporary file: " + POSIXFile.errorText(code), code: code)
    }

    /// Appends `bytes` at the descriptor's position.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard state == .writing else { throw FileError(path: temporaryPath, message: "write after close") }
        try POSIXFile.writeAll(fd, bytes, path: temporaryPath)
    }

    /// Overwrites `bytes` at `offset` (a header whose sizes are known only at the end); the
    /// descriptor's position is not moved.
    public func write(_ bytes: [UInt8], at offset: Int) throws(FileError) {
        guard state == .writing else { throw FileError(path: temporaryPath, message: "write after close") }
        try POSIXFile.writeAll(fd, bytes, at: offset, path: temporaryPath)
    }

    /// Sets the permissions and owner, flushes the data to the device and closes the descriptor;
    /// the file can then be read or replaced under `temporaryPath` before `commit()`.
    public func close() throws(FileError) {
        guard state == .writing else { return }
        if let mode, fchmod(fd, mode) != 0 {
            throw FileError(path: temporaryPath, message: "chmod: " + POSIXFile.errorText(errno), code: errno)
        }
        // Keeping the owner needs privilege; without it the file is the caller's, as any
        // editor's save would leave it.
        if let owner { _ = fchown(fd, owner.uid, owner.gid) }
        try POSIXFile.sync(fd, path: temporaryPath)
        let status = Glibc.close(fd)
        fd = -1
        state = .closed
        guard status == 0 else { throw FileError(path: temporaryPath, message: "close: " + POSIXFile.errorText(errno), code: errno) }
    }

    /// Closes (if still open), renames over the destination (or, `replacing: false`, only when
    /// no file has its name: `POSIXFile.renameRefusingExisting`), flushes the file under its new
    /// name, then the directory.
    public func commit(replacing: Bool = true) throws(FileError) {
        try close()
        guard state == .closed else { throw FileError(path: destination, message: "already committed or discarded") }
        if replacing {
            guard rename(temporaryPath, destination) == 0 else {
                throw FileError(path: destination, message: "rename: " + POSIXFile.errorText(errno), code: errno)
            }
        } else {
            try POSIXFile.renameRefusingExisting(temporaryPath, to: destination)
        }
        state = .committed
        try POSIXFile.syncFile(at: destination)
        try POSIXFile.syncDirectory(of: destination)
    }

    /// Closes and removes the temporary file; the destination is untouched. Idempotent.
    public func discard() {
        switch state {
        case .writing:
            _ = Glibc.close(fd)
            fd = -1
            unlink(temporaryPath)
        case .closed:
            unlink(temporaryPath)
        case .committed, .discarded:
            return
        }
        state = .discarded
    }
}
