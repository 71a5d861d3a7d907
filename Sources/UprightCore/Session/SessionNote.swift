/// What the camera session tells the log: why an order failed, what a program did. The host
/// words it (`SessionNote.text` in UprightHost), adding the file system's own words for a
/// storage problem.
public enum SessionNote: Hashable, Sendable {
    /// A photo could not be taken: the camera program is stuck (it outlived SIGKILL).
    case photoWhileStuck(shot: UInt32)
    /// A clip could not be started: the camera program is stuck.
    case clipWhileStuck(clip: UInt32)
    /// A photo found the file system full, failing or read-only.
    case photoStorage(shot: UInt32)
    /// A clip found the file system full, failing or read-only.
    case clipStorage(clip: UInt32)
    /// A photo was refused: this many photos were already waiting.
    case photosWaiting(shot: UInt32, waiting: Int)
    /// A clip was refused: another is still recording.
    case clipStillRecording(clip: UInt32)
    /// The still server was not ready this long after its start (its first photo signal ended
    /// it); from now on it is signalled this much later.
    case notReady(afterMilliseconds: Int64, nowMilliseconds: Int64)
    /// A photo failed, for this reason.
    case photoFailed(shot: UInt32, PhotoFailure)
    /// A program ended other than asked (what it is, and how it ended).
    case programEnded(SessionProgramName, CameraExit)
    /// A program that failed while the file system had no room: the storage's fault.
    case programStorage(SessionProgramName, CameraExit)
    /// The clip's file could not be finished (not for lack of room).
    case clipNotFinished(clip: UInt32)
    /// The clip's file could not be finished: the file system is full or failing.
    case clipNotFinishedStorage(clip: UInt32)
    /// The photo's file could not be finished (not for lack of room).
    case photoNotFinished(shot: UInt32)
    /// The photo's file could not be finished: the file system is full or failing.
    case photoNotFinishedStorage(shot: UInt32)
    /// The video program ended by itself (the clip's file was finished).
    case videoEndedByItself(clip: UInt32)
    /// A program killed did not end within the kill bound: it still owns the camera.
    case stuck

    /// Why a photo failed.
    public enum PhotoFailure: Hashable, Sendable {
        /// The still server ended (this way) before writing it.
        case serverEnded(CameraExit)
        /// The one-shot command ended (this way) without a file.
        case oneShotEnded(CameraExit)
        /// The file system had no room for it.
        case noRoom
        /// The camera could not be had: its program could not acquire it or did not start.
        case unavailable
        /// Its program did not write it within the photo bound.
        case notWrittenInTime
        /// Its program is stuck (it outlived SIGKILL).
        case stuck
    }
}

/// Which program a note is about, as the log names it.
public enum SessionProgramName: Hashable, Sendable {
    /// The still server (`camera.still_server`).
    case stillServer
    /// The one-shot still command (`camera.still_command`).
    case stillCommand
    /// The video program (`camera.video_command`).
    case videoProgram
}
