import UprightCore

/// A pose the soak's camera holds, for the recovery check: from `startSeconds` (the turn into
/// it done) to `endSeconds`, with an optional shake inside.
public struct SoakHold: Equatable, Sendable {
    public var startSeconds: Double
    public var endSeconds: Double
    /// What a correct detector reports while the camera holds this pose.
    public var orientation: Orientation
    public var shakeStartSeconds: Double?
    public var shakeEndSeconds: Double?

    public init(startSeconds: Double, endSeconds: Double, orientation: Orientation, shakeStartSeconds: Double? = nil, shakeEndSeconds: Double? = nil)
    {
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.orientation = orientation
        self.shakeStartSeconds = shakeStartSeconds
        self.shakeEndSeconds = shakeEndSeconds
    }
}
