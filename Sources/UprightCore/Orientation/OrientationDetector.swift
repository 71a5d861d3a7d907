/// Turns a stream of samples (device frame) into a stable orientation.
///
/// PLACEHOLDER until the orientation issue lands: this is the naive larger-axis classifier
/// with no filtering. The public API (init, `update`, `orientation`, `lastUpright`, `reset`)
/// is what the runtime depends on; the orientation issue replaces the internals.
public struct OrientationDetector: Sendable {
    public var parameters: DetectorParameters
    /// The stable pose (all six).
    public private(set) var orientation: Orientation = .normal
    /// The last upright orientation held: what a latch uses while the camera is flat.
    public private(set) var lastUpright: UprightOrientation = .normal

    public init(parameters: DetectorParameters = DetectorParameters()) {
        self.parameters = parameters
    }

    /// Feeds one sample; returns the new stable orientation when it changed.
    public mutating func update(_ sample: Sample) -> Orientation? {
        let a = sample.accelerationG
        let candidate: Orientation
        if abs(a.z) > max(abs(a.x), abs(a.y)) {
            candidate = a.z > 0 ? .lensDown : .lensUp
        } else if abs(a.x) > abs(a.y) {
            candidate = a.x > 0 ? .rightUp : .leftUp
        } else {
            candidate = a.y >= 0 ? .normal : .bottomUp
        }
        guard candidate != orientation else { return nil }
        orientation = candidate
        if let upright = candidate.upright { lastUpright = upright }
        return candidate
    }

    /// Forgets the filter state (after a sensor fault or a gap in the samples) but keeps the
    /// last stable orientation, so a restart never reports a spurious change.
    public mutating func reset() {}
}

/// The detector's tunables. Every constant is a time or an angle, never a sample count.
public struct DetectorParameters: Hashable, Sendable {
    public init() {}
}
