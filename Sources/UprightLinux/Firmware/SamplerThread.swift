#if canImport(Glibc)
import Glibc
#endif
import CLinux
import UprightCore
import UprightHost

/// The sampling context on a thread of its own, for schedules the event loop cannot keep
/// (`ReadSchedule.needsOwnContext`: register reads above 100 Hz, a shallow FIFO) and for reads
/// paced by the chip's data-ready line. It runs the engine's detached `SensorSampler` (the
/// schedule, the supervision and the rings are the engine's; this is only a timer and a
/// thread): a timerfd armed for the sampler's next read, or the data-ready line's edges; either
/// way with a fallback wake-up every four intervals (at least every 100 ms), in case an edge was
/// missed while the chip held its pin or a timer expiry was not seen (under the thread
/// sanitizer the thread was seen asleep in poll past its armed deadline, for good). The event
/// loop is woken through `wakeFD` (an eventfd) on the engine's cadence (`EngineWake`: once per
/// drain interval, when the ring is half full, or when the sampler reported trouble), the one
/// the simulator's detached sampler keeps too.
public final class SamplerThread<Sensor: Accelerometer>: @unchecked Sendable {
    /// Readable when the engine has samples or sensor events waiting.
    public let wakeFD: Int32
    /// The sampler, owned by the thread while it runs; read its counters after `stop`.
    public let sampler: SensorSampler<Sensor>

    private let stopFD: Int32
    private let dataReadyFD: Int32?
    private let clock: @Sendable () -> Instant
    private var thread: pthread_t?

    public init(sampler: SensorSampler<Sensor>, dataReadyFD: Int32?, clock: @escaping @Sendable () -> Instant) throws(LinuxDeviceError) {
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        let stop = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0, stop >= 0 else {
            let code = errno
            if wake >= 0 { close(wake) }
            if stop >= 0 { close(stop) }
            throw LinuxDeviceError(path: "eventfd", code: code, description: "cannot create an eventfd: \(LinuxDeviceError.message(code))")
        }
        self.sampler = sampler
        self.wakeFD = wake
        self.stopFD = stop
        self.dataReadyFD = dataReadyFD
        self.clock = clock
    }

    deinit {
        stop()
        close(wakeFD)
        close(stopFD)
    }

    public func start() throws(LinuxDeviceError) {
        guard thread == nil else { return }
        let (handle, result) = PosixThread.start { [self] in body() }
        guard let handle else {
            throw LinuxDeviceError(
                path: "sampler thread", code: result, description: "cannot start the sampler thread: \(LinuxDeviceError.message(result))")
        }
        thread = handle
    }

    /// Stops and joins the thread (returns within one poll of it: it waits on `stopFD` too).
    public func stop() {
        guard let handle = thread else { return }
        var one: UInt64 = 1
        _ = write(stopFD, &one, 8)
        pthread_join(handle, nil)
        thread = nil
    }

    /// Clears the wake-up (the engine is about to take what is waiting).
    public func acknowledgeWake() {
        var count: UInt64 = 0
        _ = read(wakeFD, &count, 8)
    }

    private func body() {
        let timer = dataReadyFD == nil ? timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) : -1
        defer { if timer >= 0 { close(timer) } }
        let trigger = dataReadyFD ?? timer
        let fallbackMilliseconds = Int32(max(100, sampler.schedule.interval.milliseconds * 4))
        var wake = EngineWake(start: clock(), eventsPublished: sampler.counters.eventsPublished)
        var edgeBuffer = [UInt8](repeating: 0, count: GPIOEdgeEvent.byteCount * 16)
        // Bounded by `stop`: every pass sleeps in poll until the next read or the stop request.
        while true {
            if timer >= 0 { arm(timer, at: sampler.nextRead) }
            var fds = [pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0), pollfd(fd: trigger, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, fallbackMilliseconds)
            if ready < 0 && errno != EINTR { return }
            if fds[0].revents != 0 { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                // Timer expirations or data-ready edges: only the wake-up matters.
                _ = edgeBuffer.withUnsafeMutableBytes { read(trigger, $0.baseAddress, $0.count) }
            }
            let now = clock()
            if dataReadyFD != nil {
                sampler.read(at: now)
            } else if !sampler.readIfDue(at: now) {
                continue
            }
            if wake.isDue(after: sampler, at: now) {
                var one: UInt64 = 1
                _ = write(wakeFD, &one, 8)
            }
        }
    }

    private func arm(_ timer: Int32, at deadline: Instant) {
        var timing = itimerspec.absolute(deadline)
        _ = timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &timing, nil)
    }
}
