/// A set of device-frame axes a disturbance acts on, written `"xyz"`, `"xy"`, `"z"`.
public struct Axes: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let x = Axes(rawValue: 1)
    public static let y = Axes(rawValue: 2)
    public static let z = Axes(rawValue: 4)
    public static let all: Axes = [.x, .y, .z]

    /// Parses letters `x`, `y`, `z` (each at most once, at least one); nil otherwise.
    public init?(letters: String) {
        var axes: Axes = []
        for character in letters {
            let axis: Axes
            switch character {
            case "x": axis = .x
            case "y": axis = .y
            case "z": axis = .z
            default: return nil
            }
            if axes.contains(axis) { return nil }
            axes.insert(axis)
        }
        if axes.isEmpty { return nil }
        self = axes
    }

    public var letters: String {
        (contains(.x) ? "x" : "") + (contains(.y) ? "y" : "") + (contains(.z) ? "z" : "")
    }
}
