import CLinux
import Glibc
import Testing
import UprightCore
import UprightLinux

/// The event loop with stand-ins: pipes and eventfds for GPIO lines, a real timerfd, and
/// signals sent to the test's own thread (blocked there, so only the signalfd sees them).
@Suite(.serialized) struct EventLoopTests {
    /// A pipe; closed by the caller.
    func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    @Test func reportsAReadablePipeAndNothingElse() throws {
        let loop = try EventLoop(signals: [])
        let line = makePipe()
        defer {
            close(line.read)
            close(line.write)
        }
        try loop.watch(fd: line.read, token: 7)
        var events: [EventLoopEvent] = []
        #expect(try loop.wait(timeoutMilliseconds: 0, into: &events) == 0)
        #expect(events.isEmpty)
        var byte: UInt8 = 1
        #expect(write(line.write, &byte, 1) == 1)
        #expect(try loop.wait(timeoutMilliseconds: 5_000, into: &events) == 1)
        #expect(events == [.readable(token: 7)])
        #expect(read(line.read, &byte, 1) == 1)
        events.removeAll()
        #expect(try loop.wait(timeoutMilliseconds: 0, into: &events) == 0)
        loop.unwatch(token: 7)
        #expect(write(line.write, &byte, 1) == 1)
        #expect(try loop.wait(timeoutMilliseconds: 0, into: &events) == 0)
    }

    @Test func reportsAnEventfdAndAHangUp() throws {
        let loop = try EventLoop(signals: [])
        let wake = eventfd(0, Int32(EFD_NONBLOCK))
        let line = makePipe()
        defer {
            close(wake)
            close(line.read)
        }
        try loop.watch(fd: wake, token: 1)
        try loop.watch(fd: line.read, token: 2)
        var one: UInt64 = 1
        #expect(write(wake, &one, 8) == 8)
        close(line.write)
        var events: [EventLoopEvent] = []
        #expect(try loop.wait(timeoutMilliseconds: 5_000, into: &events) == 2)
        #expect(events == [.readable(token: 1), .hangUp(token: 2)])
    }

    @Test func gpioEventsThroughAPipe() throws {
        let loop = try EventLoop(signals: [])
        let line = makePipe()
        defer {
            close(line.read)
            close(line.write)
        }
        try loop.watch(fd: line.read, token: 17)
        // Two gpio_v2_line_event records: rising at 1 s, falling at 1.03 s (30000000 ns later).
        var records = [UInt8](repeating: 0, count: 96)
        records[0..<8] = [0x00, 0xCA, 0x9A, 0x3B, 0, 0, 0, 0] // 1_000_000_000
        records[8] = 1
        records[12] = 17
        records[16] = 1
        records[20] = 1
        records[48..<56] = [0x80, 0x8D, 0x64, 0x3D, 0, 0, 0, 0] // 1_030_000_000
        records[56] = 2
        records[60] = 17
        records[64] = 2
        records[68] = 2
        #expect(records.withUnsafeBytes { write(line.write, $0.baseAddress, 96) } == 96)
        var events: [EventLoopEvent] = []
        #expect(try loop.wait(timeoutMilliseconds: 5_000, into: &events) == 1)
        #expect(events == [.readable(token: 17)])
        var edges: [GPIOEdgeEvent] = []
        #expect(try GPIOLine.readEvents(fd: line.read, path: "pipe", into: &edges) == 2)
        #expect(edges.map(\.edge) == [.rising, .falling])
        #expect(edges.map(\.time.nanoseconds) == [1_000_000_000, 1_030_000_000])
        #expect(edges.map(\.lineSequence) == [1, 2])
    }

    /// An absolute deadline 2 ms ahead wakes the wait (not before it), once; a deadline in
    /// the past fires at once; disarmed, nothing fires.
    @Test func timerFiresAtTheDeadlineOnceAndDisarms() throws {
        let loop = try EventLoop(signals: [])
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let start = Instant(nanoseconds: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
        loop.armTimer(at: start + .milliseconds(2))
        var events: [EventLoopEvent] = []
        #expect(try loop.wait(timeoutMilliseconds: 5_000, into: &events) == 1)
        #expect(events == [.timer(expirations: 1)])
        clock_gettime(CLOCK_MONOTONIC, &now)
        #expect(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) >= start.nanoseconds + 2_000_000)
        events.removeAll()
        #expect(try loop.wait(timeoutMilliseconds: 20, into: &events) == 0)
        loop.armTimer(at: start)
        #expect(try loop.wait(timeoutMilliseconds: 5_000, into: &events) == 1)
        loop.armTimer(at: start + .seconds(3600))
        loop.armTimer(at: nil)
        events.removeAll()
        #expect(try loop.wait(timeoutMilliseconds: 20, into: &events) == 0)
    }

    @Test func signalsArriveAsEvents() throws {
        let loop = try EventLoop()
        #expect(pthread_kill(pthread_self(), SIGHUP) == 0)
        #expect(pthread_kill(pthread_self(), SIGTERM) == 0)
        var events: [EventLoopEvent] = []
        var rounds = 0
        while events.count < 2 && rounds < 10 {
            rounds += 1
            _ = try loop.wait(timeoutMilliseconds: 5_000, into: &events)
        }
        // Pending signals are read lowest number first: SIGHUP is 1, SIGTERM 15.
        #expect(events == [.signal(1), .signal(15)])
    }

    @Test func watchingIsBounded() throws {
        let loop = try EventLoop(signals: [])
        for token in 0..<EventLoop.maximumWatched { try loop.watch(fd: 0, token: token) }
        #expect(throws: LinuxDeviceError.self) { try loop.watch(fd: 0, token: 99) }
    }
}
