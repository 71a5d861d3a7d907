/// A length of time in integer nanoseconds.
///
/// Named `TimeSpan` rather than `Duration` so that it never shadows `Swift.Duration` in
/// modules that import both.
public struct TimeSpan: Hashable, Comparable, Sendable {
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
    public var microseconds: Int64 { Self.quotient(nanoseconds, 1_000) }
    /// The span in whole milliseconds, truncated toward zero.
    public var milliseconds: Int64 { Self.quotient(nanoseconds, 1_000_000) }

    /// `value / divisor`, truncated toward zero as Swift's `/` is, by an unsigned division of
    /// the magnitude: on a Cortex-M0 libgcc's signed 64-bit division (`__aeabi_ldivmod`, 610 B
    /// with its helpers) would be linked beside the unsigned one the drivers need anyway.
    /// `divisor` is positive.
    @inlinable
    public static func quotient(_ value: Int64, _ divisor: UInt64) -> Int64 {
        let magnitude = Int64(truncatingIfNeeded: value.magnitude / divisor)
        return value < 0 ? 0 &- magnitude : magnitude
    }
    /// For reports and float filters; logic compares spans, not seconds.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
    /// Seconds as `Float`, for the detector's filter coefficients (Float is cheaper on M-class cores).
    public var secondsFloat: Float { Self.float(nanoseconds) / 1e9 }

    /// `Float(value)`, correctly rounded (to nearest, ties to even), built from its bits: a
    /// Cortex-M0's libgcc converts a 64-bit integer to `Float` through `Double`, which links
    /// the double-precision soft-float routines (3.6 KB of its flash) for this alone, and the
    /// compiler turns any narrower conversion of a value it can bound back into that one.
    @usableFromInline
    static func float(_ value: Int64) -> Float {
        guard value != 0 else { return 0 }
        var magnitude = value.magnitude
        // The leading one's position: the binary exponent.
        var exponent = UInt64(63 - magnitude.leadingZeroBitCount)
        if exponent <= 23 {
            magnitude <<= 23 - exponent
        } else {
            let shift = exponent - 23
            let dropped = magnitude & ((1 << shift) - 1)
            let half: UInt64 = 1 << (shift - 1)
            magnitude >>= shift
            if dropped > half || (dropped == half && magnitude & 1 == 1) { magnitude += 1 }
            // Rounded up to the next power of two.
            if magnitude == 1 << 24 {
                magnitude >>= 1
                exponent += 1
            }
        }
        let sign: UInt32 = value < 0 ? 1 << 31 : 0
        return Float(bitPattern: sign | UInt32(truncatingIfNeeded: 127 + exponent) << 23 | UInt32(truncatingIfNeeded: magnitude) & 0x7F_FFFF)
    }
}
