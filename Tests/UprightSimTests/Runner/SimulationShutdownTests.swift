#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

/// The shutdown's one rule (`FirmwarePhase`) on the simulator's path: a run asked to shut down
/// goes on past its end while the engine is stopping, so a clip being finished on a slow card
/// is named and rotated, as `upright run` waits for it before it exits.
@Suite struct SimulationShutdownTests {
    /// Held left-up, a clip from 2 s, SIGTERM at 6 s, the run's end at 8 s; the card takes 6 s
    /// (2 s a flush) over the clip's file, so it is finished at about 12 s, past the end.
    static let scenario = """
        {"description": "a clip stopped by a shutdown on a slow card", "board": "boards/sim.json", "duration": 8,
         "motion": [{"t": 0, "angle": 90}],
         "button": {"actions": [{"t": 2, "action": "press"}, {"t": 3.5, "action": "release"}]},
         "shutdown": 6, "card": {"flush_ms": 2000}}
        """

    @Test func aShutdownWaitsForTheClipBeingFinished() throws {
        let scenario = try ScenarioLoader.parse(Self.scenario, file: "shutdown.json")
        #expect(scenario.card == SimCard(flushMilliseconds: 2000, stallProbability: 0, stallMilliseconds: 0))
        let out = temporaryDirectory()
        let result = try SimulationTests.run(scenario, out: out)
        let names = result.events.map(\.record.name)
        #expect(names.contains("record-start"))
        let stop = result.events.first { $0.record.name == "record-stop" }
        #expect(stop?.jsonLine().contains(#""reason":"shutdown","file":"CLIP_0001.mov""#) == true)
        #expect(!names.contains("record-failed"))
        // Named and rotated on the card, after the run's end.
        let clip = try POSIXFile.readAll(out + "/CLIP_0001.mov", limit: 1 << 24)
        #expect(try MP4RotationPatcher.rotationDegrees(of: clip) == 90)
        #expect(!result.camera.isFinishingFiles)
        #expect(!result.camera.isBusy)
    }
}

extension SimulationShutdownTests {
    /// The chip unplugged at 3 s and back at 3.5 s (four fault and recovery lines from 3.23 s to
    /// 3.72 s), SIGTERM at 4 s with nothing running, on a card of 2 s a flush.
    static let journalScenario = """
        {"description": "a shutdown while the journal's lines are on their way to a slow card", "board": "boards/sim.json",
         "duration": 4, "motion": [{"t": 0, "angle": 90}],
         "faults": [{"type": "unplug", "t": 3, "replug": 3.5}],
         "shutdown": 4, "card": {"flush_ms": 2000}}
        """

    /// The lifecycle's last step is the engine's: stopping lasts until the journal's worker has
    /// written every line it took. The camera is idle at 4 s; the first line (3.23 s) is
    /// written with one flush by 5.23 s, the three after it, which waited, with the next by
    /// 7.23 s: `finished` then, not at 4 s (before, the engine said `finished` at 4 s and the
    /// edge drained the journal after), and every line is in the journal.
    @Test func aShutdownWaitsForTheJournalToDrain() throws {
        let scenario = try ScenarioLoader.parse(Self.journalScenario, file: "shutdown-journal.json")
        var stepped: [(seconds: Double, phase: FirmwarePhase, busy: Bool)] = []
        var hooks = SimulationHooks()
        hooks.stepped = { view in stepped.append((view.now.seconds, view.phase, view.cameraBusy)) }
        let board = try Board.load(path: repositoryPath(scenario.board))
        let out = temporaryDirectory()
        let result = try Simulation(scenario: scenario, board: board, seed: 1, outputDirectory: out).run(hooks: hooks)
        #expect(
            result.events.filter { $0.record.name == "fault" || $0.record.name == "recovered" }.map { $0.time.nanoseconds / 1_000_000 } == [
                3230, 3600, 3701, 3720,
            ])
        let stopping = try #require(stepped.first { $0.phase == .stopping })
        #expect(stopping.seconds == 4.0)
        #expect(!stopping.busy)
        #expect(stepped.first { $0.phase == .finished }?.seconds == 7.23)
        let journal = try POSIXFile.readAll(out + "/journal.ndjson", limit: 1 << 20)
        #expect(journal.split(separator: UInt8(ascii: "\n")).count == 4)
    }
}
