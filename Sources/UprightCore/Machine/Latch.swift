/// The orientation a photo or clip is stamped with, taken at the press edge. `stale` when the
/// sensor was faulty then, so the last known orientation was used. `pressedAt` is that edge's
/// time: a photo's shutter lag is measured from it.
///
/// `orientation` is nil (`unknown` in the records) when the detector knew no upright
/// orientation at the press: before its first decision, or with the camera flat since
/// power-on. A latch taken before the first decision is open until its photo or clip is
/// ordered: the first upright decision fills it (`decide(_:)`), so a press in the first
/// moments after power-on latches what the detector then decides, never a default.
public struct Latch: Equatable, Sendable {
    /// The upright orientation latched; nil: unknown (no upright orientation decided yet).
    public var orientation: UprightOrientation?
    /// True when the sensor was at fault at the press, so the last known orientation was used.
    public var stale: Bool
    /// The time of the press edge that took the latch.
    public var pressedAt: Instant

    /// A latch of `orientation`, taken at `pressedAt`.
    @inlinable
    public init(orientation: UprightOrientation?, stale: Bool, pressedAt: Instant = .zero) {
        self.orientation = orientation
        self.stale = stale
        self.pressedAt = pressedAt
    }

    /// The detector's first upright decision, for a latch taken before it (a latch that holds
    /// an orientation keeps it): the orientation is that decision's, measured after the
    /// press, so not stale.
    mutating func decide(_ upright: UprightOrientation) {
        guard orientation == nil else { return }
        orientation = upright
        stale = false
    }
}
