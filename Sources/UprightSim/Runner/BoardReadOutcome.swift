/// What one read of the chip by `SimulatedBoard.readSensor(at:)` did, for the driver's counters.
public struct BoardReadOutcome {
    /// Samples pushed into the ring.
    public var delivered = 0
    /// Samples the driver knows were lost (the chip's FIFO overflowed).
    public var lost = 0
    /// The driver saw the chip's FIFO overflow.
    public var overflowed = false
    /// The read threw (a bus error, or the chip not answering).
    public var failed = false
    /// This read ended a failure: the runtime was told the sensor recovered.
    public var sensorRecovered = false
    /// No sample for the failure timeout: the runtime was told the sensor failed.
    public var sensorFailed = false
    /// No sample for the stall timeout: the driver's initialisation was started again.
    public var restarted = false
}
