/// A length of time in integer nanoseconds.
///
/// Named `TimeSpan` rather than `Duration` so that it never shadows `Swift.Duration` in
/// modules that import both.
public struct TimeSpan: Equatable, Comparable, Sendable {
    public var nanoseconds: Int64

    @inlinable
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = TimeSpan(nanoseconds: 0)

    @inlinable
    public static func microseconds(_ value: Int64) -> TimeSpan { TimeSpan(nanoseconds: value * 1_000) }
    @inlinable
    public static func milliseconds(_ value: Int64) -> TimeSpan { TimeSpan(nanoseconds: value * 1_000_000) }
    @inlinable
    public static func seconds(_ value: Int64) -> TimeSpan { TimeSpan(nanoseconds: value * 1_000_000_000) }

    /// Rounds to the nearest nanosecond; for configuration values given in seconds.
    @inlinable
    public init(seconds: Double) {
        self.init(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    @inlinable
    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    @inlinable
    public static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds) }
    @inlinable
    public static func - (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds) }
    @inlinable
    public static func * (lhs: TimeSpan, rhs: Int64) -> TimeSpan { TimeSpan(nanoseconds: lhs.nanoseconds &* rhs) }

    public var microseconds: Int64 { nanoseconds / 1_000 }
    public var milliseconds: Int64 { nanoseconds / 1_000_000 }
    /// For reports and float filters; logic compares spans, not seconds.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
    /// Seconds as `Float`, for the detector's filter coefficients (Float is cheaper on M-class cores).
    public var secondsFloat: Float { Float(nanoseconds) / 1e9 }
}
