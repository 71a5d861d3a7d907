import Glibc
import Testing
import UprightCore
import UprightHost
import UprightTestSupport

/// RecordWriter with its journal and output on the DurableWork thread: the same lines in the
/// same order, each on the card before it is output, a bounded queue, SIGHUP's reopen.
@Suite struct DurableWorkTests {
    /// What the output saw, and how many journal lines there were when it saw each event.
    final class Seen: @unchecked Sendable {
        // @unchecked: written by the worker, read by the test after finishDurableWork (joined).
        var kinds: [String] = []
        var journalLinesAtDelivery: [Int] = []
    }

    struct Watching: EventOutput {
        let seen: Seen
        let journal: String
        let pauseMicroseconds: UInt32
        /// The first event's pause, when not `pauseMicroseconds`.
        var firstPauseMicroseconds: UInt32?
        mutating func deliver(_ event: TimedEvent, journalError: FileError?) {
            seen.kinds.append(event.record.name)
            seen.journalLinesAtDelivery.append((try? Journal.lines(at: journal).count) ?? -1)
            let pause = firstPauseMicroseconds ?? pauseMicroseconds
            firstPauseMicroseconds = nil
            if pause > 0 { usleep(pause) }
        }
    }

    /// A writer on `directory`'s journal whose output waits `pause` microseconds an event, its
    /// work moved to the thread (a queue of `capacity`).
    static func writer(
        _ directory: TemporaryDirectory, pause: UInt32 = 0, capacity: Int = DurableWork<Watching>.defaultCapacity
    ) throws -> (RecordWriter<Watching>, Seen, String) {
        let path = directory.path + "/journal.ndjson"
        let seen = Seen()
        var writer = RecordWriter(journal: try Journal(path: path), output: Watching(seen: seen, journal: path, pauseMicroseconds: pause))
        let moved = writer.moveDurableWorkToAThread(capacity: capacity)
        #expect(moved)
        return (writer, seen, path)
    }

