/// A simulated run, as a scenario file describes it (docs/scenarios.md): which board, how
/// long, the motion, the button, the faults, and what the run should produce.
public struct Scenario: Equatable, Sendable {
    public static let defaultBoard = "boards/sim.json"
    /// A limit on everything: an hour of device time at most.
    public static let maximumDurationSeconds: Double = 3600

    /// One line saying what the scenario shows (optional).
    public var summary: String
    /// Path of the board file to simulate (resolved by whoever loads the board).
    public var board: String
    public var durationSeconds: Double
    /// The scenario's own seed; `--seed` overrides it.
    public var seed: UInt64?
    public var keyframes: [MotionKeyframe]
    public var disturbances: [Disturbance]
    public var sensor: SensorErrors
    public var button: ButtonScript
    public var faults: [FaultSpec]
    /// When the camera is told to shut down (as SIGTERM tells `upright run`), seconds; nil:
    /// never, the run just ends.
    public var shutdownSeconds: Double?
    /// The card the camera's files worker meets (`card`: `SimCard`); instant when not given.
    public var card: SimCard = .instant
    public var expectations: ScenarioExpectations

    public init(
        summary: String = "", board: String = Scenario.defaultBoard, durationSeconds: Double, seed: UInt64? = nil,
        keyframes: [MotionKeyframe], disturbances: [Disturbance] = [], sensor: SensorErrors = .none,
        button: ButtonScript = ButtonScript(), faults: [FaultSpec] = [], shutdownSeconds: Double? = nil,
        expectations: ScenarioExpectations = ScenarioExpectations()
    ) {
        self.summary = summary
        self.board = board
        self.durationSeconds = durationSeconds
        self.seed = seed
        self.keyframes = keyframes
        self.disturbances = disturbances
        self.sensor = sensor
        self.button = button
        self.faults = faults
        self.shutdownSeconds = shutdownSeconds
        self.expectations = expectations
    }
}
