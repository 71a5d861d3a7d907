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
/// card, and the stream keeps the engine's order (its `t` never goes back). The queue holds at
/// most `capacity` events; a full queue makes the engine wait for room (the card is then slower
/// than the records come), counted in `waitsForRoom` and said by `upright run` at exit.
public final class DurableWork<Output: EventOutput>: @unchecked Sendable {
    // @unchecked: every field below the lock is touched only with `mutex` held; `journal` and
    // `output` only by the worker once it runs (and by `finish`'s caller after it has joined).
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var items: [Item] = []
    private var stopping = false
    private var reopenResult: FileError??
    private var thread: pthread_t?
    private var journal: Journal?
    private var output: Output
    private let journalPath: String?
    private let origin: Instant
    /// Events the worker has not yet handed to the output (queued or being written).
    private var pending = 0

    public let capacity: Int
    /// How often the engine found the queue full and waited for the card.
    public private(set) var waitsForRoom = 0

    /// The most events held: 256 lines, about a minute of a busy camera's records.
    public static var defaultCapacity: Int { 256 }

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
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        finish()
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
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
        thread = handle
        return true
    }

    /// Queues `event` (waits while the queue is full).
    func enqueue(_ event: TimedEvent, journals: Bool) {
        pthread_mutex_lock(&mutex)
        var waited = false
        // Bounded by the worker, which takes one item per pass while it runs.
        while items.count >= capacity && !stopping {
            if !waited { waitsForRoom += 1 }
            waited = true
            pthread_cond_wait(&changed, &mutex)
        }
        items.append(.event(event, journals: journals))
        pending += 1
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    /// Closes and opens the journal again on the worker, after the events before it; waits for
    /// the result (SIGHUP: rare, and logrotate waits for it too).
    func reopenJournal() -> FileError? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard !stopping else { return nil }
        reopenResult = nil
        items.append(.reopen)
        pthread_cond_broadcast(&changed)
        // Bounded by the worker, which answers once it reaches the item.
        while reopenResult == nil { pthread_cond_wait(&changed, &mutex) }
        return reopenResult ?? nil
    }

    /// Waits until every queued event is journaled and output (bounded by the card).
    func drain() {
        pthread_mutex_lock(&mutex)
        while pending > 0 && thread != nil { pthread_cond_wait(&changed, &mutex) }
        pthread_mutex_unlock(&mutex)
    }

    /// Drains the queue and ends the worker. Idempotent.
    func finish() {
        pthread_mutex_lock(&mutex)
        stopping = true
        pthread_cond_broadcast(&changed)
        let running = thread
        thread = nil
        pthread_mutex_unlock(&mutex)
        if let running { pthread_join(running, nil) }
    }

    private func run() {
        // Bounded by `finish`: the loop ends once stopping is set and the queue is empty.
        while true {
            pthread_mutex_lock(&mutex)
            while items.isEmpty && !stopping { pthread_cond_wait(&changed, &mutex) }
            guard !items.isEmpty else {
                pthread_mutex_unlock(&mutex)
                return
            }
            let item = items.removeFirst()
            pthread_cond_broadcast(&changed)
            pthread_mutex_unlock(&mutex)
            switch item {
            case .event(let event, let journals):
                var failure: FileError?
                if journals, let journal {
                    do throws(FileError) {
                        try journal.append(event.jsonLine(origin: origin))
                    } catch {
                        failure = error
                    }
                }
                output.deliver(event, journalError: failure)
                pthread_mutex_lock(&mutex)
                pending -= 1
                pthread_cond_broadcast(&changed)
                pthread_mutex_unlock(&mutex)
            case .reopen:
                var result: FileError?
                if let journalPath {
                    journal = nil
                    do throws(FileError) {
                        journal = try Journal(path: journalPath)
                    } catch {
                        result = error
                    }
                }
                pthread_mutex_lock(&mutex)
                reopenResult = .some(result)
                pthread_cond_broadcast(&changed)
                pthread_mutex_unlock(&mutex)
            }
        }
    }
}

/// What a `DurableWork` thread runs (a C thread's entry cannot name a generic type).
private final class DurableWorkBody: @unchecked Sendable {
    // @unchecked: created before the thread and only called on it.
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

private func durableWorkThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<DurableWorkBody>.fromOpaque(context!).takeRetainedValue().body()
    return nil
}
