/// The orientation a photo or clip is stamped with, taken at the press edge. `stale` when the
/// sensor was faulty then, so the last known orientation was used. `pressedAt` is that edge's
/// time: a photo's shutter lag is measured from it.
public struct Latch: Equatable, Sendable {
    /// The upright orientation latched.
    public var orientation: UprightOrientation
    /// True when the sensor was at fault at the press, so the last known orientation was used.
    public var stale: Bool
    /// The time of the press edge that took the latch.
    public var pressedAt: Instant

    /// A latch of `orientation`, taken at `pressedAt`.
    @inlinable
    public init(orientation: UprightOrientation, stale: Bool, pressedAt: Instant = .zero) {
        self.orientation = orientation
        self.stale = stale
        self.pressedAt = pressedAt
    }
}
