import UprightCore

/// Anything that turns samples into orientations, so the corpus can score the real detector
/// and the naive baseline side by side.
public protocol OrientationClassifier {
    /// Feeds one sample; returns the new stable orientation when it changed.
    mutating func update(_ sample: Sample) -> Orientation?
    /// What a shutter press latches; nil before the first upright decision.
    var lastUpright: UprightOrientation? { get }
}

extension OrientationDetector: OrientationClassifier {}
