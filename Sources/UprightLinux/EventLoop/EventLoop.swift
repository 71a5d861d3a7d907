import CLinux
import UprightCore
#if canImport(Glibc)
import Glibc
#endif

/// The firmware's one waiting point on Linux: `poll` over a signalfd (SIGINT, SIGTERM, SIGHUP),
/// a timerfd armed for the engine's next deadline (absolute CLOCK_MONOTONIC, so nanosecond
/// deadlines are not rounded to poll's milliseconds), and up to `maximumWatched` other
/// descriptors (GPIO lines, camera processes and their output directory, the sampler's wake-up
/// eventfd). Nothing spins: between events the thread sleeps in the kernel.
///
/// Create it on the main thread before starting any other thread: it blocks its signals in the
/// calling thread (threads started later inherit the mask), so they arrive only through the
/// signalfd, as events, never as asynchronous handlers. `deinit` restores the previous mask.
public final class EventLoop {
    /// The most descriptors `watch` accepts.
    public static let maximumWatched = 16
    /// The most signals reported per `wait`.
    public static let maximumSignalsPerWait = 8

    private let signalFD: Int32
    private let timerFD: Int32
    private var previousMask = sigset_t()
    private var timerArmed = false
    private var watched: [(fd: Int32, token: Int)] = []

    /// Blocks `signals` in the calling thread and opens the signalfd and the timerfd.
    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) throws(LinuxDeviceError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        let maskResult = pthread_sigmask(SIG_BLOCK, &set, &previousMask)
        if maskResult != 0 {
            throw LinuxDeviceError(path: "signals", code: maskResult, description: "cannot block signals: \(LinuxDeviceError.message(maskResult))")
        }
        let signalFD = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        if signalFD < 0 {
            let code = errno
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw LinuxDeviceError(path: "signalfd", code: code, description: "cannot create a signalfd: \(LinuxDeviceError.message(code))")
        }
        let timerFD = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if timerFD < 0 {
            let code = errno
            close(signalFD)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw LinuxDeviceError(path: "timerfd", code: code, description: "cannot create a timerfd: \(LinuxDeviceError.message(code))")
        }
        self.signalFD = signalFD
        self.timerFD = timerFD
    }

    deinit {
        close(timerFD)
        close(signalFD)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Fires `.timer` once when CLOCK_MONOTONIC reaches `deadline` (at once if it has passed);
    /// nil disarms. Replaces any earlier deadline; expirations not yet reported are forgotten.
    public func armTimer(at deadline: Instant?) {
        var expirations: UInt64 = 0
        _ = read(timerFD, &expirations, MemoryLayout<UInt64>.size)
        var specification = itimerspec.absolute(deadline)
        _ = timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &specification, nil)
        timerArmed = deadline != nil
    }

    /// Reports `.readable(token)` whenever `fd` has data. The caller keeps owning `fd`.
    public func watch(fd: Int32, token: Int) throws(LinuxDeviceError) {
        guard watched.count < Self.maximumWatched else {
            throw LinuxDeviceError(path: "event loop", code: EMFILE, description: "the event loop watches at most \(Self.maximumWatched) descriptors")
        }
        watched.append((fd, token))
    }

    /// Stops watching the descriptors registered with `token`.
    public func unwatch(token: Int) {
        watched.removeAll { $0.token == token }
    }

    /// Sleeps until something happens, the timer fires or `timeoutMilliseconds` pass (-1: no
    /// timeout), then
    /// appends what happened to `events` (signals first, then the timer, then descriptors in
    /// the order watched) and returns how many. An interrupted wait returns 0.
    public func wait(timeoutMilliseconds: Int32, into events: inout [EventLoopEvent]) throws(LinuxDeviceError) -> Int {
        var descriptors: [pollfd] = []
        descriptors.reserveCapacity(2 + watched.count)
        descriptors.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0))
        descriptors.append(pollfd(fd: timerArmed ? timerFD : -1, events: Int16(POLLIN), revents: 0))
        for entry in watched {
            descriptors.append(pollfd(fd: entry.fd, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        if ready < 0 {
            let code = errno
            if code == EINTR { return 0 }
            throw LinuxDeviceError(path: "poll", code: code, description: "poll failed: \(LinuxDeviceError.message(code))")
        }
        if ready == 0 { return 0 }
        let before = events.count
        if descriptors[0].revents & Int16(POLLIN) != 0 { readSignals(into: &events) }
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            var expirations: UInt64 = 0
            if read(timerFD, &expirations, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size, expirations > 0 {
                events.append(.timer(expirations: expirations))
            }
        }
        for (index, entry) in watched.enumerated() {
            let revents = descriptors[2 + index].revents
            if revents & Int16(POLLIN) != 0 {
                events.append(.readable(token: entry.token))
            } else if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                events.append(.hangUp(token: entry.token))
            }
        }
        return events.count - before
    }

    private func readSignals(into events: inout [EventLoopEvent]) {
        var information = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        for _ in 0..<Self.maximumSignalsPerWait {
            guard read(signalFD, &information, size) == size else { return }
            events.append(.signal(Int32(bitPattern: information.ssi_signo)))
        }
    }
}
