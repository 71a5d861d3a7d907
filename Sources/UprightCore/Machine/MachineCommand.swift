/// Orders the machine gives; the runtime carries them out (camera, timers, journal).
public enum MachineCommand: Equatable, Sendable {
    /// Camera: turn the preview on.
    case startPreview
    /// Camera: turn the preview off.
    case stopPreview
    /// Camera: overlay this pose on the preview (no latch).
    case showOrientation(Orientation)
    /// Camera: take photo `shot` with this latched orientation (EXIF value from it).
    case capturePhoto(shot: UInt32, orientation: UprightOrientation)
    /// Camera: photo `shot` timed out or was shut down (its record is already written), or the
    /// touch that ordered it became a hold or a glitch (it gets none): take it no more, and keep
    /// no file of it, neither one a late answer would write nor one already answered.
    case abandonPhoto(shot: UInt32)
    /// Camera: start clip `clip` with this latched orientation (rotation from it).
    case startRecording(clip: UInt32, orientation: UprightOrientation)
    /// Camera: stop clip `clip`.
    case stopRecording(clip: UInt32)
    /// Runtime: fire `timerFired(id)` after `span`, replacing any armed deadline for it.
    case armTimer(TimerID, TimeSpan)
    /// Runtime: forget the deadline for `id`.
    case cancelTimer(TimerID)
    /// Journal / event stream: one record.
    case journal(MachineRecord)
}
