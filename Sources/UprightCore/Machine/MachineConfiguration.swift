/// The machine's tunables (per board file).
public struct MachineConfiguration: Equatable, Sendable {
    /// Inactivity in `previewing` before going back to `idle`.
    public var idleTimeout: TimeSpan
    /// How long a photo may take before it is recorded as failed.
    public var captureTimeout: TimeSpan
    /// The longest clip; recording stops with reason `clip-limit` after it.
    public var maxClipLength: TimeSpan
    /// Presses queued while a photo is in flight (clamped to 0...PressQueue.capacity; board
    /// files refuse more).
    public var queueDepth: Int

    /// Tunables with the firmware's defaults: 60 s idle, 5 s per photo, 10 minute clips, 4 queued presses.
    public init(
        idleTimeout: TimeSpan = .seconds(60),
        captureTimeout: TimeSpan = .seconds(5),
        maxClipLength: TimeSpan = .seconds(600),
        queueDepth: Int = 4
    ) {
        self.idleTimeout = idleTimeout
        self.captureTimeout = captureTimeout
        self.maxClipLength = maxClipLength
        self.queueDepth = max(0, min(queueDepth, PressQueue.capacity))
    }
}
