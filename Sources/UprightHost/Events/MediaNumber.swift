/// A photo's or a clip's number, as the journal's `shot` and `clip` keys give it.
public enum MediaNumber: Equatable, Hashable, Sendable {
    case shot(Int)
    case clip(Int)

    /// The journal key.
    public var key: String {
        switch self {
        case .shot: "shot"
        case .clip: "clip"
        }
    }

    public var value: Int {
        switch self {
        case .shot(let number), .clip(let number): number
        }
    }
}
