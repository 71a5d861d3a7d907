#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// The journal's appends (each one `write` and `fsync`) and the event stream's lines after them,
/// on a thread of their own, in order, so that a slow card never stalls the engine's step: on a
/// card that holds each flush 300 ms, a fault line's fsync kept the loop from the chip long
/// enough for its FIFO to overflow, which gave another fault line, and the firmware never got to
/// its first orientation (`make powercut-test`, the slow card).
///
/// The engine enqueues each event (`RecordWriter.deliver`); the worker journals it when the
/// journal keeps it, then hands it to the output: a line is still printed only once it is on the
/// card, and the stream keeps the engine's order (its `t` never goes back).
///
/// The queue holds at most `capacity` events. A full queue makes the engine wait for room (the
/// card is then slower than the records come: nothing is dropped, the journal is the camera's
/// word), counted in `waitsForRoom`; the first time in a run it is full, a `bound` fault
/// `journal-queue` (lost 0) is queued before the event that found it full, so the journal
/// says so (docs/events.md). A slow card reaches this bound, not only a defect, so it records
/// and does not assert (as the chip's FIFO).
///
/// After `finish` (the worker joined) the caller's later events and reopens are carried out on
/// the caller's thread, inline, as `RecordWriter` without a worker does: the engine's copy of
/// the writer may still write one (a clip stopped as the firmware ends).
public final class DurableWork<Output: EventOutput>: @unchecked Sendable {
    // @unchecked: every `var` below is touched only with `monitor` held, except `journal` and
    // `output`, which belong to the worker while it runs and to the caller once `finish` has
    // joined it (pthread_join orders the two).
    private let monitor = ThreadMonitor()
    private var items: [Item] = []
    private var stopping = false
    /// Set once the worker has been joined: from then on the caller does the work inline.
    private var joined = false
    private var reopenResult: FileError??
    private var thread: pthread_t?
    private var journal: Journal?
    private var output: Output
    private let journalPath: String?
    private let origin: Instant
    /// Events the worker has not yet handed to the output (queued or being written).
    private var pending = 0
    private var waits = 0
    private var boundRecorded = false

    public let capacity: Int

    /// The most events held: 256 lines, about a minute of a busy camera's records.
    public static var defaultCapacity: Int { 256 }
    /// The `bound` value of the fault line a full queue gives (docs/events.md).
    public static var boundName: String { BoundKind.journalQueue.text }

    private enum Item {
        case event(TimedEvent, journals: Bool)
        case reopen
    }

    init(journal: Journal?, output: Output, origin: Instant, capacity: Int = DurableWork.defaultCapacity) {
        self.journal = journal
        self.journalPath = journal?.path
        self.output = output
        self.origin = origin
        self.capacity = max(1, capacity)
    }

    deinit {
        // The worker holds the object until it ends, so here it has ended or never started.
        finish()
    }

    /// How often the engine found the queue full and waited for the card.
    public var waitsForRoom: Int {
        monitor.lock()
        defer { monitor.unlock() }
        return waits
    }

    /// Starts the worker; false when the thread could not be made (the caller then writes inline).
    func start() -> Bool {
        // The body holds the work until the thread ends.
        let context = Unmanaged.passRetained(DurableWorkBody { self.run() }).toOpaque()
        var handle = pthread_t()
        // Every signal blocked on the worker (it inherits the mask it is created with): the
        // firmware takes SIGTERM, SIGINT and SIGHUP through a signalfd on its loop, and a
        // process-directed signal goes to any thread that does not block it.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let status = pthread_create(&handle, nil, durableWorkThread, context)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard status == 0 else {
            Unmanaged<DurableWorkBody>.fromOpaque(context).release()
            return false
        }
        monitor.lock()
        thread = handle
        monitor.unlock()
        return true
    }

    /// Queues `event` (waits while the queue is full); after `finish`, writes it at once.
    func enqueue(_ event: TimedEvent, journals: Bool) {
        monitor.lock()
        if joined {
            monitor.unlock()
            write(event, journals: journals)
            return
        }
        var waited = false
        // Bounded by the worker, which takes one item per pass while it runs and runs until
        // `finish` has taken every item.
        while items.count >= capacity && !stopping {
            if !waited { waits += 1 }
            waited = true
            monitor.wait()
        }
        if waited && !boundRecorded {
            boundRecorded = true
            items.append(.event(TimedEvent(time: event.time, record: .bound(bound: Self.boundName, lost: 0)), journals: journalPath != nil))
            pending += 1
        }
        items.append(.event(event, journals: journals))
        pending += 1
        monitor.broadcast()
        monitor.unlock()
    }

    /// Closes and opens the journal again on the worker, after the events before it; waits for
    /// the result (SIGHUP: rare, and logrotate waits for it too). After `finish`, at once.
    func reopenJournal() -> FileError? {
        monitor.lock()
        if joined {
            monitor.unlock()
            return reopen()
        }
        defer { monitor.unlock() }
        reopenResult = nil
        items.append(.reopen)
        monitor.broadcast()
        // Bounded by the worker, which answers once it reaches the item (it takes every item
        // before it ends).
        while reopenResult == nil { monitor.wait() }
        return reopenResult ?? nil
    }

    /// Waits until every queued event is journaled and output (bounded by the card).
    func drain() {
        monitor.lock()
        while pending > 0 && !joined { monitor.wait() }
        monitor.unlock()
    }

    /// Drains the queue and ends the worker; later events are written inline. Idempotent.
    func finish() {
        monitor.lock()
        stopping = true
        monitor.broadcast()
        let running = thread
        thread = nil
        monitor.unlock()
        if let running { pthread_join(running, nil) }
        monitor.lock()
        joined = true
        monitor.broadcast()
        monitor.unlock()
    }

    /// The worker: one item at a time, in order, until `finish` and an empty queue.
    private func run() {
        // Bounded by `finish`: the loop ends once stopping is set and the queue is empty.
        while true {
            monitor.lock()
            while items.isEmpty && !stopping { monitor.wait() }
            guard !items.isEmpty else {
                monitor.unlock()
                return
            }
            let item = items.removeFirst()
            monitor.broadcast()
            monitor.unlock()
            switch item {
            case .event(let event, let journals):
                write(event, journals: journals)
                monitor.lock()
                pending -= 1
                monitor.broadcast()
                monitor.unlock()
            case .reopen:
                let result = reopen()
                monitor.lock()
                reopenResult = .some(result)
                monitor.broadcast()
                monitor.unlock()
            }
        }
    }

    private func write(_ event: TimedEvent, journals: Bool) {
        RecordWriter<Output>.deliver(event, journals: journals, to: journal, origin: origin, output: &output)
    }

    private func reopen() -> FileError? {
        guard let journalPath else { return nil }
        return RecordWriter<Output>.reopen(&journal, at: journalPath)
    }
}

/// What a `DurableWork` thread runs (a C thread's entry cannot name a generic type).
private final class DurableWorkBody: @unchecked Sendable {
    // @unchecked: created before the thread and only called on it.
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

private func durableWorkThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    // pthread_create passes the context it was given, never nil.
    guard let context else { return nil }
    Unmanaged<DurableWorkBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
