import UprightCore

/// What the shared runtime (`CameraRuntime`) takes from a board file: detector parameters,
/// shutter gesture timings and machine tunables, in the core's types. Used by `replay` (and
/// meant for `sim` and `run`), so every command reads a board the same way.
public struct RuntimeSettings: Equatable, Sendable {
    public var detector: DetectorParameters
    public var gesture: ShutterGesture.Configuration
    public var machine: MachineConfiguration

    /// The defaults (docs/conventions.md "Shutter gestures", docs/traces.md "Detector settings"):
    /// those of a board file with no optional sections.
    public init(
        detector: DetectorParameters = DetectorParameters(),
        gesture: ShutterGesture.Configuration = ShutterGesture.Configuration(),
        machine: MachineConfiguration = MachineConfiguration()
    ) {
        self.detector = detector
        self.gesture = gesture
        self.machine = machine
    }

    /// The board's `detector`, `shutter` and `machine` sections. The mount matrix is not here:
    /// it belongs to the sensor side (samples are in the device frame once they reach the
    /// runtime). Throws for `detector` keys the detector does not know or values out of range
    /// (`Board.load` has already refused those in a file).
    public init(board: Board) throws(ConfigError) {
        do {
            detector = try DetectorSettings.parameters(from: board.detector)
        } catch {
            throw ConfigError(path: error.path, message: error.message)
        }
        gesture = ShutterGesture.Configuration(
            debounce: .milliseconds(Int64(board.shutter.debounceMilliseconds)),
            holdTime: .milliseconds(Int64(board.shutter.holdMilliseconds)))
        machine = MachineConfiguration(
            idleTimeout: TimeSpan(seconds: board.machine.idleTimeoutSeconds),
            captureTimeout: TimeSpan(seconds: board.machine.captureTimeoutSeconds),
            maxClipLength: TimeSpan(seconds: board.machine.maximumClipSeconds),
            queueDepth: board.machine.pressQueueDepth)
    }
}
