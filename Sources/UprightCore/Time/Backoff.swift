/// A delay that doubles each time it is lengthened, up to `longest`, and starts again from a
/// first delay after a success: one rule for every retry in the engine (the sampler's failed
/// reads, the camera session's restarts and its still server's ready delay), so a broken bus or
/// a camera that keeps dying is never hammered and never waited for longer than the ceiling.
public struct Backoff: Hashable, Sendable {
    /// The delay to wait now.
    public private(set) var current: TimeSpan
    /// The ceiling.
    public let longest: TimeSpan

    /// A first delay above `longest` is kept (it is not lengthened).
    public init(first: TimeSpan, longest: TimeSpan) {
        current = first
        self.longest = longest
    }

    /// Whether the delay has reached its ceiling (lengthening changes nothing).
    public var isLongest: Bool { current >= longest }

    /// Doubles the delay, at most to `longest`; one at or above it stays.
    public mutating func lengthen() {
        guard current < longest else { return }
        current = min(current + current, longest)
    }

    /// Starts again from `first` (a success).
    public mutating func reset(to first: TimeSpan) {
        current = first
    }
}
