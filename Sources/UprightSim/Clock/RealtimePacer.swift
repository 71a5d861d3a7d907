import UprightCore

/// Paces virtual time to the wall clock for `upright sim --realtime`: before the simulator
/// moves to a virtual instant, it waits until that much wall time has passed since the start.
/// Without it virtual time runs as fast as the machine allows.
///
/// The wall clock and the sleep are injected, so tests drive it without real time.
public struct RealtimePacer {
    /// The longest single wait; a bound, so a huge virtual jump cannot hang the process
    /// without a chance to notice a signal.
    public static let maximumSleep = TimeSpan.milliseconds(250)

    private let wallNow: () -> Instant
    private let sleep: (TimeSpan) -> Void
    private let wallStart: Instant
    private let virtualStart: Instant

    public init(virtualStart: Instant, wallNow: @escaping () -> Instant, sleep: @escaping (TimeSpan) -> Void) {
        self.wallNow = wallNow
        self.sleep = sleep
        self.wallStart = wallNow()
        self.virtualStart = virtualStart
    }

    /// Returns once the wall clock has caught up with `virtual` (sleeping in bounded steps).
    /// Returns at once when the simulator is behind the wall clock.
    public func wait(until virtual: Instant) {
        let target = wallStart + (virtual - virtualStart)
        var steps = 0
        while steps < 1_000_000 {
            let remaining = target - wallNow()
            if remaining <= .zero { return }
            sleep(min(remaining, RealtimePacer.maximumSleep))
            steps += 1
        }
    }
}
