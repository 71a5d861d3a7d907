/// A length of time in integer nanoseconds.
///
/// Named `TimeSpan` rather than `Duration` so that it never shadows `Swift.Duration` in
/// modules that import both.
public struct TimeSpan: Equatable, Comparable, Sendable {
    /// The length in nanoseconds (negative when going back).
    public var nanoseconds: Int64

    /// A span of `nanoseconds`.
    @inlinable
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// No time at all.
    public static let zero = TimeSpan(nanoseconds: 0)

    /// A span of `value` microseconds.
    @inlinable
    public static func microseconds(_ value: Int64) -> TimeSpan { TimeSpan(nanoseconds: value * 1_000) }
    /// A span of `value` milliseconds.
    @inlinable
    public static func milliseconds(_ value: Int64) -> TimeSpan { TimeSpan(nanoseconds: value * 1_000_000) }
    /// A span of `value` seconds.
    @inlinable
    public static func seconds(_ value: Int64) -> TimeSpan { TimeSpan(nanoseconds: value * 1_000_000_000) }

    /// Rounds to the nearest nanosecond; for configuration values given in seconds.
    @inlinable
    public init(seconds: Double) {
        self.init(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    /// Shorter than.
    @inlinable
    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    /// The sum of two spans (wrapping, never trapping).
    @inlinable
    public static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds) }
    /// The difference of two spans (wrapping, never trapping).
    @inlinable
    public static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds) }
    /// The span `rhs` times as long (wrapping, never trapping).
    @inlinable
    public static func * (lhs: TimeSpan, rhs: Int64) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds &* rhs) }

    /// The span in whole microseconds, truncated toward zero.
    public var microseconds: Int64 { nanoseconds / 1_000 }
    /// The span in whole milliseconds, truncated toward zero.
    public var milliseconds: Int64 { nanoseconds / 1_000_000 }
    /// For reports and float filters; logic compares spans, not seconds.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
    /// Seconds as `Float`, for the detector's filter coefficients (Float is cheaper on M-class cores).
    public var secondsFloat: Float { Float(nanoseconds) / 1e9 }
}
