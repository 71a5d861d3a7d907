import UprightCore

/// What a chip model measures at an instant: the true specific force (gravity plus linear
/// acceleration, in g, +1 g along the axis pointing up at rest) and angular rate (degrees
/// per second), in the **chip's** frame. Noise, bias and quantisation are the chip model's.
public struct MotionState: Equatable, Sendable {
    public var accelerationG: Vector3
    public var angularRateDPS: Vector3

    public init(accelerationG: Vector3, angularRateDPS: Vector3 = .zero) {
        self.accelerationG = accelerationG
        self.angularRateDPS = angularRateDPS
    }

    /// At rest with the camera's top edge up (device frame).
    public static let uprightAtRest = MotionState(accelerationG: Vector3(x: 0, y: 1, z: 0))
}

/// A function of time giving the true motion; the scenario's keyframes, a test's fixed pose.
public protocol MotionSource: AnyObject {
    func motion(at time: Instant) -> MotionState
}

/// A motion that never changes; for tests.
public final class FixedMotion: MotionSource {
    public var state: MotionState

    public init(_ state: MotionState) { self.state = state }

    public func motion(at time: Instant) -> MotionState { state }
}
