/// The camera session's timers: armed and cancelled by its commands, and coming back as
/// events when they expire (`CameraSessionEvent.timer`), so whoever runs the session drives its
/// clock. One deadline per timer; arming again replaces it.
public enum SessionTimer: UInt8, CaseIterable, Hashable, Sendable {
    /// The program started may be signalled: rpicam-apps install their handlers only once the
    /// camera is open (`CameraSessionSettings.readyDelay`).
    case ready
    /// The photo the still server was signalled for (or the one-shot command) is not written
    /// yet: it hangs (`photoBound`).
    case photo
    /// The program asked to stop has not (`stopBound`).
    case stop
    /// The program killed has not ended: it is stuck in the kernel (`killBound`).
    case kill
    /// Time to look at the full or failing file system again.
    case storageRecheck
    /// The backoff before starting a program again is over. Last: of the timers due at once,
    /// the ones that answer come first, then the one that may start a program.
    case restart
}
