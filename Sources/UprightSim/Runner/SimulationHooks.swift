import UprightCore

/// What the caller may do between the loop's steps: pace virtual time to the wall clock
/// (`--realtime`), draw a progress bar. Neither can change the run's outcome.
public struct SimulationHooks {
    /// Called before the loop moves to `instant` (a `RealtimePacer` waits here).
    public var beforeStep: ((Instant) -> Void)?
    /// Called after each step with the virtual seconds done.
    public var progress: ((Double) -> Void)?
    /// Wraps each rendering of a photo or a movie's frames by the simulated camera (`sim`
    /// times them apart: the camera's work, not the firmware's).
    public var rendering: ((_ render: () -> Void) -> Void)?

    public init(beforeStep: ((Instant) -> Void)? = nil, progress: ((Double) -> Void)? = nil) {
        self.beforeStep = beforeStep
        self.progress = progress
    }
}
