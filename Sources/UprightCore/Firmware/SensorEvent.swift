/// What the sampling context tells the engine besides samples, through the sensor-event ring:
/// the start and end of driver trouble and the chip's FIFO overflowing, stamped with the read
/// that saw it.
public struct SensorEvent: Equatable, Sendable {
    /// What happened to the sensor.
    public enum Kind: Equatable, Sendable {
        /// The driver found this trouble and is recovering from it.
        case troubleStarted(SensorTrouble)
        /// Samples flow again after the trouble.
        case troubleCleared(SensorTrouble)
        /// The chip's FIFO had overflowed when it was read: this many samples were lost
        /// (the sampling context was held up for longer than the FIFO lasts).
        case fifoOverflowed(lost: UInt32)
    }

    /// The time of the read that saw it.
    public var time: Instant
    /// What happened.
    public var kind: Kind

    /// An event seen by the read at `time`.
    public init(time: Instant, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
