import UprightCore

/// The soak's button workload, generated lazily from a seeded stream: episodes of one photo, a clip
/// (a hold, then a press while recording stops it, sometimes after the clip limit), a burst of
/// presses while photos are in flight, or a press whose contacts chatter in a bounce storm.
/// Each episode ends with a `checkpoint` once every press must have been answered; then a
/// quiet gap (sometimes past the idle timeout, so the next press wakes the camera).
///
/// Only one episode is held at a time (at most a few dozen edges), so a day of presses
/// costs no storage.
public struct SoakWorkload: Sendable {
    public struct Timing: Equatable, Sendable {
        public var debounceSeconds: Double
        public var holdSeconds: Double
        public var maximumClipSeconds: Double
        /// The longest one photo may take to be answered: the capture timeout, plus margin.
        public var answerSeconds: Double
        /// Presses the machine queues behind the photo in flight (`machine.press_queue`).
        public var pressQueueDepth: Int
        /// The longest the card takes over one file job (`SimCard`: its flushes and a stall):
        /// a photo's record waits for its file.
        public var fileJobSeconds: Double

        public init(
            debounceSeconds: Double = 0.03, holdSeconds: Double = 1, maximumClipSeconds: Double = 120, answerSeconds: Double = 6,
            pressQueueDepth: Int = 4, fileJobSeconds: Double = 0
        ) {
            self.debounceSeconds = debounceSeconds
            self.holdSeconds = holdSeconds
            self.maximumClipSeconds = maximumClipSeconds
            self.answerSeconds = answerSeconds
            self.pressQueueDepth = pressQueueDepth
            self.fileJobSeconds = fileJobSeconds
        }

        /// How long after its last edge an episode of `photos` presses may take to be
        /// answered: the photos that wait in line (the one in flight and the queue; the rest
        /// are rejected at once) may each run into the capture timeout (a hung camera), and
        /// their files wait for the card: each photo's job and its discard, then a clip's
        /// (what an episode leaves for the files worker; the episode before was answered).
        func answerSeconds(photos: Int) -> Double {
            let waiting = Double(min(max(photos, 1), pressQueueDepth + 1))
            return waiting * answerSeconds + (2 * waiting + 2) * fileJobSeconds
        }
    }

    /// How often each kind of episode comes, as weights (out of their sum).
    public struct Shares: Equatable, Sendable {
        public var shortPress: Int
        public var clip: Int
        public var burst: Int
        public var storm: Int

        public init(shortPress: Int, clip: Int, burst: Int, storm: Int) {
            self.shortPress = max(0, shortPress)
            self.clip = max(0, clip)
            self.burst = max(0, burst)
            self.storm = max(0, storm)
        }

        /// 40% short presses, 20% clips, 20% bursts, 20% bounce storms.
        public static let standard = Shares(shortPress: 40, clip: 20, burst: 20, storm: 20)

        var total: Int { max(1, shortPress + clip + burst + storm) }

        /// In percent, for the swarm's report: `short 40, clip 20, burst 20, storm 20`.
        public var summary: String {
            func percent(_ weight: Int) -> String { String(weight * 100 / total) }
            return "short " + percent(shortPress) + ", clip " + percent(clip) + ", burst " + percent(burst) + ", storm " + percent(storm)
        }
    }

    /// The most chatter edges one clean edge gets in a bounce storm, as standard.
    public static let maximumChatterEdges = 40

    public let timing: Timing
    public let shares: Shares
    /// The most chatter edges one clean edge gets in a bounce storm (at least 2).
    public let chatterEdges: Int
    private var generator: SeededGenerator
    private var cursorSeconds: Double
    private let endSeconds: Double
    private var pending: [SoakInput] = []
    private var pendingIndex = 0
    private var finished = false
    /// Presses planned so far, by kind.
    public private(set) var counts = SoakWorkloadCounts()

    /// A workload from `start` to `end` drawn from `generator` (a `RandomStreams` stream); the
    /// same generator gives the same presses relative to `start`.
    public init(
        generator: SeededGenerator, start: Instant, end: Instant, timing: Timing = Timing(), shares: Shares = .standard,
        maximumChatterEdges: Int = SoakWorkload.maximumChatterEdges
    ) {
        self.timing = timing
        self.shares = shares
        self.chatterEdges = max(2, maximumChatterEdges)
        self.generator = generator
        cursorSeconds = start.seconds + 1
        endSeconds = end.seconds
    }

