import UprightCore

/// A change of the button's contact: what the GPIO line reports (down = pressed).
public struct ButtonEdge: Equatable, Sendable {
    public var time: Instant
    public var pressed: Bool

    public init(time: Instant, pressed: Bool) {
        self.time = time
        self.pressed = pressed
    }
}
