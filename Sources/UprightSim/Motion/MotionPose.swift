/// The camera's true pose at an instant, in the scenario's terms (see `MotionKeyframe` for
/// the sign conventions), with the rates of change. What the plot draws as "true angle".
public struct MotionPose: Equatable, Sendable {
    /// In-plane angle, degrees, positive clockwise as the photographer sees it (0 = `normal`,
    /// 90 = `left-up`, 180 = `bottom-up`, 270 = -90 = `right-up`), shake rocking included.
    public var angleDegrees: Double
    /// Positive lens up (90 = `lens-up`, -90 = `lens-down`).
    public var tiltDegrees: Double
    public var angleRateDPS: Double
    public var tiltRateDPS: Double

    public init(angleDegrees: Double, tiltDegrees: Double, angleRateDPS: Double = 0, tiltRateDPS: Double = 0) {
        self.angleDegrees = angleDegrees
        self.tiltDegrees = tiltDegrees
        self.angleRateDPS = angleRateDPS
        self.tiltRateDPS = tiltRateDPS
    }
}
