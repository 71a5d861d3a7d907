/// A pose the camera reaches at a time. Between keyframes the angles are interpolated with
/// the later keyframe's easing; before the first keyframe the first pose holds, after the last
/// the last pose holds.
///
/// `angleDegrees` is the in-plane angle: the rotation about the lens axis, **positive
/// clockwise as seen by the photographer looking through the camera**, 0 = `normal`. It equals
/// the MP4 rotation of the matching orientation: 90 = `left-up`, 180 = `bottom-up`,
/// 270 (or -90) = `right-up`. `tiltDegrees` is positive when the lens points up:
/// +90 = `lens-up`, -90 = `lens-down`.
public struct MotionKeyframe: Equatable, Sendable {
    public var timeSeconds: Double
    public var angleDegrees: Double
    public var tiltDegrees: Double
    public var easing: Easing

    public init(timeSeconds: Double, angleDegrees: Double, tiltDegrees: Double = 0, easing: Easing = .linear) {
        self.timeSeconds = timeSeconds
        self.angleDegrees = angleDegrees
        self.tiltDegrees = tiltDegrees
        self.easing = easing
    }
}
