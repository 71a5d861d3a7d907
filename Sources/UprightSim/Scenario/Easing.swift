/// How the motion travels from one keyframe to the next (named on the later keyframe).
public enum Easing: String, CaseIterable, Equatable, Sendable {
    /// Constant angular speed.
    case linear
    /// Starts and ends at rest (smoothstep, 3u^2 - 2u^3): the angular rate is continuous,
    /// as it is when a hand turns a camera.
    case easeInOut = "ease-in-out"
    /// Holds the previous pose, then jumps at the keyframe's time (a test of sudden changes).
    case step

    /// Progress in [0, 1] for a fraction `u` in [0, 1] of the segment.
    @inlinable
    public func progress(_ u: Double) -> Double {
        switch self {
        case .linear: u
        case .easeInOut: u * u * (3 - 2 * u)
        case .step: u >= 1 ? 1 : 0
        }
    }

    /// d(progress)/du, for the angular rate.
    @inlinable
    public func slope(_ u: Double) -> Double {
        switch self {
        case .linear: 1
        case .easeInOut: 6 * u * (1 - u)
        case .step: 0
        }
    }
}
