/// The camera falls and hits the ground: free fall (the accelerometer reads 0 g) for
/// `fallSeconds`, then an impact, a half-sine pulse of `impactG` peak along the up axis lasting
/// `impactSeconds`; then the pose holds as the keyframes say.
public struct Drop: Equatable, Sendable {
    public var startSeconds: Double
    public var fallSeconds: Double
    public var impactG: Double
    public var impactSeconds: Double

    public init(startSeconds: Double, fallSeconds: Double, impactG: Double = 10, impactSeconds: Double = 0.01) {
        self.startSeconds = startSeconds
        self.fallSeconds = fallSeconds
        self.impactG = impactG
        self.impactSeconds = impactSeconds
    }

    public var impactStartSeconds: Double { startSeconds + fallSeconds }
    public var endSeconds: Double { startSeconds + fallSeconds + impactSeconds }
}
