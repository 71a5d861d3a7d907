#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// The Pi's journal worker modelled over a card: lines written one at a time in order at the
/// card's times, a full queue refusing at once, `DurableWork` holding the lines refused and
/// counting those past its hold; and a scenario on a slow card journaling `journal-queue`.
@Suite struct SimulatedWorkQueueTests {
    /// 300 ms a line, a queue of one: the first line is written at 300 ms, the second at 600
    /// ms; a third offered at 100 ms is refused, and taken once the first is written.
    @Test func linesAreWrittenInOrderAtTheCardsTimesAndAFullQueueRefuses() {
        let clock = SimClock()
        var written: [(Int, Instant)] = []
        let card = SimCard(flushMilliseconds: 300, stallProbability: 0, stallMilliseconds: 0)
        let queue = SimulatedWorkQueue<Int>(
            card: card, capacity: 1, generator: SeededGenerator(seed: 1), now: { clock.now }, flushes: { _ in 1 },
            body: { batch in written += batch.map { ($0, clock.now) } })
        #expect(queue.start() == 0)
        #expect(queue.offer(1) == .accepted)
        #expect(queue.offer(2) == .accepted)
        clock.advance(to: ms(100))
        #expect(queue.offer(3) == .full)
        #expect(queue.oldestJob == 1)
        clock.advance(to: ms(350))
        #expect(queue.offer(3) == .accepted)
        #expect(written.map(\.0) == [1])
        #expect(written.map(\.1) == [ms(350)])
        clock.advance(to: ms(900))
        queue.poll()
        #expect(written.map(\.0) == [1, 2, 3])
        #expect(queue.oldestJob == nil)
        queue.finish()
        #expect(!queue.isRunning)
        #expect(queue.offer(4) == .full)
    }

    /// The journal's worker on a 2 s card with a Pi's queue, 100 lines in the first 100 ms (a
    /// burst of faults): the first is written alone, at 2 s; the 99 that waited meanwhile are
    /// written together, with one flush, at 4 s. None is held. Written one a flush, as before
    /// the worker batched, the last would have waited 200 s, and a soak's faults, about 2.5
    /// lines a second, outran the card: lines were held, then lost (swarm seeds 3261993012
    /// and 3261993013).
    @Test func linesThatWaitedAreWrittenWithOneFlush() {
        let clock = SimClock()
        let card = SimCard(flushMilliseconds: 2000, stallProbability: 0, stallMilliseconds: 0)
        var writer = RecordWriter(journal: nil, output: EventCollector())
        #expect(
            writer.moveDurableWork(capacity: DurableWork<EventCollector>.defaultCapacity) { capacity, body in
                SimulatedWorkQueue(
                    card: card, capacity: capacity, generator: SeededGenerator(seed: 1), now: { clock.now }, flushes: { _ in 1 }, body: body)
            })
        var outputAt: [Instant: Int] = [:]
        for millisecond in 0..<Int64(100) {
            clock.advance(to: ms(millisecond))
            writer.write(.shutterRejected(reason: "busy"), at: ms(millisecond))
        }
        for second in 1...5 {
            clock.advance(to: ms(Int64(second) * 1000))
            #expect(writer.takeBoundReached(at: clock.now) == nil)
            outputAt[clock.now] = writer.output.events.count
        }
        #expect(outputAt == [ms(1000): 0, ms(2000): 1, ms(3000): 1, ms(4000): 100, ms(5000): 100])
        writer.finishDurableWork()
        #expect(writer.output.events.map(\.time) == (0..<Int64(100)).map { ms($0) })
    }

    /// The journal's worker on a 2 s card, 1,031 lines in the first second, one a millisecond:
    /// one being written, one waiting, 1,024 held (the first at 2 ms), 5 lost. The engine's
    /// looks take the held lines as the card writes them; once the last is taken (looked at
    /// 6,000 s), the bound says 5 lost and a wait of 6,000 s less 2 ms; every line out is in
    /// order.
    @Test func heldLinesGoOutInOrderAndThoseBeyondTheHoldAreCounted() {
        let clock = SimClock()
        let card = SimCard(flushMilliseconds: 2000, stallProbability: 0, stallMilliseconds: 0)
        var writer = RecordWriter(journal: nil, output: EventCollector())
        #expect(
            writer.moveDurableWork(capacity: 1) { capacity, body in
                SimulatedWorkQueue(
                    card: card, capacity: capacity, generator: SeededGenerator(seed: 1), now: { clock.now }, flushes: { _ in 1 }, body: body)
            })
        let offered = 1 + 1 + DurableWork<EventCollector>.maximumHeld + 5
        for second in 0..<Int64(offered) { writer.write(.shutterRejected(reason: "busy"), at: ms(second)) }
        #expect(writer.oldestRecordPending == ms(0))
        #expect(writer.takeBoundReached(at: ms(1000)) == nil)
        #expect(writer.output.events.isEmpty)
        // The worker takes the held lines as it writes them; the bound comes once all are in.
        var bound: PortBound?
        for _ in 0..<offered where bound == nil {
            clock.advance(by: .seconds(2))
            bound = writer.takeBoundReached(at: ms(6_000_000))
        }
        #expect(bound == PortBound(.journalQueue, lost: 5, waited: .milliseconds(6_000_000 - 2)))
        writer.finishDurableWork()
        let times = writer.output.events.map(\.time)
        #expect(times.count == offered - 5)
        #expect(times.first == ms(0))
        #expect(times.last == ms(Int64(offered - 6)))
        #expect(times == times.sorted())
    }
}

