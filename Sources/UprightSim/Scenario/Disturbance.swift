/// Motion added on top of the keyframed pose.
public enum Disturbance: Equatable, Sendable {
    case shake(Shake)
    case vibration(Vibration)
    case drop(Drop)

    /// The `type` value in a scenario file.
    public var typeName: String {
        switch self {
        case .shake: "shake"
        case .vibration: "vibration"
        case .drop: "drop"
        }
    }

    public var startSeconds: Double {
        switch self {
        case .shake(let shake): shake.startSeconds
        case .vibration(let vibration): vibration.startSeconds
        case .drop(let drop): drop.startSeconds
        }
    }

    public var endSeconds: Double {
        switch self {
        case .shake(let shake): shake.endSeconds
        case .vibration(let vibration): vibration.endSeconds
        case .drop(let drop): drop.endSeconds
        }
    }
}
