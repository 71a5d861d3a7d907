#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// A file an option names (`upright sim --plot FILE`), taken as any command-line tool takes a
/// path: relative to the working directory, or absolute. Checked before the run, so a path that
/// cannot be written is bad input and nothing is written; written atomically at the end.
enum OutputFile {
    /// `path`, or a one-line error naming the option: empty, a directory, in a folder that
    /// does not exist and that `output` (the run's output directory, made before the file is
    /// written) does not make either, or a file `output` writes itself.
    static func checked(_ path: String, option: String, beside output: SimOutputDirectory? = nil) throws(CommandError) -> String {
        guard !path.isEmpty else { throw .usage(UsageError("option '--\(option)': must not be empty")) }
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw .badInput("\(path): is a directory (option '--\(option)' names a file)")
        }
        let folder = POSIXFile.directoryName(path)
        guard (stat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) || output?.makes(folder) == true else {
            throw .badInput("\(path): the folder \(folder) does not exist (option '--\(option)')")
        }
        if let output, output.writes(path) {
            throw .badInput("\(path): the run writes this file into --out \(output.path) itself (option '--\(option)' names another)")
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
