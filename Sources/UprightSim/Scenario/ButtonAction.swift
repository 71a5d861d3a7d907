/// One thing the photographer's finger does on the shutter button.
public struct ButtonAction: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        /// The button goes down (and stays down until a `release`).
        case press
        /// The button comes up.
        case release
        /// Press, keep it down for `holdSeconds`, release.
        case hold
    }

    public var timeSeconds: Double
    public var kind: Kind
    /// For `hold` only: how long the button stays down.
    public var holdSeconds: Double?

    public init(timeSeconds: Double, kind: Kind, holdSeconds: Double? = nil) {
        self.timeSeconds = timeSeconds
        self.kind = kind
        self.holdSeconds = holdSeconds
    }
}
