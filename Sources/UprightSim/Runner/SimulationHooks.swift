import UprightCore

/// What the caller may do between the loop's steps: pace virtual time to the wall clock
/// (`--realtime`), draw a progress bar, look at the engine (`upright watch --sim`), end the
/// run early. None changes what happens up to the end.
public struct SimulationHooks {
    /// Called before the loop moves to `instant` (a `RealtimePacer` waits here).
    public var beforeStep: ((Instant) -> Void)?
    /// Called after each step with the virtual seconds done.
    public var progress: ((Double) -> Void)?
    /// Wraps each rendering of a photo or a movie's frames by the simulated camera (`sim`
    /// times them apart: the camera's work, not the firmware's).
    public var rendering: ((_ render: () -> Void) -> Void)?
    /// Called after each step with what the engine shows (a live view).
    public var stepped: ((SimEngineView) -> Void)?
    /// Called with every record the engine writes, as it writes it.
    public var record: ((MachineRecord, Instant) -> Void)?
    /// Asked after each step: true ends the run there (a live view's quit key).
    public var shouldStop: (() -> Bool)?

    public init(beforeStep: ((Instant) -> Void)? = nil, progress: ((Double) -> Void)? = nil) {
        self.beforeStep = beforeStep
        self.progress = progress
    }
}
