/// Where a driver is in bringing its chip up; each `readSamples` call advances it, so
/// initialisation never blocks the caller (the reset wait is a deadline, not a sleep).
enum SensorPhase: Equatable, Sendable {
    /// Not yet identified and reset (or found reset: start over).
    case unconfigured
    /// Reset issued; configure once `readyAt` has passed.
    case resetting(readyAt: Instant)
    /// Configured and producing samples.
    case running
}
