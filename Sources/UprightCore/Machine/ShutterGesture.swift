/// Shutter button edges (with their timestamps) in, gestures out. Pure: time is whatever the
/// caller says it is.
///
/// Debouncing is by settling: a level counts once the line has stayed at it for `debounce`,
/// so a bounce storm gives one press, and a pulse shorter than `debounce` (a glitch, or a
/// press too short to be meant) gives nothing. A gesture is stamped with the time of the edge
/// that began the stable level, not the time it was recognised.
///
/// Gestures: `touched` at once at the first down edge of a press (the line had settled up
/// before it: a bounce burst's later edges are not new touches), so the orientation at that
/// instant can be latched; `pressed` once the debounce confirms it, stamped with that edge's
/// time; then either `released` (up before `holdTime`: a short press, a photo) or `held` (down
/// for `holdTime`: a clip; its release gives nothing). A button down for `stuckTime` reports
/// `stuck` once, and `unstuck` when it is finally released; it never repeats `held`. A touch
/// that never becomes a press (a glitch shorter than the debounce) is followed by `glitch`
/// once the line has settled up again for the debounce (stamped then): the photo the touch
/// ordered is given up, so a glitch leaves nothing.
public struct ShutterGesture: Sendable {
    /// The recogniser's timings (per board file).
    public struct Configuration: Equatable, Sendable {
        /// How long the line must stay at a level before it counts.
        public var debounce: TimeSpan
        /// How long a press must be held to count as a hold (a clip) rather than a photo.
        public var holdTime: TimeSpan
        /// How long the button may stay down before it is reported stuck.
        public var stuckTime: TimeSpan

        /// Timings with the firmware's defaults: 30 ms debounce, 1 s hold, 30 s stuck.
        public init(debounce: TimeSpan = .milliseconds(30), holdTime: TimeSpan = .seconds(1), stuckTime: TimeSpan = .seconds(30)) {
            self.debounce = debounce
            self.holdTime = holdTime
            self.stuckTime = stuckTime
        }
    }

    /// What a gesture is.
    public enum Kind: UInt8, Sendable {
        /// The first raw down edge of a press, reported at once (not debounced).
        case touched
        /// The debounce confirmed the press (stamped with its first edge's time).
        case pressed
        /// Released before the hold time: a short press.
        case released
        /// Held down for the hold time.
        case held
        /// Down for the stuck time: the button counts as stuck.
        case stuck
        /// A stuck button was released.
        case unstuck
        /// The touch's line settled up again before the debounce confirmed a press: no press.
        case glitch
    }

    /// One recognised gesture and its time.
    public struct Gesture: Equatable, Sendable {
        /// What was recognised.
        public var kind: Kind
        /// When it happened.
        public var time: Instant

        /// A gesture of `kind` at `time`.
        public init(_ kind: Kind, at time: Instant) {
            self.kind = kind
            self.time = time
        }
    }

    /// The timings it recognises gestures with.
    public var configuration: Configuration

    private var rawDown = false
    private var rawSince = Instant.zero
    private var stableDown = false
    private var stableSince = Instant.zero
    private var heldReported = false
    private var stuckReported = false
    /// A touch was reported and its press not yet confirmed.
    private var touchOpen = false
    /// Gestures recognised but not yet taken. At most four can be waiting at once (a release
    /// settled, a touch, then a press settled and its hold, or a hold and a stuck), so six
    /// slots never overflow (a glitch settles only with no press open, so it never adds a
    /// fifth); `overflowed` says if a future change broke that.
    private var pending = InlineArray<6, Gesture>(repeating: Gesture(.pressed, at: .zero))
    private var pendingCount = 0
    /// A gesture was dropped because `pending` was full: a broken bound, which the runtime
    /// reports (and the simulator traps on).
    public private(set) var overflowed = false

    /// A recogniser with the line released and nothing pending.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Whether the debounced button is down.
    public var isDown: Bool { stableDown }

    /// The raw line changed (`down`: pressed) at `time`. Repeated levels are ignored; a time
    /// earlier than the previous edge is taken as that edge's time.
    public mutating func edge(down: Bool, at time: Instant) {
        let time = max(time, rawSince)
        recognise(until: time)
        guard down != rawDown else { return }
        // A new touch: the line is down while the debounced button is up, and either no touch
        // is open or the line had settled up for the debounce time before this edge (a glitch
        // long ago does not hold the latch of a later press).
        if down && !stableDown && (!touchOpen || rawSince + configuration.debounce <= time) {
            touchOpen = true
            emit(.touched, at: time)
        }
        rawDown = down
        rawSince = time
    }

    /// The next gesture due by `now`, oldest first; call until nil.
    public mutating func next(now: Instant) -> Gesture? {
        recognise(until: now)
        guard pendingCount > 0 else { return nil }
        let first = pending[0]
        var index = 1
        while index < pendingCount {
            pending[index - 1] = pending[index]
            index += 1
        }
        pendingCount -= 1
        return first
    }

    /// When something will be due if no edge comes first: the runtime's wake-up time.
    @inline(__always)
    public var nextDeadline: Instant? {
        if rawDown != stableDown { return rawSince + configuration.debounce }
        guard stableDown else { return touchOpen ? rawSince + configuration.debounce : nil }
        if !heldReported { return stableSince + configuration.holdTime }
        if !stuckReported { return stableSince + configuration.stuckTime }
        return nil
    }

    private mutating func recognise(until now: Instant) {
        // Bounded: each pass reports something or returns, and there are four things to report.
        var passes = 0
        while passes < 5, let deadline = nextDeadline, deadline <= now {
            passes += 1
            if !stableDown && !rawDown {
                // Only with a touch open (`nextDeadline`): it settled up, never a press.
                touchOpen = false
                emit(.glitch, at: deadline)
            } else if rawDown != stableDown {
                stableDown = rawDown
                stableSince = rawSince
                if stableDown {
                    heldReported = false
                    stuckReported = false
                    touchOpen = false
                    emit(.pressed, at: rawSince)
                } else if stuckReported {
                    emit(.unstuck, at: rawSince)
                } else if !heldReported {
                    emit(.released, at: rawSince)
                }
            } else if !heldReported {
                heldReported = true
                emit(.held, at: deadline)
            } else {
                stuckReported = true
                emit(.stuck, at: deadline)
            }
        }
    }

    private mutating func emit(_ kind: Kind, at time: Instant) {
        guard pendingCount < pending.count else {
            overflowed = true
            assertionFailure("ShutterGesture: pending gestures overflowed")
            return
        }
        pending[pendingCount] = Gesture(kind, at: time)
        pendingCount += 1
    }
}
