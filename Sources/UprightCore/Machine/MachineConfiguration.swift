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
    /// The highest photo or clip number an earlier run used (its files and journal, found by
    /// the host's start-up reconciliation): this run's photos and clips are numbered after it,
    /// so a number is never reused, in the files or in the journal, across restarts.
    public var numberedAfter: UInt32

    /// Tunables with the firmware's defaults: 60 s idle, 5 s per photo, 10 minute clips, 4 queued presses.
    public init(
        idleTimeout: TimeSpan = .seconds(60),
        captureTimeout: TimeSpan = .seconds(5),
        maxClipLength: TimeSpan = .seconds(600),
        queueDepth: Int = 4,
        numberedAfter: UInt32 = 0
    ) {
        self.idleTimeout = idleTimeout
        self.captureTimeout = captureTimeout
        self.maxClipLength = maxClipLength
        self.queueDepth = max(0, min(queueDepth, PressQueue.capacity))
        self.numberedAfter = numberedAfter
    }
}
