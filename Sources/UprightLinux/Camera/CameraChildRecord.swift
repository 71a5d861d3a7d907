#if canImport(Glibc)
import Glibc
#endif
import CLinux
import UprightHost

/// Which camera program `upright run` has running, in a file beside the journal
/// (`<journal>.camera`), so that a start-up after `upright` alone died (SIGKILL, a crash: the
/// service's other processes live on) can stop the program it left holding the camera, which
/// would otherwise answer every start with `camera-unavailable` for good.
///
/// One line while a program runs: `<pid> <start time> <program>`, the start time being field 22
/// of /proc/<pid>/stat (clock ticks since boot: with the pid it names one process for the
/// boot's whole life, a reused pid has another), the program the argument vector's first word.
/// The file is removed once the program is reaped. It is written without fsync: it matters only
/// while the kernel that ran the program still runs (a power cut ends the program too, and a
/// new boot's start times cannot match).
///
/// At start-up `stopLeftover` stops the recorded process only if it is still the same one (the
/// same start time) and still the camera program (its command line's first or second word, the
/// interpreter's script, ends with the recorded program's name): never another program's. It
/// holds a pidfd of the process before it looks, and signals through it: a pidfd names the
/// process, not the number, so one that ends after the look and whose pid another process takes
/// is not signalled (the signal fails, ESRCH). Without pidfds (kernels before 5.3) it signals
/// the pid, as before, with that window.
public struct CameraChildRecord: Sendable {
    public let path: String

    /// How long a leftover gets to end after SIGTERM before SIGKILL, and the kill to take.
    public static let termGraceMilliseconds = 2_000
    public static let killGraceMilliseconds = 1_000
    /// The longest file read (one line).
    static let maximumBytes = 4096

    public init(journal: String) { path = journal + ".camera" }

    /// What `stopLeftover` found.
    public enum Leftover: Equatable, Sendable {
        /// No record, or its process is gone.
        case none
        /// The recorded pid now names another process (another start time or program): left alone.
        case notOurs(pid: Int32)
        /// Ours, stopped (by SIGTERM, or SIGKILL after the grace).
        case stopped(pid: Int32, program: String, killed: Bool)
        /// Ours, and it would not end.
        case survived(pid: Int32, program: String)
    }

    /// Records `pid`, started as `program` (overwrites an earlier record).
    public func record(pid: Int32, program: String) {
        guard let start = Self.startTime(pid: pid) else { return }
        let line = "\(pid) \(start) \(program)\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        // A failed write leaves a record `stopLeftover` cannot read: it then stops nothing.
        try? POSIXFile.writeAll(fd, Array(line.utf8), path: path)
    }

    /// Removes the record (its program was reaped).
    public func clear() { _ = unlink(path) }

    /// Stops the program an earlier run left (see the type's comment), then removes the record.
    public func stopLeftover() -> Leftover {
        defer { clear() }
        guard let bytes = try? POSIXFile.readAll(path, limit: Self.maximumBytes) else { return .none }
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard words.count >= 3, let pid = Int32(words[0]), pid > 1, let start = UInt64(words[1]) else { return .none }
        let program = String(words[2])
        // Opened before the look, so that what is signalled is what was looked at.
        let handle = upright_pidfd_open(pid)
        defer { if handle >= 0 { close(handle) } }
        if handle == -ESRCH { return .none }
        guard let now = Self.startTime(pid: pid) else { return .none }
        guard now == start, Self.commandLine(pid: pid).prefix(2).contains(where: { Self.sameProgram($0, program) }) else {
            return .notOurs(pid: pid)
        }
        let process = Process(pid: pid, start: start, handle: handle)
        guard process.signal(SIGTERM) else { return .none }
        if process.waitGone(milliseconds: Self.termGraceMilliseconds) {
            return .stopped(pid: pid, program: program, killed: false)
        }
        guard process.signal(SIGKILL) else { return .stopped(pid: pid, program: program, killed: false) }
        if process.waitGone(milliseconds: Self.killGraceMilliseconds) {
            return .stopped(pid: pid, program: program, killed: true)
        }
        return .survived(pid: pid, program: program)
    }

    /// The leftover being stopped: its pidfd when the kernel has them (`handle` >= 0).
    struct Process {
        let pid: Int32
        let start: UInt64
        let handle: Int32

        /// `number` to the process, then to its group (its own, `ChildProcess.spawn`: a
        /// program's helpers end with it; a group's id is not given to a new process while the
        /// group lives); false when the process has already ended (ESRCH through the pidfd).
        func signal(_ number: Int32) -> Bool {
            if handle >= 0 {
                guard upright_pidfd_send_signal(handle, number) == 0 else { return false }
            } else {
                kill(pid, number)
            }
            kill(-pid, number)
            return true
        }

        /// Whether it ends within `milliseconds`: the pidfd polls readable once it has ended;
        /// without one, its start time is looked at every 20 ms.
        func waitGone(milliseconds: Int) -> Bool {
            guard handle >= 0 else { return CameraChildRecord.waitGone(pid: pid, start: start, milliseconds: milliseconds) }
            var entry = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
            // Bounded: an interrupted wait is tried again at most three times.
            for _ in 0..<4 {
                let result = poll(&entry, 1, Int32(milliseconds))
                if result >= 0 || errno != EINTR { return result == 1 }
            }
            return false
        }
    }

    /// Field 22 of /proc/<pid>/stat (after the command name in parentheses, which may hold
    /// spaces: counted from the last `)`), or nil when there is no such process. A zombie
    /// (ended, not yet reaped by its new parent) counts as gone.
    static func startTime(pid: Int32) -> UInt64? {
        guard let bytes = try? POSIXFile.readAll("/proc/\(pid)/stat", limit: Self.maximumBytes),
            let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        // fields[0] is field 3 (the state), so field 22 is fields[19].
        guard fields.count > 19, fields[0].first != UInt8(ascii: "Z") else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    /// /proc/<pid>/cmdline's words (NUL-separated).
    static func commandLine(pid: Int32) -> [String] {
        guard let bytes = try? POSIXFile.readAll("/proc/\(pid)/cmdline", limit: Self.maximumBytes) else { return [] }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `word` runs `program`: the same path, or the same last component.
    static func sameProgram(_ word: String, _ program: String) -> Bool {
        func base(_ text: String) -> Substring { text.split(separator: "/").last ?? Substring(text) }
        return word == program || base(word) == base(program)
    }

    /// Polls (every 20 ms, at most `milliseconds`) until the process is gone.
    static func waitGone(pid: Int32, start: UInt64, milliseconds: Int) -> Bool {
        var waited = 0
        while waited <= milliseconds {
            if startTime(pid: pid) != start { return true }
            usleep(20_000)
            waited += 20
        }
        return startTime(pid: pid) != start
    }
}
