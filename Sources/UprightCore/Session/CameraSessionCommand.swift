/// What the camera session asks of its ports: the process port (start, signal, stop, kill),
/// the files (finish, discard), the runtime (answers), its timers and the log. The host carries
/// them out in order; a file's finishing comes back as an event (at once, or later when the
/// files are finished on a thread of their own).
public enum CameraSessionCommand: Hashable, Sendable {
    /// Start `program` writing `output`, with `orientation` for its templates' placeholders
    /// (nil: `unknown`).
    case start(CameraProgram, output: SessionFile, orientation: UprightOrientation?)
    /// Ask the still server for the photo of the moment `touchedAt` (SIGUSR1 to rpicam, which
    /// takes its next frame; a camera with a ring of recent frames takes the one nearest it).
    case requestPhoto(touchedAt: Instant)
    /// Ask the running program to end cleanly (SIGUSR2 to the still server, SIGINT to the recorder).
    case stop
    /// End the running program at once (SIGKILL).
    case kill
    /// Finish the photo in `file` as `shot` with `orientation` (a whole JPEG, its EXIF, its
    /// final name, atomically; nil: `unknown`, no Orientation tag); `photoWritten` or
    /// `photoNotWritten` comes back.
    case finishPhoto(SessionFile, shot: UInt32, orientation: UprightOrientation?)
    /// Finish clip `clip`'s file with `orientation`'s rotation (nil: `unknown`, the identity);
    /// `clipWritten` or `clipNotWritten` comes back.
    case finishClip(clip: UInt32, orientation: UprightOrientation?)
    /// Remove `file` (a photo nobody asked for, an abandoned one, a clip that failed).
    case discard(SessionFile)
    /// Answer the runtime.
    case complete(CameraCompletion)
    /// Arm `timer` to expire `span` from now, replacing its deadline.
    case arm(SessionTimer, TimeSpan)
    /// Disarm `timer`.
    case cancel(SessionTimer)
    /// Tell the log.
    case note(SessionNote)
}
