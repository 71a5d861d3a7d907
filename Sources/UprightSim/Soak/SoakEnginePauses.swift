import UprightCore

/// The times the soak held the engine (its event loop stalled, or, when the engine reads the
/// chip in its own step, the sampling paused), and how much later they let a press's answer
/// come.
///
/// A press is judged at its own time however late the engine takes it, but the orders it
/// gives reach the camera on the real clock, when the engine runs again, and the camera's
/// bounds (its start, the photo's bound, the capture timeout) count from then. So an answer
/// that waits on the camera comes as much later as the engine was held while it waited: swarm
/// seed 114's press at 730.303 s came 26 ms into a stall of 2.341 s; its photo was ordered at
/// 732.617 s, the camera hung, and the photo's bound failed it at 736.619 s, 151 ms after the
/// 6 s the soak had allowed from the press's release (736.468 s). A checkpoint's deadline
/// moves by every pause's overlap with the time from the episode's first press that waits on
/// the camera to the deadline itself, and by nothing else.
///
/// Bounded: pauses are forgotten once no episode can still wait on them, and faults come at
/// least `SoakFaultPlanner.minimumGapSeconds` apart, so the longest answer time (a burst's on
/// a stalling card, a few minutes) spans a few dozen at most; `add` refuses past `capacity`.
public struct SoakEnginePauses: Sendable {
    /// The most pauses remembered at once.
    public static let capacity = 64

    /// The pauses remembered, oldest first, none overlapping.
    public private(set) var pauses: [Range<Instant>] = []

    public init() {}

    /// The engine is held over `pause` (which starts no earlier than the last one added);
    /// false, and not remembered, when `capacity` pauses are.
    public mutating func add(_ pause: Range<Instant>) -> Bool {
        guard !pause.isEmpty else { return true }
        if let last = pauses.last, pause.lowerBound <= last.upperBound {
            // Overlapping holds delay the engine once.
            pauses[pauses.count - 1] = last.lowerBound..<max(last.upperBound, pause.upperBound)
            return true
        }
        guard pauses.count < Self.capacity else { return false }
        pauses.append(pause)
        return true
    }

    /// When the presses of an episode whose checkpoint is at `checkpoint` must all be answered,
    /// the first of them that waits on the camera being at `answersFrom`: the checkpoint, later
    /// by each pause's overlap with the time from `answersFrom` to the deadline (a pause that
    /// begins before the deadline so far moves it too). Only pauses up to the returned deadline
    /// matter: once the soak has passed it, the answer is final.
    public func answerDeadline(checkpoint: Instant, answersFrom: Instant) -> Instant {
        var deadline = checkpoint
        for pause in pauses where pause.upperBound > answersFrom {
            guard pause.lowerBound < deadline else { break }
            deadline = deadline + (pause.upperBound - max(pause.lowerBound, answersFrom))
        }
        return deadline
    }

    /// Forgets the pauses that ended by `time`: no episode still waiting began before it.
    public mutating func forget(endingBy time: Instant) {
        // Called after every step of a soak: nothing to forget costs one comparison.
        guard let first = pauses.first, first.upperBound <= time else { return }
        pauses.removeAll { $0.upperBound <= time }
    }
}
