/// Where the firmware is in its life, as the engine decides it (`FirmwareEngine.phase`): the
/// one shutdown rule `run`, `watch`, `sim`, the soak and `replay` share. The edges only pass
/// the signal in (`requestShutdown`) and end when the engine says `finished`.
///
/// - `running`: until a shutdown is asked.
/// - `stopping`: the machine has been told (a clip stopped, queued presses refused); the
///   camera's programs end and its files are finished. The engine arms a deadline, the
///   camera's own bound (`Camera.longestShutdown`: a photo in flight, a stop, a kill).
/// - `finished`: the camera has nothing running; or the deadline has passed and no photo or
///   clip is being finished (one being finished is waited for past it: leaving it would leave
///   a clip journaled stopped and never named; the card bounds it). Either way the journal
///   has drained: its worker has written every line it took (`RecordSink.isFinishingRecords`,
///   past the deadline too: the lines are the photos' answers; the card bounds it). The edge
///   then only ends the worker and exits.
public enum FirmwarePhase: UInt8, Sendable {
    /// No shutdown asked yet.
    case running
    /// A shutdown was asked: the camera's programs are ending, its files being finished and
    /// the journal draining.
    case stopping
    /// The camera has ended (or the deadline passed with nothing being finished) and the
    /// journal has drained: exit.
    case finished
}
