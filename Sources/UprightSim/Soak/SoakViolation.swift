import UprightCore

/// The first broken invariant of a soak: when (device time) and what.
public struct SoakViolation: Equatable, Sendable, CustomStringConvertible {
    public var time: Instant
    public var message: String

    public init(time: Instant, message: String) {
        self.time = time
        self.message = message
    }

    public var description: String { "t=" + SoakReport.seconds(time.seconds) + " s: " + message }
}
