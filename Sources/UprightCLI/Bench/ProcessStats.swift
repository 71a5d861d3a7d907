#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// Facts about processes for the benchmark: sizes on disk and peak memory.
public enum ProcessStats {
    /// This executable's path (from /proc/self/exe).
    public static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A new directory made from `template` (its trailing XXXXXX replaced: mkdtemp), or nil.
    public static func temporaryDirectory(_ template: String) -> String? {
        var template = Array(template.utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }.map { String(cString: $0) }
    }

    public static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Peak resident set size of this process (VmHWM in /proc/self/status), in bytes.
    public static func peakResidentBytes() -> Int? {
        // Without /proc (not Linux, or not mounted) there is no figure to give.
        guard let bytes = try? POSIXFile.readAll("/proc/self/status", limit: 1 << 16) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// Runs `arguments` (argv[0] a path) with stdout sent to `standardOutputPath` (created or
    /// truncated) and stderr to /dev/null, waits, and returns its exit status and peak RSS in
    /// bytes (wait4's ru_maxrss, reported in KiB).
    public static func runMeasured(_ arguments: [String], standardOutputPath: String = "/dev/null") -> (status: Int32, peakResidentBytes: Int)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, standardOutputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { return nil }
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, Int(usage.ru_maxrss) * 1024)
    }
}
