/// Everything the camera session knows: what the machine wants (the preview, the photos and
/// the clip ordered), what runs (at most one program), and its faults and delays. A value the
/// exhaustive exploration compares.
public struct CameraSessionState: Hashable, Sendable {
    /// A photo ordered and not yet answered.
    public struct Photo: Hashable, Sendable {
        /// The shot's number (its file's).
        public var shot: UInt32
        /// The orientation latched at the press, for the photo's EXIF tag (nil: `unknown`, none).
        public var orientation: UprightOrientation?
        /// The moment the photo is of: its press's first down edge.
        public var touchedAt: Instant
        /// When the order came; `signalledAt` when its program was asked for it (its wait).
        public var orderedAt: Instant
        /// When its program was asked for it; nil while it waits for one.
        public var signalledAt: Instant?
        /// Abandoned (timed out, shut down) while its program was at it: its file is thrown away.
        public var abandoned = false
    }

    /// The clip ordered: started once its recorder is ready; `stopWanted` once a stop came.
    public struct Clip: Hashable, Sendable {
        /// The clip's number (its file's).
        public var clip: UInt32
        /// The orientation latched at its start, for the movie's track matrix (nil: `unknown`,
        /// the identity).
        public var orientation: UprightOrientation?
        /// The recorder reported it records.
        public var started = false
        /// The machine ordered it stopped.
        public var stopWanted = false
    }

    /// Where the running program stands.
    public enum Phase: Hashable, Sendable {
        /// Started; may be signalled once the `ready` timer expires.
        case starting
        /// Its ready delay is over: it may be signalled or asked to record.
        case ready
        /// The server was signalled for the photo whose file will be `index` (the one-shot
        /// command takes its photo from its start: index 0).
        case shooting(index: Int)
        /// Asked to stop.
        case stopping
        /// SIGKILL sent; waiting for its exit.
        case killed
        /// Killed and not ended within the kill bound: stuck in the kernel, still the owner.
        case stuck
    }

    /// The program that runs: the camera's one owner.
    public struct Running: Hashable, Sendable {
        /// Which program it is (the still server, the one-shot command or the recorder).
        public var program: CameraProgram
        /// Where it stands.
        public var phase: Phase
        /// The still server's next file index (its pattern's counter).
        public var nextIndex = 0
        /// Why it was killed, reported when its exit is seen.
        public var killedFor: CameraFault?
    }

    /// A photo handed to the files port to finish: its answer, once the port says it is
    /// written (at once in the step, or later from a thread of its own on a slow card).
    public struct Finishing: Hashable, Sendable {
        /// The shot's number.
        public var shot: UInt32
        /// When its program wrote the frame: the answer's time.
        public var exposedAt: Instant
        /// How long it waited for its program, reported with the answer.
        public var waited: TimeSpan
        /// Given up (timed out, shut down) while being finished: once written it is removed.
        public var abandoned = false
    }

    /// The most photos waiting or being finished; one more is refused at once.
    public static let maximumPhotos = 8

    /// The machine ordered the preview on (and not off since).
    public internal(set) var previewWanted = false
    /// Oldest first; the first is the one its program is at.
    public internal(set) var photos: [Photo] = []
    /// The clip ordered and not yet finished, if any.
    public internal(set) var clip: Clip?
    /// The program that owns the camera, if any.
    public internal(set) var running: Running?
    /// A program may start only once the restart backoff is over.
    public internal(set) var restartPending = false
    /// The next backoff (it doubles per death, up to the longest; a program that reaches ready resets it).
    public internal(set) var restartDelay: Backoff
    /// How long after its start the still server is signalled (doubled each time one was found not ready).
    public internal(set) var readyDelay: Backoff
    /// The camera fault reported and not yet recovered from.
    public internal(set) var outstandingFault: CameraFault?
    /// The storage fault is reported and the file system is looked at again on a timer.
    public internal(set) var storageFaulted = false
    /// The photos the files port is finishing, oldest first.
    public internal(set) var finishing: [Finishing] = []
    /// The clips the files port is finishing, oldest first.
    public internal(set) var finishingClips: [UInt32] = []

    /// A session with nothing wanted and nothing running.
    public init(settings: CameraSessionSettings) {
        restartDelay = Backoff(first: settings.firstRestartDelay, longest: settings.longestRestartDelay)
        readyDelay = Backoff(first: settings.readyDelay, longest: settings.longestRestartDelay)
    }

    /// True while a program runs, an order waits for one or a file is being finished.
    public var isBusy: Bool { running != nil || !photos.isEmpty || clip != nil || !finishing.isEmpty || !finishingClips.isEmpty }

    /// A killed program outlived the kill bound: it still owns the camera.
    public var isStuck: Bool { running?.phase == .stuck }
}
