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
