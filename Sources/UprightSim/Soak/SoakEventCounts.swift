/// What the event stream of a soak phase held, counted as it streamed past.
public struct SoakEventCounts: Equatable, Sendable {
    /// Presses fed to the runtime (clean down edges that begin a press).
    public var presses = 0
    public var captures = 0
    public var staleCaptures = 0
    public var captureFailures = 0
    public var clipsStarted = 0
    public var clipsStopped = 0
    /// Clips stopped by a press (the others by the clip limit or the camera).
    public var clipsStoppedByShutter = 0
    public var clipLimitStops = 0
    public var rejectionsQueueFull = 0
    public var rejectionsOther = 0
    /// `fault` records (sensor, event queue, button, driver trouble), and `recovered` records.
    public var faultRecords = 0
    public var recoveredRecords = 0
    /// `fault` records of kind `bound` (a ring overwrote, the chip's FIFO overflowed): counted
    /// in `faultRecords` too; they have no `recovered` record.
    public var boundRecords = 0
    /// Of those, the card's waits: a workers' queue full (`camera-files`, `journal-queue`)
    /// with nothing lost. The card stays as slow with the faults off.
    public var cardWaitRecords = 0
    /// The camera's `fault` records by kind: [died, hung, unavailable].
    public var cameraFaultRecords = [0, 0, 0]
    public var stateChanges = 0
    public var orientationChanges = 0
    /// Journal lines written (captures, clips, rejections, faults).
    public var journalLines = 0
    public var journaledCaptures = 0

    public init() {}

    public var rejections: Int { rejectionsQueueFull + rejectionsOther }

    /// Records that answer one press each: a photo (or its failure), a rejection, a clip
    /// started by a hold, a clip stopped by a press.
    public var answers: Int { captures + captureFailures + rejections + clipsStarted + clipsStoppedByShutter }
}
