import Foundation
import Testing
import UprightTestSupport

/// packaging/upright.service as systemd judges it: `systemd-analyze security` (the exposure
/// score) and `systemd-analyze syscall-filter` (what the unit's system call filter lets
/// through), so a sandbox that loosens, or tightens past what the firmware needs, fails here.
@Suite struct ServiceUnitTests {
    static let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging/upright.service")

    static func analyze(_ arguments: [String]) throws -> String {
        String(decoding: try ExternalTool.run("systemd-analyze", arguments), as: UTF8.self)
    }

    /// The unit's `Key=value` lines, in order (comments and sections left out).
    static func directives() throws -> [(key: String, value: String)] {
        try TestFile.text(unit.path).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    @Test func exposureIsAtMostTwo() throws {
        let report = try Self.analyze(["security", "--offline=true", "--no-pager", Self.unit.path])
        let marker = "Overall exposure level for upright.service: "
        let line = try #require(report.split(separator: "\n").first { $0.contains(marker) })
        let score = try #require(Double(line[line.range(of: marker)!.upperBound...].prefix { $0.isNumber || $0 == "." }))
        #expect(score <= 2.0, "exposure \(score)")
        // The analyzer reads the filter as one that denies the privileged and resource calls.
        for check in [
            "SystemCallFilter=~@privileged", "SystemCallFilter=~@resources", "SystemCallFilter=~@mount",
            "PrivateNetwork=", "IPAddressDeny=", "ProtectProc=", "ProcSubset=", "PrivateMounts=",
        ] {
            let row = report.split(separator: "\n").first { $0.contains(check) }
            #expect(row?.hasPrefix("✓") == true, "\(check): \(row.map(String.init) ?? "missing")")
        }
    }

    @Test func keyDirectivesArePresent() throws {
        let lines = try Self.directives()
        for (key, value) in [
            ("User", "upright"), ("NoNewPrivileges", "yes"), ("CapabilityBoundingSet", ""),
            ("PrivateNetwork", "yes"), ("IPAddressDeny", "any"), ("ProtectProc", "invisible"),
            ("ProcSubset", "pid"), ("RemoveIPC", "yes"), ("PrivateMounts", "yes"),
            ("SystemCallFilter", "@system-service"), ("SystemCallFilter", "~@privileged @resources"),
            ("SystemCallErrorNumber", "EPERM"), ("DevicePolicy", "closed"), ("ProtectSystem", "strict"),
            ("MemoryDenyWriteExecute", "yes"), ("RestrictAddressFamilies", "AF_UNIX"),
        ] {
            #expect(lines.contains { $0.key == key && $0.value == value }, "\(key)=\(value) missing")
        }
        // The devices the firmware and the camera stack open are still allowed.
        let devices = lines.filter { $0.key == "DeviceAllow" }.map(\.value)
        #expect(devices == ["char-i2c rw", "char-gpiochip rw", "char-video4linux rw", "char-media rw", "char-dma_heap rw"])
        // systemd ignores a DeviceAllow= path that is not a device node ("/dev/dma_heap is not a
        // device", and the heaps inside it stay closed): drivers are named by their major.
        for device in devices { #expect(device.hasPrefix("char-"), "\(device): name the driver (char-NAME), not a path") }
        // The firmware's longest finish (7 s for the camera's programs, then files and the
        // journal on a slow card) within the stop timeout, before systemd's SIGKILL.
        #expect(lines.contains { $0.key == "TimeoutStopSec" && $0.value == "30" })
        #expect(lines.contains { $0.key == "SupplementaryGroups" && $0.value == "i2c gpio video" })
        #expect(lines.contains { $0.key == "ReadWritePaths" && $0.value == "/var/lib/upright" })
    }

    /// The calls the firmware makes (its Linux tests traced with strace -f: event loop,
    /// sampler thread, camera children) and the ones rpicam needs, through the unit's own
    /// filter lines expanded by systemd.
    @Test func systemCallFilterAllowsWhatTheFirmwareNeeds() throws {
        var allowed = Set<String>()
        for (key, value) in try Self.directives() where key == "SystemCallFilter" {
            let deny = value.hasPrefix("~")
            for name in value.dropFirst(deny ? 1 : 0).split(separator: " ") {
                let calls = try Self.expand(String(name))
                if deny { allowed.subtract(calls) } else { allowed.formUnion(calls) }
            }
        }
        let needed = [
            "ioctl", "mmap", "munmap", "mprotect", "openat", "read", "write", "close", "poll", "ppoll",
            "epoll_create1", "epoll_ctl", "epoll_pwait", "timerfd_create", "timerfd_settime",
            "signalfd4", "rt_sigprocmask", "eventfd2", "inotify_init1", "inotify_add_watch",
            "pidfd_open", "pidfd_send_signal", "kill", "tgkill", "wait4", "waitid", "clone3", "execve",
            "futex", "rseq", "prctl", "fsync", "fdatasync", "renameat2", "rename", "unlinkat", "mkdirat",
            "getdents64", "newfstatat", "statx", "pipe2", "dup3", "memfd_create", "getrandom",
            "clock_gettime", "clock_nanosleep", "nanosleep", "exit_group",
        ]
        #expect(allowed.count > 200)
        for call in needed { #expect(allowed.contains(call), "\(call) is filtered out") }
        for call in ["setuid", "setgroups", "mount", "reboot", "init_module", "settimeofday", "sched_setscheduler", "ptrace"] {
            #expect(!allowed.contains(call), "\(call) is let through")
        }
    }

    /// A `@group` as systemd expands it (nested groups included), or the call itself.
    static func expand(_ name: String) throws -> Set<String> {
        guard name.hasPrefix("@") else { return [name] }
        var calls = Set<String>()
        for line in try analyze(["syscall-filter", "--no-pager", name]).split(separator: "\n").dropFirst() {
            let item = line.trimmingCharacters(in: .whitespaces)
            if item.isEmpty || item.hasPrefix("#") { continue }
            calls.formUnion(item.hasPrefix("@") ? try expand(item) : [item])
        }
        return calls
    }
}
