#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// A file an option names (`upright sim --plot FILE`), taken as any command-line tool takes a
/// path: relative to the working directory, or absolute. Checked before the run, so a path that
/// cannot be written is bad input and nothing is written; written atomically at the end.
enum OutputFile {
    /// `path`, or a one-line error naming the option: empty, a directory, or in a folder that
    /// does not exist.
    static func checked(_ path: String, option: String) throws(CommandError) -> String {
        guard !path.isEmpty else { throw .usage(UsageError("option '--\(option)': must not be empty")) }
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw .badInput("\(path): is a directory (option '--\(option)' names a file)")
        }
        let folder = POSIXFile.directoryName(path)
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .badInput("\(path): the folder \(folder) does not exist (option '--\(option)')")
        }
        return path
    }

    /// Replaces `path` with `bytes` atomically (a temporary file beside it, fsync, rename).
    static func write(_ bytes: [UInt8], to path: String) throws(CommandError) {
        do throws(FileError) {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .failed(error.description)
        }
    }
}
