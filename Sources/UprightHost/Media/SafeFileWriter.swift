#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file's contents atomically: a reader (or a power cut) sees either the old file
/// or the new one, never a mixture. The new bytes go to a temporary file in the same directory
/// (so `rename` stays on one file system), which is flushed with `fsync`, given the old file's
/// permissions, renamed over the old name, and then the directory is flushed so the rename
/// itself survives a power cut (rename(2), fsync(2)).
public enum SafeFileWriter {
    public static func read(path: String) throws(MediaError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(errnoText("cannot open")) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .io(errnoText("cannot stat")) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .io("not a regular file") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress, raw.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .io(errnoText("cannot read"))
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }

    public static func replace(path: String, with bytes: [UInt8]) throws(MediaError) {
        let (directory, name) = split(path)
        var original = stat()
        guard stat(path, &original) == 0 else { throw .io(errnoText("cannot stat")) }
        var template = Array("\(directory)/.\(name).upright-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .io(errnoText("cannot create a temporary file in \(directory)")) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do throws(MediaError) {
            try writeAll(fd: fd, bytes)
            guard fchmod(fd, original.st_mode & 0o7777) == 0 else { throw .io(errnoText("cannot set permissions")) }
            guard fsync(fd) == 0 else { throw .io(errnoText("cannot flush")) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw .io(errnoText("cannot close")) }
        guard rename(temporary, path) == 0 else { throw .io(errnoText("cannot rename")) }
        renamed = true
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0 else { throw .io(errnoText("cannot open directory \(directory)")) }
        defer { close(directoryFD) }
        guard fsync(directoryFD) == 0 else { throw .io(errnoText("cannot flush directory \(directory)")) }
    }

    private static func writeAll(fd: Int32, _ bytes: [UInt8]) throws(MediaError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + offset, raw.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(errnoText("cannot write"))
            }
            offset += written
        }
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func errnoText(_ what: String) -> String {
        "\(what): \(String(cString: strerror(errno)))"
    }
}
