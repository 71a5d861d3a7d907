import CLinux
import Glibc
import Testing
import UprightHost
import UprightLinux
import UprightTestSupport

/// The camera program record beside the journal: a leftover of ours is stopped, anything else
/// is left alone. (The kernel rig's `make powercut-test` kills `upright` alone and starts it
/// again with the real stand-in holding the camera.)
@Suite struct CameraChildRecordTests {
    @Test func aLeftoverOfOursIsStoppedAndTheRecordRemoved() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let record = CameraChildRecord(journal: directory.path + "/journal.ndjson")
        #expect(record.path == directory.path + "/journal.ndjson.camera")
        var child = try ChildProcess.spawn(["sleep", "30"])
        record.record(pid: child.pid, program: "sleep")
        // Until the child has exec'd (its command line is the test runner's before): bounded, 5 s.
        for _ in 0..<500 where !Self.commandLine(child.pid).hasPrefix("sleep") { usleep(10_000) }
        let line = try TestFile.text(record.path)
        #expect(line.hasPrefix("\(child.pid) ") && line.hasSuffix(" sleep\n"))
        #expect(record.stopLeftover() == .stopped(pid: child.pid, program: "sleep", killed: false))
        #expect(!POSIXFile.exists(record.path))
        var status: ChildProcess.Status?
        for _ in 0..<100 where status == nil {
            status = child.reap()
            usleep(10_000)
        }
        #expect(status == .signalled(SIGTERM))
    }

    @Test(arguments: ["start time", "program"])
    func anotherProcessUnderTheRecordedPidIsLeftAlone(mismatch: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let record = CameraChildRecord(journal: directory.path + "/journal.ndjson")
        var child = try ChildProcess.spawn(["sleep", "30"])
        defer {
            child.signal(SIGKILL)
            while child.reap() == nil { usleep(10_000) }
        }
        if mismatch == "program" {
            record.record(pid: child.pid, program: "/usr/bin/rpicam-still")
        } else {
            // The pid of a program of ours from an earlier boot: another start time.
            try AtomicFile.write(Array("\(child.pid) 1 sleep\n".utf8), to: record.path)
        }
        #expect(record.stopLeftover() == .notOurs(pid: child.pid))
        #expect(child.reap() == nil) // still running
        #expect(!POSIXFile.exists(record.path))
    }

    /// What closes the pid-reuse window: a signal through a pidfd reaches its process while it
    /// lives, and fails once it has ended and been reaped (its pid free for another), never
    /// reaching what comes under that pid next.
    @Test func aPidfdSignalsItsProcessAndNoOtherOnceItHasEnded() throws {
        var child = try ChildProcess.spawn(["sleep", "30"])
        let handle = upright_pidfd_open(child.pid)
        try #require(handle >= 0)
        defer { close(handle) }
        #expect(upright_pidfd_send_signal(handle, SIGTERM) == 0)
        var status: ChildProcess.Status?
        // Bounded: 5 s.
        for _ in 0..<500 where status == nil {
            status = child.reap()
            usleep(10_000)
        }
        #expect(status == .signalled(SIGTERM))
        #expect(upright_pidfd_send_signal(handle, SIGTERM) == -ESRCH)
    }

    static func commandLine(_ pid: Int32) -> String {
        String(decoding: (try? TestFile.bytes("/proc/\(pid)/cmdline")) ?? [], as: UTF8.self)
    }

    @Test func noRecordOrAGoneProcessStopsNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let record = CameraChildRecord(journal: directory.path + "/journal.ndjson")
        #expect(record.stopLeftover() == .none)
        var child = try ChildProcess.spawn(["true"])
        record.record(pid: child.pid, program: "true")
        while child.reap() == nil { usleep(10_000) }
        #expect(record.stopLeftover() == .none)
        try AtomicFile.write(Array("not a record\n".utf8), to: record.path)
        #expect(record.stopLeftover() == .none)
    }
}
