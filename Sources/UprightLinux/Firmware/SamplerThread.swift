#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Synchronization
import UprightCore

/// Reads the accelerometer on its own thread (see `SamplerPlacement`): a timerfd (or the
/// data-ready line) paces `SensorSampler.read`, samples go into a `SampleRing`, and the event
/// loop is woken through `wakeFD` (an eventfd) once per drain interval or when the sensor's
/// health changes. The thread owns the sensor and the bus while it runs; the loop owns the
/// ring's consumer end.
public final class SamplerThread<Sensor: Accelerometer>: @unchecked Sendable {
    /// Readable when samples or health changes are waiting.
    public let wakeFD: Int32
    public private(set) var consumer: SampleRing<Sample>.Consumer

    private var sampler: SensorSampler<Sensor>
    private var producer: SampleRing<Sample>.Producer?
    private let stopFD: Int32
    private let period: TimeSpan
    private let dataReadyFD: Int32?
    private let clock: @Sendable () -> Instant
    private let changes = Mutex<[SensorSampler<Sensor>.Change]>([])
    private var thread: pthread_t?

    /// Health changes kept for the loop at most (older ones are dropped: the newest matters).
    public static var maximumPendingChanges: Int { 16 }

    public init(sampler: SensorSampler<Sensor>, period: TimeSpan, dataReadyFD: Int32?, ringCapacity: Int, clock: @escaping @Sendable () -> Instant) throws(LinuxDeviceError) {
        let endpoints = SampleRing<Sample>.make(minimumCapacity: ringCapacity, overrun: .overwriteOldest)
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        let stop = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0, stop >= 0 else {
            let code = errno
            if wake >= 0 { close(wake) }
            if stop >= 0 { close(stop) }
            throw LinuxDeviceError(path: "eventfd", code: code, description: "cannot create an eventfd: \(LinuxDeviceError.message(code))")
        }
        self.sampler = sampler
        let producer = endpoints.producer
        self.consumer = endpoints.consumer
        self.producer = .some(producer)
        self.wakeFD = wake
        self.stopFD = stop
        self.period = period
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
            throw LinuxDeviceError(path: "sampler thread", code: result, description: "cannot start the sampler thread: \(LinuxDeviceError.message(result))")
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

    /// Health changes since the last call, oldest first; also clears the wake-up.
    public func takeChanges() -> [SensorSampler<Sensor>.Change] {
        var count: UInt64 = 0
        _ = read(wakeFD, &count, 8)
        return changes.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Appends up to `max` queued samples to `batch`, oldest first; returns how many.
    public func appendSamples(to batch: inout [Sample], max: Int) -> Int {
        consumer.popBatch(into: &batch, max: max)
    }

    private func body() {
        guard var producer = self.producer.take() else { return }
        let timer = dataReadyFD == nil ? timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) : -1
        defer { if timer >= 0 { close(timer) } }
        if timer >= 0 {
            let spec = timespec(tv_sec: Int(period.nanoseconds / 1_000_000_000), tv_nsec: Int(period.nanoseconds % 1_000_000_000))
            var timing = itimerspec(it_interval: spec, it_value: spec)
            _ = timerfd_settime(timer, 0, &timing, nil)
        }
        let trigger = dataReadyFD ?? timer
        // With a data-ready line, also read every 4 periods (at least every 100 ms) in case an
        // edge was missed while the chip still holds its interrupt.
        let fallbackMilliseconds = Int32(max(100, period.milliseconds * 4))
        var lastWake = clock()
        var edgeBuffer = [UInt8](repeating: 0, count: GPIOEdgeEvent.byteCount * 16)
        while true {
            var fds = [pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0), pollfd(fd: trigger, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, dataReadyFD == nil ? -1 : fallbackMilliseconds)
            if ready < 0 && errno != EINTR { return }
            if fds[0].revents != 0 { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                // Timer expirations or data-ready edges: only the wake-up matters.
                _ = edgeBuffer.withUnsafeMutableBytes { read(trigger, $0.baseAddress, $0.count) }
            }
            let now = clock()
            let change = sampler.read(now: now) { sample in _ = producer.push(sample) }
            if let change {
                changes.withLock { pending in
                    if pending.count >= Self.maximumPendingChanges { pending.removeFirst() }
                    pending.append(change)
                }
            }
            if change != nil || now - lastWake >= SamplerPlacement.drainInterval || producer.count >= producer.capacity / 2 {
                lastWake = now
                var one: UInt64 = 1
                _ = write(wakeFD, &one, 8)
            }
        }
    }
}
