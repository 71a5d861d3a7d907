#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// The journal's appends (each one `write` and `fsync`) and the event stream's lines after them,
/// on a thread of their own (`WorkerThread`, the camera's files worker's too), in order, so that
/// a slow card never stalls the engine's step: on a card that holds each flush 300 ms, a fault
/// line's fsync kept the loop from the chip long enough for its FIFO to overflow, which gave
/// another fault line, and the firmware never got to its first orientation (`make
/// powercut-test`, the slow card).
///
/// The engine hands over each event (`RecordWriter.deliver`); the worker journals it when the
/// journal keeps it, then hands it to the output: a line is still printed only once it is on the
/// card, and the stream keeps the engine's order (its `t` never goes back).
///
/// The workers' contract (`WorkSubmission`): the engine's thread never waits for the card. At
/// most `capacity` events wait on the thread; one refused is held here, with every event after
/// it, in order (at most `maximumHeld`), and offered again at the engine's next look
/// (`offerHeld`, from `RecordWriter.takeBoundReached`, every step). Once the held events are all
/// taken, how long the oldest waited is a `bound` `journal-queue` (`takeBoundReached`), which the
/// engine records as its other bounds (docs/events.md). Past `maximumHeld` an event is dropped
/// and counted in that bound's `lost`: the stream and the journal miss it (a card stalled for
/// minutes; the camera goes on).
///
/// After `finish` (the worker joined) the caller's later events and reopens are carried out on
/// the caller's thread, inline, as `RecordWriter` without a worker does: the engine's copy of
/// the writer may still write one (a clip stopped as the firmware ends).
///
/// The queue is a `WorkQueue`: a Pi's thread (`WorkerThread`), or the simulator's model of it
/// in virtual time over its card, so the holding, the bound and the lost count above are this
/// one implementation on both paths.
public final class DurableWork<Output: EventOutput>: @unchecked Sendable {
    // @unchecked: `journal` and `output` belong to the worker's thread while it runs jobs and to
    // the caller when none runs (after `drain` or `finish`, which order the two through the
    // worker's lock; a modelled worker runs its jobs on the caller's thread); `held`,
    // `heldSince`, `lost`, `bound` and `waits` are the caller's only.
    private var worker: (any WorkQueue<Item>)!
    private var journal: Journal?
    /// Where the events go after the journal. Touch it only when no job runs (the worker
    /// drained or finished, or a modelled worker, which runs on the caller's thread).
    var output: Output
    private let journalPath: String?
    private let origin: Instant
    private var held: [Item] = []
    private var heldSince: Instant?
    private var lost: UInt32 = 0
    private var bound: PortBound?
    private var waits = 0
    /// The newest event's time handed over: the journal's times never go back.
    private var newest = Instant.distantPast

    public var capacity: Int { worker.capacity }

    /// The most events waiting on the thread: 256 lines, about a minute of a busy camera's records.
    public static var defaultCapacity: Int { 256 }
    /// The most events held while the thread's queue is full: four times as many again.
    public static var maximumHeld: Int { 1024 }
    /// The `bound` value of the fault line a full queue gives (docs/events.md).
    public static var boundName: String { BoundKind.journalQueue.text }

    /// One event as the worker takes it: `journals` when its line goes to the journal (the
    /// others cost the card nothing: they only go to the output, after those before them).
    public struct Item {
        public var event: TimedEvent
        public var journals: Bool
    }

    /// Makes the worker's queue for a capacity and the body that does each batch of events
    /// (every one waiting when the worker is free, in order).
    public typealias QueueMaker = (_ capacity: Int, _ body: @escaping ([Item]) -> Void) -> any WorkQueue<Item>

    /// On a thread of its own (`WorkerThread`).
    convenience init(journal: Journal?, output: Output, origin: Instant, capacity: Int = DurableWork.defaultCapacity) {
        self.init(journal: journal, output: output, origin: origin, capacity: capacity) { capacity, body in
            WorkerThread(capacity: capacity, batchBody: body)
        }
    }

    /// On the queue `makeQueue` makes (a modelled one, in the simulator).
    init(journal: Journal?, output: Output, origin: Instant, capacity: Int, makeQueue: QueueMaker) {
        self.journal = journal
        self.journalPath = journal?.path
        self.output = output
        self.origin = origin
        // The body holds this object until `finish` has ended the worker (then the worker drops
        // it): the owner finishes it, as `RecordWriter.finishDurableWork` does.
        worker = makeQueue(capacity) { [self] items in write(items) }
    }

    deinit {
        // Here the worker has ended (its body held this object until then) or never started.
        worker.finish()
    }

    /// How many times events were held because the thread's queue was full.
    public var waitsForRoom: Int { waits }

    /// Starts the worker; false when the thread could not be made (the caller then writes inline).
    func start() -> Bool { worker.start() == 0 }

