/// A file a camera program writes, as the session names it; the host maps it to a path in the
/// output directory (`CameraFiles`): hidden, temporary names, until the session finishes it.
public enum SessionFile: Hashable, Sendable {
    /// The still server's output pattern (its counter fills in each photo's index).
    case serverPattern
    /// The still server's photo of this index (the pattern's counter, from 0 at each start).
    case serverPhoto(index: Int)
    /// The one-shot command's photo for this shot.
    case oneShotPhoto(shot: UInt32)
    /// The video program's file for this clip, before its rotation is written.
    case pendingClip(clip: UInt32)
    /// A finished photo under its final name: removed when the photo was given up while its
    /// file was being finished (a given-up photo is never left under a shot journaled failed).
    case finishedPhoto(shot: UInt32)
}
