#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// `upright sim`'s output directory: created on demand; the photos, clips and the journal go
/// there. (`--plot` is a path of its own, `OutputFile`.)
struct SimOutputDirectory {
    /// As the user gave it, without trailing slashes (`upright-out`, `/tmp/run`).
    let path: String

    init(_ path: String) throws(CommandError) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard !trimmed.isEmpty else { throw .usage(UsageError("option '--out': must not be empty")) }
        // Checked before the run, so a file in the way is bad input and nothing is written.
        var info = stat()
        if stat(trimmed, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
            throw .badInput("\(trimmed): exists and is not a directory (option '--out')")
        }
        self.path = trimmed
    }

    /// Creates the directory and its missing parents.
    func create() throws(CommandError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += String(part)
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .failed("\(prefix): cannot create the output directory: \(POSIXFile.errorText(errno))")
            }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .failed("\(path): not a directory")
        }
    }
}
