/// One change of the raw shutter line, with the time it happened (the kernel's timestamp on
/// Linux, the script's in the simulator).
public struct ShutterEdge: Equatable, Sendable {
    /// When the line changed.
    public var time: Instant
    /// The line went to pressed.
    public var down: Bool

    /// An edge at `time`: to pressed when `down`, to released otherwise.
    @inlinable
    public init(time: Instant, down: Bool) {
        self.time = time
        self.down = down
    }
}
