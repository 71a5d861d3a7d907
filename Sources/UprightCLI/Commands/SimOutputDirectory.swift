#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// `upright sim`'s output directory: created on demand, and the only place it writes. Paths
/// given for outputs (`--plot`) are taken inside it and refused when they would leave it.
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

    /// `name` inside the directory: relative names are joined to it; `.` and `..` are
    /// resolved by name (no symlinks followed), and a name that would end outside it (or an
    /// absolute path elsewhere) is refused.
    func resolve(_ name: String, option: String) throws(CommandError) -> String {
        let absolute = path.hasPrefix("/")
        let joined = name.hasPrefix("/") ? name : path + "/" + name
        let base = SimOutputDirectory.components(path)
        let full = SimOutputDirectory.components(joined)
        guard absolute || !name.hasPrefix("/"), full.count > base.count, Array(full.prefix(base.count)) == base else {
            throw .usage(UsageError("option '--\(option)': '\(name)' is outside the output directory \(path) (give a name inside it)"))
        }
        return (absolute ? "/" : "") + full.joined(separator: "/")
    }

    /// The path's components with `.` removed and `..` applied by name; leading `..` of a
    /// relative path are kept, `..` at the root stays at the root.
    static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/")
        var out: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = out.last, last != ".." { out.removeLast() } else if !absolute { out.append("..") }
            default: out.append(String(part))
            }
        }
        return out
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

    /// Writes `bytes` to `file` (a path from `resolve`), replacing it.
    /// Writes a whole output file atomically, creating its folders inside the output directory
    /// (e.g. `--plot plots/run.svg`).
    func write(_ bytes: [UInt8], to file: String) throws(CommandError) {
        do throws(FileError) {
            let folder = POSIXFile.directoryName(file)
            var prefix = folder.hasPrefix("/") ? "" : "."
            for part in folder.split(separator: "/") {
                prefix += "/" + part
                if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                    throw FileError(path: prefix, message: POSIXFile.errorText(errno))
                }
            }
            try AtomicFile.write(bytes, to: file)
        } catch {
            throw .failed(error.description)
        }
    }
}
