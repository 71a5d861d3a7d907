/// The orientation a photo or clip is stamped with, taken at the press edge. `stale` when the
/// sensor was faulty then, so the last known orientation was used. `pressedAt` is that edge's
/// time: a photo's shutter lag is measured from it.
public struct Latch: Equatable, Sendable {
    public var orientation: UprightOrientation
    public var stale: Bool
    public var pressedAt: Instant

    @inlinable
    public init(orientation: UprightOrientation, stale: Bool, pressedAt: Instant = .zero) {
        self.orientation = orientation
        self.stale = stale
        self.pressedAt = pressedAt
    }
}
