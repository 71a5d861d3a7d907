#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// The engine's clock and shutter edges on Linux: CLOCK_MONOTONIC, and one `EventLoop` (poll)
/// over the signalfd, a timerfd armed for the engine's next deadline, the shutter line's edge
/// events (with the kernel's timestamps), the sampler thread's wake-up eventfd and the
/// camera's descriptors. Signals are collected for the firmware to act on after the pass.
///
/// The edges' promise (`edgesKnownThrough`): after every wait the clock is read, then the
/// line's events are read until the kernel has none left, so every edge stamped before that
/// reading is in the buffer, except one whose interrupt's thread has not yet queued it: the
/// kernel stamps an edge in its hard interrupt handler and queues it from the interrupt's
/// thread, so the promise is the reading less `interruptLatency`. A gap in the events'
/// sequence numbers (the kernel's buffer overflowed, dropping the oldest) is counted as lost
/// edges, which the engine journals.
public final class LinuxPorts: FirmwareClock, ShutterEdgeSource {
    /// The longest single wait: bounds the time between two looks at the clock and the
    /// signals even when nothing is due.
    public var maximumWait: TimeSpan = .seconds(1)
    /// The camera's descriptors, asked before every wait (a child spawned in the last step
    /// must be watched in this wait).
    public var cameraDescriptors: () -> [Int32] = { [] }
    /// Called when a descriptor fails (for the log).
    public var note: (String) -> Void = { _ in }
    /// How long after its timestamp an edge may still be on its way into the line's buffer
    /// (the interrupt thread's scheduling delay; see above). The engine judges nothing newer
    /// than this before the last drain.
    public var interruptLatency: TimeSpan = .milliseconds(5)
    /// More deadlines the wait keeps, asked before every wait: the recording light's next
    /// change, a live view's next redraw.
    public var deadlineSources: [() -> Instant?] = []

    private let loop: EventLoop
    private let clock: @Sendable () -> Instant
    private let shutter: (any EdgeSource)?
    private var samplerWake: (fd: Int32, acknowledge: () -> Void)?
    private var input: (fd: Int32, readable: () -> Void)?
    private var events: [EventLoopEvent] = []
    private var gpioEdges: [GPIOEdgeEvent] = []
    private var edges = ShutterEdgeBuffer()
    private var signals: [Int32] = []
    /// The clock just before the line's events were last drained.
    private var drainedAt: Instant
    /// The line failed or hung up: it is read no more.
    private var shutterHungUp = false
    /// Why, until the firmware takes it (`takeShutterLost`).
    private var shutterLost: String?
    /// The last event's line sequence number (0: none yet; the kernel numbers from 1).
    private var lastLineSequence: UInt32 = 0
    /// Why the last wait failed, if it did: the firmware stops on it.
    public private(set) var failure: LinuxDeviceError?

    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (create it before any other
    /// thread, so they inherit the mask) and watches the shutter line.
    public init(shutter: (any EdgeSource)?, clock: @escaping @Sendable () -> Instant) throws(LinuxDeviceError) {
        loop = try EventLoop()
        self.shutter = shutter
        self.clock = clock
        drainedAt = clock()
        if let shutter { try loop.watch(fd: shutter.fd, token: Token.shutter) }
        drainShutter()
    }

    /// Wakes the loop when `fd` is readable; `acknowledge` clears it.
    public func watchSampler(fd: Int32, acknowledge: @escaping () -> Void) throws(LinuxDeviceError) {
        try loop.watch(fd: fd, token: Token.sampler)
        samplerWake = (fd, acknowledge)
    }

    /// Calls `readable` from the wait whenever `fd` has data (a terminal, for a key press).
    public func watchInput(fd: Int32, readable: @escaping () -> Void) throws(LinuxDeviceError) {
        try loop.watch(fd: fd, token: Token.input)
        input = (fd, readable)
    }

    /// The signals that arrived since the last call, oldest first.
    public func takeSignals() -> [Int32] {
        defer { signals.removeAll() }
        return signals
    }

    public var now: Instant { clock() }

    public func nextEdge() -> ShutterEdge? { edges.nextEdge() }

    public var edgesKnownThrough: Instant { shutter == nil ? clock() : drainedAt - interruptLatency }

    public func takeEdgesLost() -> UInt32 { edges.takeEdgesLost() }

    /// Why the shutter line was lost (its descriptor hung up or failed to read: the chip was
    /// removed), once; nil while it answers. The firmware journals it and stops: a camera that
    /// never hears a press again must not look healthy.
    public func takeShutterLost() -> String? {
        defer { shutterLost = nil }
        return shutterLost
    }

    public func wait(until deadline: Instant?) {
        loop.unwatch(token: Token.camera)
        for fd in cameraDescriptors() {
            do throws(LinuxDeviceError) {
                try loop.watch(fd: fd, token: Token.camera)
            } catch {
                note("event loop: \(error.description)")
            }
        }
        var earliest = clock() + maximumWait
        // A deadline is met once the edges before it are known: `interruptLatency` later.
        if let deadline { earliest = min(earliest, deadline + (shutter == nil ? .zero : interruptLatency)) }
        for source in deadlineSources {
            if let other = source() { earliest = min(earliest, other) }
        }
        loop.armTimer(at: earliest)
        events.removeAll(keepingCapacity: true)
        do throws(LinuxDeviceError) {
            _ = try loop.wait(timeoutMilliseconds: -1, into: &events)
        } catch {
            failure = error
            return
        }
        // Whatever woke the wait, the line is drained: the edges' promise holds for now.
        drainShutter()
        for event in events {
            switch event {
            case .signal(let number): signals.append(number)
            case .timer: break
            case .readable(Token.shutter): break // drained above
            case .readable(Token.sampler): samplerWake?.acknowledge()
            case .readable(Token.input): input?.readable()
            case .readable: break // a camera child ended or wrote: the step collects it
            case .hangUp(let token):
                loop.unwatch(token: token)
                if token == Token.shutter, !shutterHungUp {
                    shutterHungUp = true
                    shutterLost = "the shutter line's descriptor hung up"
                }
                if token == Token.input { input = nil }
            }
        }
    }

    /// Reads the line's events until the kernel has none left: bounded by the kernel's buffer
    /// (at most 1024 events, a read takes up to 64) and one more read that finds it empty.
    private func drainShutter() {
        drainedAt = clock()
        guard let shutter, !shutterHungUp else { return }
        let reads = Int(GPIOLineConfiguration.maximumEventBufferSize) / GPIOLine.maximumEventsPerRead + 2
        for _ in 0..<reads {
            gpioEdges.removeAll(keepingCapacity: true)
            let count: Int
            do throws(LinuxDeviceError) {
                count = try shutter.readEvents(into: &gpioEdges)
            } catch {
                loop.unwatch(token: Token.shutter)
                shutterHungUp = true
                shutterLost = "the shutter line failed: " + error.description
                return
            }
            for edge in gpioEdges {
                if lastLineSequence != 0, edge.lineSequence &- lastLineSequence > 1 {
                    edges.countLost(edge.lineSequence &- lastLineSequence &- 1)
                }
                lastLineSequence = edge.lineSequence
                // Kernel timestamps are CLOCK_MONOTONIC, our clock. The line is requested
                // active-low, so a rising (active) edge is a press.
                edges.append(ShutterEdge(time: edge.time, down: edge.edge == .rising))
            }
            if count < GPIOLine.maximumEventsPerRead { return }
        }
    }

    /// Event loop tokens of the firmware's descriptors.
    enum Token {
        static let shutter = 1
        static let sampler = 3
        static let camera = 4
        static let input = 5
    }
}
