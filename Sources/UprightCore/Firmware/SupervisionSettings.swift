/// How the engine keeps the sensor going through faults (`SensorSampler`, `FirmwareEngine`).
public struct SupervisionSettings: Equatable, Sendable {
    /// No sample for this long and the sensor counts as failed: the runtime is told, latches
    /// become stale and a `fault sensor` record is written. Shorter gaps cost nothing: a FIFO
    /// keeps the samples for the next good read, so a glitch must not make latches stale.
    /// The default is the detector's `maximumGap`, after which it starts its filter over.
    public var failureTimeout: TimeSpan
    /// No sample delivered for this long (reads failing or returning nothing) restarts the
    /// driver's initialisation, at most once per this span: a chip left configured wrong by a
    /// write lost in the middle of a FIFO reset is repaired only by starting over.
    public var stallTimeout: TimeSpan
    /// Failed reads back off, doubling the time to the next read from the schedule's interval
    /// up to this: on a broken bus every transfer may block for the adapter's timeout.
    public var maximumRetryInterval: TimeSpan

    /// Settings with the firmware's defaults: 250 ms failure timeout, 500 ms stall restart, 320 ms longest retry.
    public init(
        failureTimeout: TimeSpan = .milliseconds(250),
        stallTimeout: TimeSpan = .milliseconds(500),
        maximumRetryInterval: TimeSpan = .milliseconds(320)
    ) {
        self.failureTimeout = failureTimeout
        self.stallTimeout = stallTimeout
        self.maximumRetryInterval = maximumRetryInterval
    }
}
