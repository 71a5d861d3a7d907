/// What the sampling context tells the engine besides samples, through the sensor-event ring:
/// the start and end of driver trouble, stamped with the read that saw it.
public struct SensorEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case troubleStarted(SensorTrouble)
        /// Samples flow again after the trouble.
        case troubleCleared(SensorTrouble)
    }

    public var time: Instant
    public var kind: Kind

    public init(time: Instant, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