    @Test func linesAreJournaledBeforeTheyAreOutputInTheEnginesOrder() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, seen, path) = try Self.writer(directory)
        writer.write(.fault(kind: "sensor", detail: "a"), at: .zero)
        writer.write(.state(from: "idle", to: "previewing"), at: .zero) // not journaled
        writer.write(.shutterRejected(reason: "busy capturing"), at: .zero)
        let waits = writer.finishDurableWork()
        #expect(waits == 0)
        #expect(seen.kinds == ["fault", "state", "shutter-rejected"])
        // Each line is on the card when its event is output (the fault's 1 line by the fault
        // and the state, both by the rejection); a batch may hold them all, so the journal may
        // be ahead of the output (2, 2, 2), never behind it.
        #expect(seen.journalLinesAtDelivery.count == 3)
        #expect(zip(seen.journalLinesAtDelivery, [1, 1, 2]).allSatisfy { $0 >= $1 && $0 <= 2 })
        #expect(
            try Journal.lines(at: path) == [
                #"{"t":0.000000,"event":"fault","kind":"sensor","detail":"a"}"#,
                #"{"t":0.000000,"event":"shutter-rejected","reason":"busy capturing"}"#,
            ])
    }

    /// A full queue refuses at once: the engine's thread holds the rest, in order, hands them
    /// over at its next looks, and the wait is one bound the engine records.
    @Test func aFullQueueHoldsTheRestInOrderAndItsWaitIsABound() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, seen, path) = try Self.writer(directory, pause: 20_000, capacity: 2)
        for shot in 1...8 { writer.write(.captureFailed(shot: shot, reason: "camera"), at: .zero) }
        // Bounded: the held events are all handed over within 10 s (20 ms an event).
        var bound: PortBound?
        for _ in 0..<1_000 where bound == nil {
            usleep(10_000)
            bound = writer.takeBoundReached(at: Instant(nanoseconds: 500_000_000))
        }
        #expect(bound == PortBound(.journalQueue, lost: 0, waited: .milliseconds(500)))
        let again = writer.takeBoundReached(at: Instant(nanoseconds: 600_000_000))
        #expect(again == nil)
        writer.drainDurableWork()
        writer.record(.bound(.journalQueue, lost: 0, waitedMilliseconds: 500), at: Instant(nanoseconds: 500_000_000))
        #expect(writer.finishDurableWork() == 1)
        #expect(seen.kinds == Array(repeating: "capture-failed", count: 8) + ["fault"])
        let lines = try Journal.lines(at: path)
        let shots = lines.dropLast().map { (try? TimedEvent(jsonLine: $0))?.record }
        #expect(shots == (1...8).map { EventRecord.captureFailed(shot: $0, reason: "camera") })
        #expect(
            lines.last
                == #"{"t":0.500000,"event":"fault","kind":"bound","detail":"the journal's queue was full: the firmware waited for the card for 0.5 s","bound":"journal-queue","lost":0,"waited":0.5}"#
        )
    }

    /// Past `maximumHeld` events an event is dropped and counted in the bound's `lost`; what
    /// was kept is journaled in order.
    @Test func pastTheHeldBoundEventsAreLostAndCounted() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        let seen = Seen()
        var writer = RecordWriter(
            journal: try Journal(path: path), output: Watching(seen: seen, journal: path, pauseMicroseconds: 0, firstPauseMicroseconds: 300_000))
        let moved = writer.moveDurableWorkToAThread(capacity: 1)
        #expect(moved)
        let count = DurableWork<Watching>.maximumHeld + 76
        for shot in 1...count { writer.write(.captureFailed(shot: shot, reason: "camera"), at: .zero) }
        var bound: PortBound?
        // Bounded by the wall clock, not a count of looks: each of the 1,026 lines is synced
        // to the card, and under the thread sanitizer on a slow disk the worker took longer
        // than 20,000 looks of 1 ms (CI, stop 48: the bound never came, and the drain wrote it).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(300)
        while bound == nil, clock.now < deadline {
            usleep(1_000)
            bound = writer.takeBoundReached(at: Instant(nanoseconds: 1_000_000_000))
        }
        let reached = try #require(bound, "the held events were not all handed over within 300 s")
        writer.finishDurableWork()
        let lost = Int(reached.lost)
        #expect(lost >= 74 && lost <= 75)
        let lines = try Journal.lines(at: path)
        #expect(lines.count + lost == count)
        let shots = lines.compactMap { (try? TimedEvent(jsonLine: $0))?.record.mediaNumber }
        #expect(shots == (1...lines.count).map { MediaNumber.shot($0) })
    }

    @Test func aQueueNeverFullSaysNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, seen, path) = try Self.writer(directory, capacity: 16)
        for shot in 1...8 { writer.write(.captureFailed(shot: shot, reason: "camera"), at: .zero) }
        #expect(writer.finishDurableWork() == 0)
        #expect(seen.kinds == Array(repeating: "capture-failed", count: 8))
        #expect(try Journal.lines(at: path).count == 8)
    }

    @Test func aRecordAfterTheWorkerEndedIsWrittenInline() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, seen, path) = try Self.writer(directory)
        // The engine's own copy of the writer, as LinuxFirmware holds it.
        var enginesCopy = writer
        enginesCopy.write(.recordFailed(clip: 1, reason: "interrupted"), at: .zero)
        writer.finishDurableWork()
        enginesCopy.write(.recordFailed(clip: 2, reason: "interrupted"), at: .zero)
        #expect(seen.kinds == ["record-failed", "record-failed"])
        #expect(seen.journalLinesAtDelivery == [1, 2])
        #expect(
            try Journal.lines(at: path) == [
                #"{"t":0.000000,"event":"record-failed","clip":1,"reason":"interrupted"}"#,
                #"{"t":0.000000,"event":"record-failed","clip":2,"reason":"interrupted"}"#,
            ])
        #expect(rename(path, path + ".1") == 0)
        #expect(enginesCopy.reopenJournal() == nil)
        enginesCopy.write(.recordFailed(clip: 3, reason: "interrupted"), at: .zero)
        #expect(try Journal.lines(at: path) == [#"{"t":0.000000,"event":"record-failed","clip":3,"reason":"interrupted"}"#])
    }

    @Test func reopenOnTheWorkerStartsANewFileAfterTheLinesBefore() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, _, path) = try Self.writer(directory)
        writer.write(.recovered(kind: "sensor", detail: "b"), at: .zero)
        writer.drainDurableWork()
        #expect(rename(path, path + ".1") == 0)
        let reopened = writer.reopenJournal()
        #expect(reopened == nil)
        writer.write(.recovered(kind: "sensor", detail: "c"), at: .zero)
        writer.finishDurableWork()
        #expect(try Journal.lines(at: path + ".1").count == 1)
        #expect(try Journal.lines(at: path) == [#"{"t":0.000000,"event":"recovered","kind":"sensor","detail":"c"}"#])
    }

    /// A bounded journal rotates where it appends, on the worker's thread; after logrotate moves
    /// the live file away, SIGHUP's reopen begins the new one with a checkpoint, so start-up
    /// never needs logrotate's file. Every record is in the series, in order.
    @Test func aBoundedJournalRotatesOnTheWorkerAndReopensWithACheckpoint() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, path) = try JournalSegmentsTests.boundedJournal(in: directory, segmentBytes: 300)
        let seen = Seen()
        var writer = RecordWriter(journal: journal, output: Watching(seen: seen, journal: path, pauseMicroseconds: 0))
        let moved = writer.moveDurableWorkToAThread()
        #expect(moved)
        for number in 1...8 { writer.write(.fault(kind: "sensor", detail: String(number)), at: .zero) }
        writer.drainDurableWork()
        #expect(rename(path, path + ".1") == 0)
        #expect(writer.reopenJournal() == nil)
        writer.write(.recovered(kind: "sensor", detail: "9"), at: .zero)
        writer.finishDurableWork()
        #expect(JournalSegments.numbers(of: path) == [1])
        #expect(try Journal.lines(at: path + ".000001").count == 6)
        #expect(try Journal.lines(at: path + ".000001").last == Journal.lines(at: path).first)
        #expect(
            try Journal.lines(at: path) == [
                #"{"t":0.000000,"event":"checkpoint","segment":1,"highest":0,"settled":0,"files":[],"open":[],"owed":[],"crc":3776264153}"#,
                #"{"t":0.000000,"event":"recovered","kind":"sensor","detail":"9"}"#,
            ])
        let series = [path + ".000001", path + ".1", path]
        let details = try series.flatMap { try Journal.lines(at: $0) }.filter { !JournalCheckpoint.isCheckpoint($0) }.map {
            try TimedEvent(jsonLine: $0).record
        }
        #expect(details == (1...8).map { EventRecord.fault(kind: "sensor", detail: String($0)) } + [.recovered(kind: "sensor", detail: "9")])
    }

    /// A reopen that fails (the live name cannot be opened: here a folder took it) keeps the
    /// journal it had: the next lines go on to the file logrotate moved, and the next SIGHUP
    /// opens the live file with the bound and a checkpoint. Before, the journal was dropped
    /// (those lines lost to it) and the next reopen made it unbounded, with no checkpoint.
    @Test func aFailedReopenKeepsTheJournalAndItsBound() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, path) = try JournalSegmentsTests.boundedJournal(in: directory, segmentBytes: 300)
        let seen = Seen()
        var writer = RecordWriter(journal: journal, output: Watching(seen: seen, journal: path, pauseMicroseconds: 0))
        let moved = writer.moveDurableWorkToAThread()
        #expect(moved)
        writer.write(.capture(shot: 1, orientation: .normal, stale: false, file: "IMG_0001.jpg"), at: .zero)
        writer.drainDurableWork()
        #expect(rename(path, path + ".1") == 0)
        #expect(mkdir(path, 0o755) == 0)
        let refused = writer.reopenJournal()
        #expect(refused?.description.hasSuffix("Is a directory") == true)
        writer.write(.fault(kind: "sensor", detail: "2"), at: .zero)
        writer.drainDurableWork()
        #expect(rmdir(path) == 0)
        let reopened = writer.reopenJournal()
        #expect(reopened == nil)
        writer.write(.fault(kind: "sensor", detail: "3"), at: .zero)
        writer.finishDurableWork()
        #expect(
            try Journal.lines(at: path + ".1") == [
                #"{"t":0.000000,"event":"capture","orientation":"normal","exif":1,"shot":1,"file":"IMG_0001.jpg"}"#,
                #"{"t":0.000000,"event":"fault","kind":"sensor","detail":"2"}"#,
            ])
        #expect(
            try Journal.lines(at: path) == [
                #"{"t":0.000000,"event":"checkpoint","segment":0,"highest":1,"settled":0,"files":[{"file":"IMG_0001.jpg","shot":1,"exif":1}],"open":[],"owed":[],"crc":3336106479}"#,
                #"{"t":0.000000,"event":"fault","kind":"sensor","detail":"3"}"#,
            ])
    }
}
