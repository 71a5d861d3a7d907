/// The independent random streams of one simulated run, split off the run's seed in a fixed
/// order, so each component's draws never shift another's: adding a fault to a scenario does
/// not change the sensor noise, and the same seed reproduces the whole run.
public struct RandomStreams: Sendable {
    /// Vibration phases (`ScenarioMotion`).
    public var motion: SeededGenerator
    /// Button contact bounce (`ButtonScript.edges(using:)`).
    public var button: SeededGenerator
    /// Sensor noise (chip models, `SensorErrors.perturb`).
    public var sensor: SeededGenerator
    /// Fault draws (bus errors with a probability).
    public var faults: SeededGenerator
    /// Anything added later takes its stream from here, leaving the others unchanged.
    public var spare: SeededGenerator
    /// The camera program's faults (the soak's draws), split off `spare`.
    public var camera: SeededGenerator
    /// A swarm soak's mix (`SoakMix.drawn(seed:)`), split off `spare` after `camera`.
    public var mix: SeededGenerator
    /// The card's latencies as the files' worker meets them (`SimCard`), split off `spare`
    /// after `mix`.
    public var card: SeededGenerator
    /// The card's latencies as the journal's worker meets them (`SimulatedWorkQueue`), split
    /// off `spare` after `card`.
    public var journalCard: SeededGenerator

    public init(seed: UInt64) {
        var root = SeededGenerator(seed: seed)
        motion = root.split()
        button = root.split()
        sensor = root.split()
        faults = root.split()
        spare = root.split()
        camera = spare.split()
        mix = spare.split()
        card = spare.split()
        journalCard = spare.split()
    }
}