/// The journal's worker ending while lines are lost: the bound that counts them is written at
/// the newest line's time, after the lines held (it was written at the first hold's, 2 ms, after
/// lines up to 1,030 ms: the journal went back in time; found by swarm seed 106's soak).
@Suite struct DurableWorkDrainTests {
    @Test func theLostLinesBoundIsWrittenInTimeOrderWhenTheWorkerEnds() {
        let clock = SimClock()
        let card = SimCard(flushMilliseconds: 2000, stallProbability: 0, stallMilliseconds: 0)
        var writer = RecordWriter(journal: nil, output: EventCollector())
        #expect(
            writer.moveDurableWork(capacity: 1) { capacity, body in
                SimulatedWorkQueue(
                    card: card, capacity: capacity, generator: SeededGenerator(seed: 1), now: { clock.now }, flushes: { _ in 1 }, body: body)
            })
        let offered = 1 + 1 + DurableWork<EventCollector>.maximumHeld + 5
        for millisecond in 0..<Int64(offered) { writer.write(.shutterRejected(reason: "busy"), at: ms(millisecond)) }
        writer.finishDurableWork()
        let events = writer.output.events
        #expect(events.count == offered - 5 + 1)
        #expect(events.last?.jsonLine().hasPrefix(#"{"t":1.030000,"event":"fault","kind":"bound""#) == true)
        #expect(events.last?.jsonLine().hasSuffix(#""bound":"journal-queue","lost":5}"#) == true)
        #expect(events.map(\.time) == events.map(\.time).sorted())
    }
}

/// A scenario on a slow card with a journal queue of one: the journal's worker fills, the
/// lines are held, and the engine journals `journal-queue` with the wait, as on a Pi.
@Suite struct SimulatedJournalQueueTests {
    /// Held upright, three presses 0.5 s apart from 2 s; the card takes 2 s a flush.
    static let scenario = """
        {"description": "a journal queue that fills on a slow card", "board": "boards/sim.json", "duration": 40,
         "motion": [{"t": 0, "angle": 0}],
         "button": {"actions": [{"t": 2.0, "action": "hold", "duration": 0.1}, {"t": 2.3, "action": "hold", "duration": 0.1}, {"t": 2.6, "action": "hold", "duration": 0.1}, {"t": 2.9, "action": "hold", "duration": 0.1}, {"t": 3.2, "action": "hold", "duration": 0.1}, {"t": 3.5, "action": "hold", "duration": 0.1}, {"t": 3.8, "action": "hold", "duration": 0.1}, {"t": 4.1, "action": "hold", "duration": 0.1}]},
         "card": {"flush_ms": 2000, "journal_queue": 1}}
        """

    /// The capture takes the card 6 s; the queue (one line written, one waiting) fills with
    /// the three presses refused from 3.63 s, the third held at 4.23 s; at the engine's step
    /// after the first is written (5.64 s) the held line is taken, and the wait is journaled
    /// once (its own line, held behind the full queue, gives no other: on the code before, one
    /// came every 2 s to the run's end, twelve in all). The journal has every line it keeps,
    /// in the engine's order.
    @Test func aFullJournalQueueIsJournaledOnceAndTheLinesStayInOrder() throws {
        let scenario = try ScenarioLoader.parse(Self.scenario, file: "journal-queue.json")
        #expect(scenario.card.journalQueueCapacity == 1)
        let out = temporaryDirectory()
        let result = try SimulationTests.run(scenario, out: out)
        let bounds = result.events.filter { $0.record.name == "fault" }.map { $0.jsonLine() }
        #expect(
            bounds == [
                #"{"t":5.640000,"event":"fault","kind":"bound","detail":"the journal's queue was full: the firmware waited for the card for 1.41 s","bound":"journal-queue","lost":0,"waited":1.41}"#
            ])
        let journal = String(decoding: try POSIXFile.readAll(out + "/" + Simulation.journalName, limit: 1 << 20), as: UTF8.self)
        let lines = journal.split(separator: "\n").map { try? TimedEvent(jsonLine: String($0)) }
        #expect(
            lines.map { $0?.record.name } == ["shutter-rejected", "shutter-rejected", "shutter-rejected", "fault"]
                + Array(repeating: "capture", count: 5))
        #expect(lines.compactMap { $0 } == result.events.filter { RecordWriter<EventCollector>.journals($0.record) })
        #expect(lines.compactMap { $0?.time.seconds } == [3.63, 3.93, 4.23, 5.64, 9.74, 16.46, 23.2, 29.94, 36.66])
    }
}
