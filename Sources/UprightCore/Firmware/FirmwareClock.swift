/// The clock edge: the time, and a way to wait for the next thing to happen. On Linux that is
/// `CLOCK_MONOTONIC` and poll over a timerfd, a signalfd and the input descriptors; in the
/// simulator virtual time that jumps to the next deadline or scripted input; on a
/// microcontroller a timer and a wait for interrupt.
public protocol FirmwareClock {
    /// The current time on the clock the engine runs on (monotonic, or virtual).
    var now: Instant { get }

    /// Returns once `deadline` has come (nil: none) or an input is waiting, whichever is
    /// first; it may return early, never late by more than the platform's wake-up latency.
    mutating func wait(until deadline: Instant?)
}
