/// Everything the machine knows: which of the four states it is in and the data they need.
/// A small value (no heap) the exhaustive tests compare.
public struct MachineState: Equatable, Sendable {
    /// The state the machine is in.
    public internal(set) var name: StateName
    /// The detector's last reported pose (all six); nil before its first decision.
    public internal(set) var orientation: Orientation?
    /// The last upright pose: what a press latches, also while the camera lies flat; nil
    /// until the detector first decides an upright pose (a press latches `unknown`, or waits
    /// for the first decision: `CameraMachine`). An optional of a byte enum: still one byte.
    public internal(set) var lastUpright: UprightOrientation?
    /// Between `sensorFault` and `sensorRecovered`: latches taken then are stale.
    public internal(set) var sensorFaulty = false
    /// Between the camera's `storage` fault and its recovery: presses are rejected.
    public internal(set) var storageFull = false
    /// Taken at the touch that began the current press, kept while it is debounced and while
    /// it is pending, until its release or hold uses it; nil when none is open.
    public internal(set) var touchLatch: Latch?
    /// Where the current press stands: up, pending (with `touchLatch`), or consumed.
    public internal(set) var press: PressPhase = .up
    /// Presses waiting for the photo in flight (only non-empty in `capturing`).
    public internal(set) var queue = PressQueue()
    /// The number of the latest photo started: the one in flight while `capturing`.
    public internal(set) var shot: UInt32 = 0
    /// The latch of the photo in flight (the latest started).
    public internal(set) var shotLatch = Latch(orientation: nil, stale: false)
    /// The photo `shot` a touch ordered ahead of its press (only in `idle` and `previewing`).
    public internal(set) var early = EarlyPhoto.none
    /// The early photo's answer, kept for its release: the lag (nil when the camera did not
    /// say when it exposed) and the wait, as the `capture` record carries them.
    public internal(set) var earlyLagMilliseconds: Int32?
    /// See `earlyLagMilliseconds`.
    public internal(set) var earlyWaitMilliseconds: UInt32 = 0
    /// The number of the latest clip started: the one running while `recording`.
    public internal(set) var clip: UInt32 = 0
    /// Latched at the press that started the clip; unchanged until it stops.
    public internal(set) var clipLatch = Latch(orientation: nil, stale: false)
    /// The clip stopped last (its `record-stop` journaled at the stop, 0: none), until the
    /// camera says it could not be finished into its file: that late failure is journaled.
    public internal(set) var stoppedClip: UInt32 = 0

    /// Starts in `name`; the first photo and the first clip are numbered `numberedAfter + 1`.
    public init(_ name: StateName = .idle, numberedAfter: UInt32 = 0) {
        self.name = name
        shot = numberedAfter
        clip = numberedAfter
    }
}
