import UprightCore

/// Virtual time for the simulated board. Nothing in the simulator reads the wall clock: the
/// simulation loop advances this clock, and chip models, the bus and the button read it.
public final class SimClock {
    /// Read on every bus transfer of the single-threaded simulation: unchecked exclusivity.
    @exclusivity(unchecked) public private(set) var now: Instant

    public init(start: Instant = .zero) { now = start }

    /// Moves time forward to `instant`; time never goes backwards.
    public func advance(to instant: Instant) {
        if instant > now { now = instant }
    }

    public func advance(by span: TimeSpan) { advance(to: now + span) }
}
