import UprightCore

/// The records port on a hosted OS, the same for every command: each `MachineRecord` the
/// engine writes becomes its contract event (`EventLog`: clip durations, file names), goes to
/// the journal when it is a kind the journal keeps (`journals`), then to `output`.
///
/// The journal keeps what a user must be able to trust after a power loss: captures and their
/// failures, clips, rejections, faults and recoveries; orientation and state changes are only
/// in the event stream (they would make every fsync'd line a dozen).
public struct RecordWriter<Output: EventOutput>: RecordSink {
    /// Where the events go after the journal: the worker's once it has one (read it on a
    /// thread only after `drainDurableWork` or `finishDurableWork`; a modelled worker, the
    /// simulator's, runs on the caller's thread).
    public var output: Output {
        _read {
            if let durable { yield durable.output } else { yield inlineOutput }
        }
        _modify {
            if let durable { yield &durable.output } else { yield &inlineOutput }
        }
    }
    private var inlineOutput: Output
    public private(set) var journal: Journal?
    public let journalPath: String?
    /// Time zero of the journal's `t` fields (the monotonic clock at start on a board).
    public let origin: Instant
    /// Sees every record first, as the engine wrote it (the recording light watches these).
    public var observer: ((MachineRecord, Instant) -> Void)?
    private var log: EventLog
    /// The journal and the output on a thread of their own (`moveDurableWorkToAThread`).
    private var durable: DurableWork<Output>?

    /// `journal` nil writes none; `fileName` names the file the camera wrote for a record.
    public init(journal: Journal?, origin: Instant = .zero, fileName: @escaping (MachineRecord) -> String? = { _ in nil }, output: Output) {
        self.journal = journal
        self.journalPath = journal?.path
        self.origin = origin
        self.log = EventLog(fileName: fileName)
        self.inlineOutput = output
    }

    /// Whether the journal keeps `record`.
    public static func journals(_ record: EventRecord) -> Bool {
        switch record {
        case .orientation, .state: false
        case .capture, .captureFailed, .recordStart, .recordStop, .recordFailed, .shutterRejected, .fault, .recovered, .bound,
            .rotationOwed, .rotationWritten, .fileRecovered, .fileMissing:
            true
        }
    }

    public mutating func record(_ record: MachineRecord, at time: Instant) {
        observer?(record, time)
        log.record(record, at: time)
        for event in log.events { deliver(event) }
        log.removeAll()
    }

    /// Journals and outputs a record the host writes itself (start-up reconciliation's), not
    /// one of the machine's.
    public mutating func write(_ record: EventRecord, at time: Instant) {
        deliver(TimedEvent(time: time, record: record))
    }

    /// From now on the journal's appends and the output run on a worker thread, in order
    /// (`DurableWork`), so that the caller never waits for the card unless `capacity` events
    /// are waiting already. False when no thread could be made: writing stays inline. Call
    /// `finishDurableWork()` before the process exits.
    public mutating func moveDurableWorkToAThread(capacity: Int = DurableWork<Output>.defaultCapacity) -> Bool {
        guard durable == nil else { return true }
        return moveDurableWork(to: DurableWork(journal: journal, output: inlineOutput, origin: origin, capacity: capacity))
    }

    /// The same on the queue `makeQueue` makes: the simulator's model of the thread over its
    /// card, in virtual time (it always starts).
    public mutating func moveDurableWork(capacity: Int, to makeQueue: DurableWork<Output>.QueueMaker) -> Bool {
        guard durable == nil else { return true }
        return moveDurableWork(
            to: DurableWork(journal: journal, output: inlineOutput, origin: origin, capacity: capacity, makeQueue: makeQueue))
    }

    private mutating func moveDurableWork(to work: DurableWork<Output>) -> Bool {
        guard work.start() else { return false }
        durable = work
        journal = nil
        return true
    }

    /// The time of the oldest record handed to the worker and not yet output (nil when all
    /// are, or there is no worker): the output is complete up to just before it.
    public var oldestRecordPending: Instant? { durable?.oldestPending }

    /// Waits until every record is journaled and output, and ends the worker (a no-op inline);
    /// records written after it (by this writer or a copy of it) are written inline. The times
    /// the engine waited for room, 0 inline.
    @discardableResult
    public mutating func finishDurableWork() -> Int {
        guard let durable else { return 0 }
        durable.drain()
        durable.finish()
        return durable.waitsForRoom
    }

    /// Waits until every record so far is journaled and output.
    public func drainDurableWork() { durable?.drain() }

    /// True while the journal's worker has lines not yet written (`FirmwarePhase`: a shutdown
    /// waits for them); never inline.
    public var isFinishingRecords: Bool { durable?.isFinishing ?? false }

    /// When the journal's worker ends its batch in hand, on a modelled card; nil on a thread.
    public var recordsDeadline: Instant? { durable?.nextJobEnd }

    /// The journal's worker's held records offered again, and the bound its queue reached
    /// (`journal-queue`, with the wait), for the engine to record (every step).
    public mutating func takeBoundReached(at now: Instant) -> PortBound? {
        guard let durable else { return nil }
        durable.offerHeld(at: now)
        return durable.takeBoundReached()
    }

    private mutating func deliver(_ event: TimedEvent) {
        if let durable {
            durable.enqueue(event, journals: journalPath != nil && Self.journals(event.record))
            return
        }
        Self.deliver(event, journals: Self.journals(event.record), to: journal, origin: origin, output: &inlineOutput)
    }

    /// One event as it is written, here or on `DurableWork`'s thread: its line appended (and
    /// synced) when `journals` and there is a journal, then the event to `output` with the
    /// append's error, if any.
    static func deliver(_ event: TimedEvent, journals: Bool, to journal: Journal?, origin: Instant, output: inout Output) {
        var failure: FileError?
        if journals, let journal {
            do throws(FileError) {
                try journal.append(event, origin: origin)
            } catch {
                failure = error
            }
        }
        output.deliver(event, journalError: failure)
    }

    /// Closes and opens the journal again (SIGHUP: logrotate moved the file away); the error
    /// when it cannot be opened (records then go on to the file it had open, and the next
    /// SIGHUP tries again).
    public mutating func reopenJournal() -> FileError? {
        guard let journalPath else { return nil }
        if let durable { return durable.reopenJournal() }
        return Self.reopen(&journal, at: journalPath)
    }

    /// `journal` closed and opened again at `path` (the error when it cannot be). A journal
    /// that cannot be opened again is kept as it was, its bound and facts with it: its lines
    /// go on to the file logrotate moved, nothing lost, and the next try rotates as before (a
    /// journal dropped here came back at the next SIGHUP unbounded, with no checkpoint).
    static func reopen(_ journal: inout Journal?, at path: String) -> FileError? {
        do throws(FileError) {
            // The same bound and facts (a segmented journal's next checkpoint needs them).
            if let old = journal {
                journal = try old.reopened()
            } else {
                journal = try Journal(path: path)
            }
            return nil
        } catch {
            return error
        }
    }
}
