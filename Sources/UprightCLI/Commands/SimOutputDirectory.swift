#if canImport(Glibc)
import Glibc
#endif
import UprightHost
import UprightSim

/// `upright sim`'s output directory: created on demand; the photos, clips and the journal go
/// there. (`--plot` is a path of its own, `OutputFile`, which may name a file in here: this
/// directory says which folders it is about to make and which names it writes.)
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

    /// Whether `folder` is this directory or one of the parents `create()` makes: `--out run
    /// --plot run/timeline.svg` names a folder that does not exist yet but will, however the
    /// two are spelt (`run`, `./run/`, an absolute path, through a link).
    func makes(_ folder: String) -> Bool {
        let made = Self.resolved(path)
        let asked = Self.resolved(folder)
        return made == asked || made.hasPrefix(asked == "/" ? "/" : asked + "/")
    }

    /// Whether `file` is in this directory (not in a folder inside it).
    func contains(_ file: String) -> Bool {
        Self.resolved(POSIXFile.directoryName(file)) == Self.resolved(path)
    }

    /// Whether `file` is one the run writes here (the journal, a photo, a clip), which a plot
    /// written over it at the end of the run would destroy.
    func writes(_ file: String) -> Bool {
        let name = SimOutputDirectory.fileName(file)
        return contains(file) && (name == Simulation.journalName || SimCamera.naming.number(named: name) != nil)
    }

    /// The name after the last slash (`run.svg` of `out/run.svg`).
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// The absolute path `path` names once its missing folders are made: the part that exists
    /// resolved by `realpath` (links, `.` and `..`), the rest by name (a folder not made yet is
    /// no link, so its `..` is the folder before it).
    static func resolved(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var existing = path.hasPrefix("/") ? "/" : "."
        var rest = parts[...]
        while let part = rest.first, POSIXFile.exists(existing == "/" ? "/" + part : existing + "/" + part) {
            existing = existing == "/" ? "/" + part : existing + "/" + part
            rest = rest.dropFirst()
        }
        var components: [String]
        if let real = realpath(existing, nil) {
            components = String(cString: real).split(separator: "/").map(String.init)
            free(real)
        } else {
            components = existing.split(separator: "/").map(String.init)
        }
        for part in rest where part != "." {
            if part == ".." {
                if !components.isEmpty { components.removeLast() }
            } else {
                components.append(part)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