    /// The time of the oldest event handed over and not yet output (waiting on the worker, or
    /// held), nil when every one is out: what a reader of the output has seen is complete up
    /// to just before it.
    var oldestPending: Instant? { worker.oldestJob?.event.time ?? held.first?.event.time }

    /// True while lines handed over or held are not yet journaled and output: the engine's
    /// shutdown waits for them (`RecordSink.isFinishingRecords`). As of the worker's last look
    /// (`offerHeld`, the engine's every step): a read has no side effect.
    var isFinishing: Bool {
        guard worker.isRunning else { return false }
        return !held.isEmpty || worker.oldestJob != nil
    }

    /// When the worker's job in hand ends, if it knows (`WorkQueue.nextJobEnd`).
    var nextJobEnd: Instant? { worker.nextJobEnd }

    /// Hands `event` to the thread, or holds it (with those before it) while the queue is full;
    /// after `finish`, writes it at once.
    func enqueue(_ event: TimedEvent, journals: Bool) {
        guard worker.isRunning else {
            write(event, journals: journals)
            return
        }
        newest = max(newest, event.time)
        let item = Item(event: event, journals: journals)
        if held.isEmpty, worker.offer(item) == .accepted { return }
        // The bound's own line, refused, waits with the others but starts no wait of its own:
        // the queue is full whenever the last held line has just been taken, so its line would
        // be refused each time and give another bound, one a flush for as long as the card is
        // slow (found by the simulated worker: a 2 s card, SimulatedJournalQueueTests).
        if heldSince == nil && !Self.isBoundLine(event) {
            heldSince = event.time
            waits += 1
        }
        guard held.count < Self.maximumHeld else {
            lost &+= 1
            return
        }
        held.append(item)
    }

    /// Offers the held events again, oldest first, until one is refused; once all are taken,
    /// the wait is the bound `takeBoundReached` gives.
    func offerHeld(at now: Instant) {
        worker.poll()
        // Bounded by `maximumHeld`.
        while let first = held.first, worker.offer(first) == .accepted { held.removeFirst() }
        guard held.isEmpty, let since = heldSince else { return }
        heldSince = nil
        bound = PortBound(.journalQueue, lost: lost, waited: max(.zero, now - since))
        lost = 0
    }

    /// Whether `event` is the line of this worker's own bound.
    private static func isBoundLine(_ event: TimedEvent) -> Bool {
        if case .bound(let name, _, _) = event.record { return name == boundName }
        return false
    }

    /// The bound reached since the last call (see above).
    func takeBoundReached() -> PortBound? {
        defer { bound = nil }
        return bound
    }

    /// Closes and opens the journal again after every event before it (SIGHUP: rare, and
    /// logrotate waits for it too): waits for the thread to write them (bounded by the card).
    func reopenJournal() -> FileError? {
        drain()
        return reopen()
    }

    /// Waits until every event handed over or held is journaled and output (bounded by the card).
    func drain() {
        // Bounded by `maximumHeld`: each turn hands over at least one held event.
        while !held.isEmpty {
            guard worker.waitForRoom() else { break }
            if worker.offer(held[0]) == .accepted { held.removeFirst() }
        }
        worker.drain()
        // A thread that has ended leaves what it never took to the caller.
        for item in held { write(item.event, journals: item.journals) }
        held.removeAll()
        if let since = heldSince, lost > 0 {
            // Nobody will ask for the bound any more: it is written here, with the count (its
            // wait not measured), at the newest event's time (at the first hold's, it went back
            // in time after the lines held since: found by the simulated worker, swarm seed 106).
            let record = EventRecord.bound(bound: Self.boundName, lost: Int(lost))
            write(TimedEvent(time: max(since, newest), record: record), journals: journalPath != nil)
        }
        heldSince = nil
        lost = 0
    }

    /// Drains, then ends the worker; later events are written inline. Idempotent.
    func finish() {
        drain()
        worker.finish()
    }

    private func write(_ event: TimedEvent, journals: Bool) {
        RecordWriter<Output>.deliver(event, journals: journals, to: journal, origin: origin, output: &output)
    }

    /// A batch: the lines the journal keeps appended with one `fsync` (the lines that piled up
    /// while the card was busy share it: a card of 2 s a flush writes a burst of fault lines in
    /// 2 s, not 2 s each), then every event output in order, each with the append's error when
    /// it has a line.
    private func write(_ items: [Item]) {
        var failure: FileError?
        let lines = items.filter(\.journals).map(\.event)
        if let journal, !lines.isEmpty {
            do throws(FileError) {
                try journal.append(contentsOf: lines, origin: origin)
            } catch {
                failure = error
            }
        }
        for item in items { output.deliver(item.event, journalError: item.journals ? failure : nil) }
    }

    private func reopen() -> FileError? {
        guard let journalPath else { return nil }
        return RecordWriter<Output>.reopen(&journal, at: journalPath)
    }
}
