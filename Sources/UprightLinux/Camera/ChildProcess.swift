#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A child started with posix_spawnp from an argument vector (never a shell), waited for
/// without blocking: `descriptor` (a pidfd) polls readable when it exits, and `reap()` is
/// waitpid(WNOHANG).
///
/// The child starts with no blocked signals and default SIGINT/SIGTERM/SIGPIPE handling (an
/// event loop that blocks signals for a signalfd would otherwise pass the mask on, and SIGINT
/// would not stop a recording), in its own process group (a Ctrl-C at the terminal reaches
/// the firmware, which stops its children itself), with stdin from /dev/null, and stdout and
/// stderr to `output` when one is given (created or truncated).
public struct ChildProcess {
    public enum Status: Equatable, Sendable {
        case exited(code: Int32)
        case signalled(Int32)
        /// Reaped by someone else (SIGCHLD set to SIG_IGN): how it ended is unknown.
        case lost

        public var succeeded: Bool { self == .exited(code: 0) }
    }

    public let pid: pid_t
    /// A pidfd, or -1 when the kernel has none (before 5.3): then poll `reap()` on a tick.
    public private(set) var descriptor: Int32
    public private(set) var status: Status?

    public static func spawn(_ arguments: [String], output: String? = nil) throws(SpawnError) -> ChildProcess {
        guard let program = arguments.first, !program.isEmpty else { throw SpawnError(program: "", message: "empty argument vector") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SpawnError(program: program, message: String(cString: strerror(result))) }
        let descriptor = upright_pidfd_open(pid)
        return ChildProcess(pid: pid, descriptor: descriptor >= 0 ? descriptor : -1, status: nil)
    }

    /// The exit status once the child has ended (it is then reaped and `descriptor` closed);
    /// nil while it runs. Never blocks.
    public mutating func reap() -> Status? {
        if let status { return status }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &raw, WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else {
            // ECHILD: someone else reaped it (a SIGCHLD handler set to SIG_IGN); call it gone.
            if result < 0 { finish(.lost) }
            return status
        }
        // The <sys/wait.h> macros are not imported: low 7 bits are the signal, 0 for an exit.
        finish(raw & 0x7F == 0 ? .exited(code: (raw >> 8) & 0xFF) : .signalled(raw & 0x7F))
        return status
    }

    /// Sends `number` unless the child has already been reaped (its pid may be reused).
    public func signal(_ number: Int32) {
        guard status == nil else { return }
        kill(pid, number)
    }

    private mutating func finish(_ ended: Status) {
        status = ended
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}
