import Testing
import UprightCore
import UprightHost
import UprightSim

/// The simulator passes the engine when a Pi's loop would be woken: a sampler in a context of
/// its own (an ADXL345 at 800 Hz: 40 ms of FIFO, drained every 10 ms on a thread) wakes it on
/// `EngineWake`'s cadence, every 20 ms, not after each read; a press wakes it at once.
struct SimRigWakeTests {
    @Test func aDetachedSamplerWakesTheEngineEveryTwentyMilliseconds() throws {
        var board = try Board.load(path: repositoryPath("boards/sim-adxl345.json"))
        board.sensor.rateHz = 800
        if case .simulated(var small) = board.camera.backend {
            (small.widthPixels, small.heightPixels) = (16, 12)
            board.camera.backend = .simulated(small)
        }
        let scenario = try ScenarioLoader.parse(
            """
            { "duration": 4, "motion": [ { "t": 0, "angle": 0 } ],
              "button": { "actions": [ { "t": 1.2345, "action": "hold", "duration": 0.1 } ] } }
            """, file: "wake.json")
        var steps: [Int64] = []
        var hooks = SimulationHooks()
        hooks.stepped = { view in steps.append(view.now.nanoseconds / 100_000) }
        let result = try Simulation(scenario: scenario, board: board, seed: 1, outputDirectory: temporaryDirectory()).run(hooks: hooks)
        #expect(result.events.contains { if case .capture = $0.record { true } else { false } })
        // Tenths of a millisecond: from 0.5 s to 0.6 s, nothing but samples happens.
        #expect(steps.filter { (5_000...6_000).contains($0) } == [5_000, 5_200, 5_400, 5_600, 5_800, 6_000])
        // The press's edge wakes the loop when it comes, between two wakes.
        #expect(steps.contains(12_345))
    }
}
