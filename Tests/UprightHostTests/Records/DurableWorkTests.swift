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
        mutating func deliver(_ event: TimedEvent, journalError: FileError?) {
            seen.kinds.append(event.record.name)
            seen.journalLinesAtDelivery.append((try? Journal.lines(at: journal).count) ?? -1)
            if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
        }
    }

    /// A writer on `directory`'s journal whose output waits `pause` microseconds an event.
    static func writer(_ directory: TemporaryDirectory, pause: UInt32 = 0) throws -> (RecordWriter<Watching>, Seen, String) {
        let path = directory.path + "/journal.ndjson"
        let seen = Seen()
        let writer = RecordWriter(journal: try Journal(path: path), output: Watching(seen: seen, journal: path, pauseMicroseconds: pause))
        return (writer, seen, path)
    }

    @Test func linesAreJournaledBeforeTheyAreOutputInTheEnginesOrder() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, seen, path) = try Self.writer(directory)
        let moved = writer.moveDurableWorkToAThread()
        #expect(moved)
        writer.write(.fault(kind: "sensor", detail: "a"), at: .zero)
        writer.write(.state(from: "idle", to: "previewing"), at: .zero) // not journaled
        writer.write(.shutterRejected(reason: "busy capturing"), at: .zero)
        let waits = writer.finishDurableWork()
        #expect(waits == 0)
        #expect(seen.kinds == ["fault", "state", "shutter-rejected"])
        #expect(seen.journalLinesAtDelivery == [1, 1, 2])
        #expect(
            try Journal.lines(at: path) == [
                #"{"t":0.000000,"event":"fault","kind":"sensor","detail":"a"}"#,
                #"{"t":0.000000,"event":"shutter-rejected","reason":"busy capturing"}"#,
            ])
    }

    @Test func aFullQueueMakesTheCallerWaitAndLosesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, seen, path) = try Self.writer(directory, pause: 20_000)
        let moved = writer.moveDurableWorkToAThread(capacity: 2)
        #expect(moved)
        for shot in 1...8 { writer.write(.captureFailed(shot: shot, reason: "camera"), at: .zero) }
        let waits = writer.finishDurableWork()
        #expect(waits >= 1)
        #expect(seen.kinds == Array(repeating: "capture-failed", count: 8))
        #expect(try Journal.lines(at: path).count == 8)
    }

    @Test func reopenOnTheWorkerStartsANewFileAfterTheLinesBefore() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var (writer, _, path) = try Self.writer(directory)
        let moved = writer.moveDurableWorkToAThread()
        #expect(moved)
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
}
