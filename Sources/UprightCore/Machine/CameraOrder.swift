/// What the machine asks of the camera (`MachineCommand.camera`); the runtime hands each to
/// its `Camera` as it is.
public enum CameraOrder: Hashable, Sendable {
    /// Turn the preview on.
    case startPreview
    /// Turn the preview off.
    case stopPreview
    /// Overlay the pose on the preview (no latch).
    case showOrientation(Orientation)
    /// Take photo `shot`, of the moment `touchedAt` (the first down edge of its press: a
    /// camera that keeps recent frames returns the one nearest it); write
    /// `orientation.exifValue` as its EXIF Orientation, or, for nil (`unknown`: no upright
    /// orientation decided), no Orientation tag at all.
    case capturePhoto(shot: UInt32, orientation: UprightOrientation?, touchedAt: Instant)
    /// Stop taking photo `shot` (it timed out, the camera shuts down, or its touch became a hold
    /// or a glitch): no file for it, even if it was answered already, and no answer.
    case abandonPhoto(shot: UInt32)
    /// Start clip `clip`; write `orientation.rotationDegrees` into its track matrix (for nil,
    /// `unknown`: the identity).
    case startRecording(clip: UInt32, orientation: UprightOrientation?)
    /// Stop clip `clip`.
    case stopRecording(clip: UInt32)
}
