/// The first invariant a long life broke: on which day and boot (from 0), and what.
public struct LifeViolation: Equatable, Sendable, CustomStringConvertible {
    public var day: Int
    public var boot: Int
    public var message: String

    public init(day: Int, boot: Int, message: String) {
        self.day = day
        self.boot = boot
        self.message = message
    }

    public var description: String { "day " + String(day) + ", boot " + String(boot) + ": " + message }
}
