#if canImport(Glibc)
import Glibc
#endif

/// Thin, typed-throwing wrappers over the POSIX calls the journal and the media writers need.
/// Every call retries EINTR and reports the path and `strerror` text on failure.
public enum POSIXFile {
    public static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The names in `directory` but `.` and `..` (none when it is unreadable), at most
    /// `maximumEntries` of them, in the order the directory gives them: the bound is on the
    /// loop (a card can hold any number of files), so `.` and `..` count toward it.
    public static func names(inDirectory directory: String, maximumEntries: Int) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        var seen = 0
        while seen < maximumEntries, let entry = readdir(handle) {
            seen += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(FileError) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw FileError(path: path, message: errorText(errno), code: errno)
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, message: errorText(errno), code: errno)
            }
            offset += written
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
        let result: Result<Void, FileError> = bytes.withUnsafeBytes { raw in
            do throws(FileError) {
                try writeAll(fd, raw, path: path)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Writes `bytes` at `offset` (pwrite(2)), the descriptor's position not moved: a header
    /// whose sizes are known only at the end, a clip's matrix written in place.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int, path: String) throws(FileError) {
        var done = 0
        // Each pass writes at least one byte or throws.
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { raw in pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, message: errorText(errno), code: errno)
            }
            done += written
        }
    }

    public static func sync(_ fd: Int32, path: String) throws(FileError) {
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw FileError(path: path, message: "fsync: " + errorText(errno), code: errno)
        }
    }

    /// fsync of the file at `path` through a descriptor of its own (Linux flushes a file's
    /// dirty pages whichever descriptor asks, a read-only one too): for a file another program
    /// wrote (the video program's clip) before Upright gives it its final name.
    public static func syncFile(at path: String) throws(FileError) {
        let fd = try open(path, flags: O_RDONLY)
        defer { close(fd) }
        try sync(fd, path: path)
    }

    /// fsync of the directory holding `path`, so a rename or a new file survives power loss.
    public static func syncDirectory(of path: String) throws(FileError) {
        let directory = directoryName(path)
        let fd = try open(directory, flags: O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        try sync(fd, path: directory)
    }

    /// Gives the file at `from` the name `to` only if no file has it: a final name is never
    /// renamed over (a number that came round again must not replace an earlier photo). Where
    /// the file system has hard links (ext4) this is link(2), which fails with EEXIST, then
    /// unlink(2) of the old name; a cut between the two leaves both names on one file, and the
    /// temporary one is removed at the next start. Where it has none (vfat, exFAT: EPERM) the
    /// name is looked for, then renamed: safe while Upright alone names files in its output
    /// directory, as it does. (Glibc's renameat2 with RENAME_NOREPLACE is not reachable from
    /// Swift's Glibc module.)
    public static func renameRefusingExisting(_ from: String, to: String) throws(FileError) {
        let taken = FileError(path: to, message: "rename: a file of that name exists (not replaced)", code: EEXIST)
        while link(from, to) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EEXIST { throw taken }
            guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == EXDEV else {
                throw FileError(path: to, message: "rename: " + errorText(code), code: code)
            }
            var status = stat()
            if lstat(to, &status) == 0 { throw taken }
            guard rename(from, to) == 0 else { throw FileError(path: to, message: "rename: " + errorText(errno), code: errno) }
            return
        }
        // Both names are the file now: the temporary one goes; if that fails, start-up removes it.
        _ = unlink(from)
    }

    public static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// Reads a whole file, refusing files larger than `limit` bytes.
    public static func readAll(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let fd = try open(path, flags: O_RDONLY)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, message: errorText(errno), code: errno)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw FileError(path: path, message: "larger than \(limit) bytes")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
