/// The orientation a photo or clip is stamped with, taken at the press edge. `stale` when the
/// sensor was faulty then, so the last known orientation was used.
public struct Latch: Equatable, Sendable {
    public var orientation: UprightOrientation
    public var stale: Bool

    @inlinable
    public init(orientation: UprightOrientation, stale: Bool) {
        self.orientation = orientation
        self.stale = stale
    }
}
