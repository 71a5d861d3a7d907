#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file's contents atomically: a reader (or a power cut) sees either the old file
/// or the new one, never a mixture. The new bytes go to a temporary file in the same directory
/// (so `rename` stays on one file system), which gets the old file's permissions and owner, is
/// flushed with `fsync`, and renamed over the old name; then the directory is flushed so the
/// rename itself survives a power cut (rename(2), fsync(2)). On any error the temporary file
/// is removed and the old file is untouched. Hard links to the old file keep the old contents.
public enum SafeFileWriter {
    /// Chunk size for copying a large file.
    static let copyChunkBytes = 1 << 20

    public static func read(path: String) throws(MediaError) -> [UInt8] {
        try MediaFileReader(path: path).readAll()
    }

    /// Replaces the file at `path` with `bytes`.
    public static func replace(path: String, with bytes: [UInt8]) throws(MediaError) {
        try replace(path: path) { (fd) throws(MediaError) in try writeAll(fd: fd, bytes[...]) }
    }

    /// Replaces the file `source` was opened on with a copy of it in which the given ranges
    /// are overwritten (same length); used for clips too big to hold in memory.
    public static func replace(_ source: MediaFileReader, patches: [(offset: Int, bytes: [UInt8])]) throws(MediaError) {
        for patch in patches where patch.offset < 0 || patch.offset + patch.bytes.count > source.size {
            throw .io("internal: patch at \(patch.offset) outside the file")
        }
        try replace(path: source.path) { (fd) throws(MediaError) in
            var offset = 0
            // Bounded: each pass copies at least one byte or throws.
            while offset < source.size {
                var chunk = try source.read(at: offset, count: copyChunkBytes)
                guard !chunk.isEmpty else { throw .io("the file shrank while being copied") }
                let chunkRange = offset..<(offset + chunk.count)
                for patch in patches {
                    let patchRange = patch.offset..<(patch.offset + patch.bytes.count)
                    let overlap = patchRange.clamped(to: chunkRange)
                    for position in overlap {
                        chunk[position - offset] = patch.bytes[position - patch.offset]
                    }
                }
                try writeAll(fd: fd, chunk[...])
                offset += chunk.count
            }
        }
    }

    private static func replace(path: String, writing body: (Int32) throws(MediaError) -> Void) throws(MediaError) {
        let (directory, name) = split(path)
        var original = stat()
        guard stat(path, &original) == 0 else { throw .io(systemErrorText("cannot stat")) }
        var template = Array("\(directory)/.\(name).upright-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .io(systemErrorText("cannot create a temporary file in \(directory)")) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do throws(MediaError) {
            try body(fd)
            guard fchmod(fd, original.st_mode & 0o7777) == 0 else { throw .io(systemErrorText("cannot set permissions")) }
            // Keeping the owner needs privilege; without it the file is the caller's, as any
            // editor's save would leave it.
            _ = fchown(fd, original.st_uid, original.st_gid)
            guard fsync(fd) == 0 else { throw .io(systemErrorText("cannot flush")) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw .io(systemErrorText("cannot close")) }
        guard rename(temporary, path) == 0 else { throw .io(systemErrorText("cannot rename")) }
        renamed = true
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0 else { throw .io(systemErrorText("cannot open directory \(directory)")) }
        defer { close(directoryFD) }
        guard fsync(directoryFD) == 0 else { throw .io(systemErrorText("cannot flush directory \(directory)")) }
    }

    private static func writeAll(fd: Int32, _ bytes: ArraySlice<UInt8>) throws(MediaError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + offset, raw.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(systemErrorText("cannot write"))
            }
            offset += written
        }
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}

/// "what: strerror(errno)", read right after the failing call.
func systemErrorText(_ what: String) -> String {
    "\(what): \(String(cString: strerror(errno)))"
}