    /// The next input, nil when the workload is over.
    public mutating func next() -> SoakInput? {
        if pendingIndex == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard !finished, planEpisode(allowClipLimit: true) else {
                finished = true
                return nil
            }
        }
        pendingIndex += 1
        return pending[pendingIndex - 1]
    }

    private mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * generator.unit() }

    private static func instant(_ seconds: Double) -> Instant { Instant(nanoseconds: TimeSpan(seconds: seconds).nanoseconds) }

    /// A short press: down well past the debounce, up well before the hold time.
    private mutating func shortPressSeconds() -> Double {
        uniform(2 * timing.debounceSeconds, 0.6 * timing.holdSeconds)
    }

    /// Plans the next episode into `pending`; false when none fits before the end.
    private mutating func planEpisode(allowClipLimit: Bool) -> Bool {
        var edges: [PlannedEdge] = []
        var counts = SoakWorkloadCounts()
        let start = cursorSeconds
        let total = UInt64(shares.total)
        let roll = Int(generator.next() % total)
        let clipFrom = shares.shortPress
        let burstFrom = clipFrom + shares.clip
        let stormFrom = burstFrom + shares.burst
        var clipLimit = false
        switch roll {
        case ..<clipFrom:
            let up = start + shortPressSeconds()
            edges += [(start, true, true), (up, false, false)]
            counts.shortPresses += 1
        case clipFrom..<burstFrom:
            clipLimit = planClip(from: start, allowClipLimit: allowClipLimit, into: &edges, counts: &counts)
        case burstFrom..<stormFrom:
            planBurst(from: start, into: &edges, counts: &counts)
        default:
            let up = start + uniform(max(0.15, 3 * timing.debounceSeconds), 0.6 * timing.holdSeconds)
            edges += [(start, true, true), (up, false, false)]
            counts.stormPresses += 1
        }
        guard let last = edges.last?.time else { return false }
        // After the last clean edge: its chatter (inside the debounce time), then the answer time.
        let checkpoint = last + timing.debounceSeconds + timing.answerSeconds(photos: counts.burstPresses)
        guard checkpoint <= endSeconds else {
            // A clip past the limit does not fit: the run ends with quieter episodes.
            if clipLimit { return planEpisode(allowClipLimit: false) }
            return false
        }
        let storm = roll >= stormFrom
        // A clip's hold is answered at its own time (the clip's start record); its stop press
        // may take a photo (the clip already stopped at the limit), which waits on the camera.
        let answersFrom = (clipFrom..<burstFrom).contains(roll) ? edges[2].time : start
        for edge in edges {
            pending.append(.edge(ButtonEdge(time: Self.instant(edge.time), pressed: edge.down), press: edge.press))
            if storm { counts.chatterEdges += addChatter(after: edge.time, level: edge.down) }
        }
        pending.append(.checkpoint(Self.instant(checkpoint), answersFrom: Self.instant(answersFrom)))
        self.counts.add(counts)
        // Quiet: mostly a few seconds, one in eight past a 20 s idle timeout.
        let quiet = generator.next() % 8 == 0 ? uniform(20, 30) : uniform(0.5, 8)
        cursorSeconds = checkpoint + quiet
        return true
    }

    /// A hold that starts a clip, then the press that stops it; true when the clip is planned
    /// to run into the clip limit before that press.
    private mutating func planClip(
        from start: Double, allowClipLimit: Bool, into edges: inout [PlannedEdge], counts: inout SoakWorkloadCounts
    ) -> Bool {
        let release = start + uniform(timing.holdSeconds + 0.2, timing.holdSeconds + 1.5)
        edges += [(start, true, true), (release, false, false)]
        counts.holds += 1
        // Mostly short clips; one in ten runs into the clip limit before its stop press.
        let clipLimit = generator.next() % 10 == 0 && allowClipLimit
        let length = clipLimit ? timing.maximumClipSeconds + uniform(1, 10) : uniform(2, 40)
        let stop = max(start + length, release + 0.5)
        edges += [(stop, true, true), (stop + shortPressSeconds(), false, false)]
        counts.stopPresses += 1
        return clipLimit
    }

    /// Three to ten presses, one every 100 to 180 ms: faster than photos are taken, so the
    /// longer bursts fill the press queue.
    private mutating func planBurst(from start: Double, into edges: inout [PlannedEdge], counts: inout SoakWorkloadCounts) {
        let presses = 3 + Int(generator.next() % 8)
        var time = start
        for _ in 0..<presses {
            let up = time + uniform(1.5 * timing.debounceSeconds, max(0.08, 2 * timing.debounceSeconds))
            edges += [(time, true, true), (up, false, false)]
            time = up + uniform(1.7 * timing.debounceSeconds, max(0.1, 2.5 * timing.debounceSeconds))
        }
        counts.burstPresses += presses
    }

    /// A clean edge of an episode: when, which level, whether it starts a press.
    private typealias PlannedEdge = (time: Double, down: Bool, press: Bool)

    /// Chatter after a clean edge at `time`: an even number of edges inside two thirds of the
    /// debounce time (so the contact settles on the clean level and one press is recognised).
    private mutating func addChatter(after time: Double, level: Bool) -> Int {
        let windowNanoseconds = Int64(timing.debounceSeconds * 2 / 3 * 1e9)
        guard windowNanoseconds > 2 else { return 0 }
        let pairs = min(chatterEdges / 2, 2 + Int(generator.next() % UInt64(max(1, chatterEdges / 2 - 1))))
        var offsets: [Int64] = []
        offsets.reserveCapacity(pairs * 2)
        for _ in 0..<(pairs * 2) { offsets.append(1 + Int64(generator.next() % UInt64(windowNanoseconds - 1))) }
        offsets.sort()
        let base = Self.instant(time)
        var current = level
        var last: Int64 = 0
        var added = 0
        for offset in offsets where offset > last {
            current.toggle()
            pending.append(.edge(ButtonEdge(time: base + TimeSpan(nanoseconds: offset), pressed: current), press: false))
            last = offset
            added += 1
        }
        if current != level {
            pending.append(.edge(ButtonEdge(time: base + TimeSpan(nanoseconds: windowNanoseconds), pressed: level), press: false))
            added += 1
        }
        return added
    }
}
