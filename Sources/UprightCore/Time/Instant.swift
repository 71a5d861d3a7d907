/// A point on a monotonic clock, in integer nanoseconds since an arbitrary epoch
/// (boot on Linux's CLOCK_MONOTONIC, zero at the start of a simulation or replay).
///
/// Integer nanoseconds keep arithmetic exact and deterministic on every target: no
/// floating-point drift over days of uptime, and no Double on a Cortex-M0+.
public struct Instant: Hashable, Comparable, Sendable {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the clock's origin.
    @inlinable
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The clock's origin.
    public static let zero = Instant(nanoseconds: 0)
    /// Earlier than any instant a clock gives: a sentinel for "none" where an optional would
    /// double the bytes.
    public static let distantPast = Instant(nanoseconds: Int64.min)
    /// Later than any instant a clock gives: a sentinel for "none".
    public static let distantFuture = Instant(nanoseconds: Int64.max)

    /// Earlier than.
    @inlinable
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The instant `rhs` after `lhs`.
    @inlinable
    public static func + (lhs: Instant, rhs: TimeSpan) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    /// The instant `rhs` before `lhs`.
    @inlinable
    public static func - (lhs: Instant, rhs: TimeSpan) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// Moves `lhs` forward by `rhs`.
    @inlinable
    public static func += (lhs: inout Instant, rhs: TimeSpan) { lhs = lhs + rhs }

    /// The span from `rhs` to `lhs` (negative when `lhs` is earlier).
    @inlinable
    public static func - (lhs: Instant, rhs: Instant) -> TimeSpan {
        TimeSpan(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// Seconds since the epoch, for reports and the event stream only (never for logic).
    public var seconds: Double { Double(nanoseconds) / 1e9 }
}
