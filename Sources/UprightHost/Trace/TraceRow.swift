import UprightCore

/// One line of a trace (docs/traces.md): a sample in the device frame, with the
/// shutter button's level when the trace records it.
public struct TraceRow: Equatable, Sendable {
    public var time: Instant
    public var accelerationG: Vector3
    public var angularRateDPS: Vector3?
    /// True while pressed; nil when the trace has no `button` column.
    public var buttonPressed: Bool?

    public init(time: Instant, accelerationG: Vector3, angularRateDPS: Vector3? = nil, buttonPressed: Bool? = nil) {
        self.time = time
        self.accelerationG = accelerationG
        self.angularRateDPS = angularRateDPS
        self.buttonPressed = buttonPressed
    }

    /// The detector's input.
    public var sample: Sample { Sample(time: time, accelerationG: accelerationG, angularRateDPS: angularRateDPS) }
}
