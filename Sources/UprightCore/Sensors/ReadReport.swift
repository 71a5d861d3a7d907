/// What one `readSamples` call did, besides the samples it delivered.
public struct ReadReport: Equatable, Sendable {
    /// Samples handed to the caller.
    public var delivered: Int = 0
    /// Samples the chip measured but that were lost (FIFO overflow, a gap while the chip was
    /// reset or unplugged), estimated from the time since the last delivered sample.
    public var lost: Int = 0
    /// The FIFO overflowed since the last drain (it was reset, or its oldest data overwritten).
    public var overflowed: Bool = false
    /// The chip was found reset, asleep, stuck or with a configuration register that did not
    /// read back as written, and its re-initialisation was started.
    public var chipResetDetected: Bool = false
    /// The data registers repeated the same raw value for too long (a stuck chip).
    public var stuckDataDetected: Bool = false
    /// False while the driver waits for the chip to come out of reset; no samples then.
    public var ready: Bool = true

    /// A report of nothing: no samples, no loss, ready.
    public init() {}
}
