import UprightCore
import UprightHost

/// The soak's invariants over the event stream, checked as each record streams past (nothing
/// is stored): every press yields exactly one answer (capture, capture failure, rejection,
/// a clip started by a hold or stopped by a press), a clip's stop reports the orientation
/// latched at its start, the machine is only ever in one of the four states and each state
/// record starts where the last one ended, every photo has its journal line, and records come
/// in time order. The first
/// broken invariant is kept with its time; later ones are not looked for.
public struct SoakChecker: Sendable {
    /// The state names (**contract**, docs/events.md).
    public static let stateNames = ["idle", "previewing", "capturing", "recording"]

    /// Counts of the current phase.
    public private(set) var counts = SoakEventCounts()
    /// Counts of the phase before, still growing while its records come out late: on a slow
    /// card the journal's worker puts out the last records of the faults-on phase after the
    /// faults-off phase has begun. A record counts in the phase of its time.
    public private(set) var earlierCounts = SoakEventCounts()
    /// When the current phase began.
    private var phaseStart = Instant.zero
    public private(set) var violation: SoakViolation?
    /// The state the last `state` record went to (the machine boots in `idle`).
    public private(set) var state = "idle"
    private var openClip: (clip: Int, orientation: UprightOrientation?)?
    private var lastClip = 0
    /// The latest record's time: records never go back.
    private var lastTime = Instant.zero
    private var lastShot = 0
    /// Presses fed and answers seen since the last checkpoint, by time: a checkpoint is
    /// looked at after the step that passed it, and that step may already have fed the next
    /// episode's press (an event loop stall holds the engine while the inputs go on), or
    /// answered it. Bounded: an episode has at most ten presses; more is itself a violation.
    private var pressTimes: [Instant] = []
    private var answerTimes: [Instant] = []
    static let maximumUnsettled = 64

    public init() {}

    /// Starts counting a new phase at `time` (the state and open clip carry over); records
    /// before it that come later still count in the phase before (`earlierCounts`).
    public mutating func startPhase(at time: Instant) {
        earlierCounts = counts
        counts = SoakEventCounts()
        phaseStart = time
    }

    public var passed: Bool { violation == nil }

    mutating func fail(_ message: String, at time: Instant) {
        if violation == nil { violation = SoakViolation(time: time, message: message) }
    }

    /// A clean down edge that begins a press was fed to the runtime.
    public mutating func pressFed(at time: Instant) {
        counts.presses += 1
        if pressTimes.count < Self.maximumUnsettled { pressTimes.append(time) } else { fail("more presses than an episode has", at: time) }
    }

    private mutating func answered(at time: Instant) {
        if answerTimes.count < Self.maximumUnsettled { answerTimes.append(time) } else { fail("more answers than an episode has", at: time) }
    }

    /// Quiet for longer than any press takes to be answered: every press up to `time` must be
    /// answered by `deadline` (`time` unless the engine was held meanwhile: `SoakEnginePauses`),
    /// and no more than them by `time`. An answer after `time` may be the next episode's (its
    /// presses may come before `deadline`): the ones this checkpoint's presses lack are taken,
    /// the rest are left for the next checkpoint, so a press never answered is still found.
    public mutating func checkpoint(at time: Instant, answersBy deadline: Instant? = nil) {
        let deadline = max(time, deadline ?? time)
        let presses = pressTimes.filter { $0 <= time }.count
        let onTime = answerTimes.filter { $0 <= time }.count
        let late = answerTimes.filter { $0 > time && $0 <= deadline }.count
        if onTime > presses || onTime + late < presses {
            // Too many answers are found at the checkpoint, too few at the deadline.
            let answers = onTime > presses ? onTime : onTime + late
            fail(
                String(presses - answers) + " of " + String(presses) + " presses since the last checkpoint have no capture or rejection record",
                at: onTime > presses ? time : deadline)
        }
        pressTimes.removeAll { $0 <= time }
        answerTimes.removeAll { $0 <= time }
        // Answers come in time order: the oldest late ones are this checkpoint's.
        answerTimes.removeFirst(min(max(0, presses - onTime), answerTimes.count))
    }

    /// One record of the event stream; `journaled` tells whether its journal line was written
    /// (true for records the journal does not keep).
    public mutating func observe(_ event: TimedEvent, journaled: Bool) {
        guard event.time < phaseStart else { return observeInItsPhase(event, journaled: journaled) }
        swap(&counts, &earlierCounts)
        observeInItsPhase(event, journaled: journaled)
        swap(&counts, &earlierCounts)
    }

    /// `observe`, with `counts` the counts of the event's phase.
    private mutating func observeInItsPhase(_ event: TimedEvent, journaled: Bool) {
        let time = event.time
        if time < lastTime {
            fail(
                event.record.name + " record at " + String(time.seconds) + " s after one at " + String(lastTime.seconds) + " s: records out of order",
                at: time)
        }
        lastTime = max(lastTime, time)
        switch event.record {
        case .orientation:
            counts.orientationChanges += 1
            return
        case .state(let from, let to):
            checkStateChange(from: from, to: to, at: time)
            return
        case .capture(let shot, _, let stale, _, _, _):
            counts.captures += 1
            answered(at: time)
            if stale { counts.staleCaptures += 1 }
            checkShot(shot, at: time)
            if journaled { counts.journaledCaptures += 1 } else { fail("capture of shot " + String(shot) + " has no journal line", at: time) }
        case .captureFailed(let shot, _):
            counts.captureFailures += 1
            answered(at: time)
            checkShot(shot, at: time)
        case .shutterRejected(let reason):
            answered(at: time)
            if reason == "queue full" { counts.rejectionsQueueFull += 1 } else { counts.rejectionsOther += 1 }
        case .recordStart(let clip, let orientation, _, _):
            checkClipStart(clip, orientation: orientation, at: time)
        case .recordStop(let clip, let orientation, _, let reason, _):
            checkClipStop(clip, orientation: orientation, reason: reason, at: time)
        case .recordFailed(let clip, _):
            // The clip recording, or one stopped earlier that could not be finished.
            if openClip?.clip == clip { openClip = nil }
            lastClip = max(lastClip, clip)
        case .fault(let kind, _):
            counts.faultRecords += 1
            if let index = ["camera-died", "camera-hung", "camera-unavailable"].firstIndex(of: kind) { counts.cameraFaultRecords[index] += 1 }
        case .bound(let name, let lost, _):
            counts.faultRecords += 1
            counts.boundRecords += 1
            if lost == 0 && (name == BoundKind.cameraFiles.text || name == BoundKind.journalQueue.text) { counts.cardWaitRecords += 1 }
        case .recovered:
            counts.recoveredRecords += 1
        case .rotationOwed, .rotationWritten:
            // The soak's clips are the simulator's movies on a working file system: each gets its rotation.
            fail(event.record.name + " rotation record in a soak", at: time)
        case .fileRecovered, .fileMissing:
            // A soak starts in an empty directory and is never cut: start-up finds nothing.
            fail(event.record.name + " record in a soak", at: time)
        }
        if journaled { counts.journalLines += 1 } else { fail(event.record.name + " record has no journal line", at: time) }
        if counts.answers > counts.presses {
            fail(
                event.record.name + " record answers no press (" + String(counts.answers) + " answers to " + String(counts.presses) + " presses)",
                at: time)
        }
    }

    private mutating func checkStateChange(from: String, to: String, at time: Instant) {
        counts.stateChanges += 1
        if !SoakChecker.stateNames.contains(to) || !SoakChecker.stateNames.contains(from) {
            fail("state change " + from + " -> " + to + " names a state outside the four", at: time)
        } else if from != state {
            fail("state change from " + from + " but the machine was in " + state, at: time)
        } else if from == to {
            fail("state change from " + from + " to itself", at: time)
        }
        state = to
    }

    /// A clip starts only after the last one stopped, numbered one after it: a press's answer.
    private mutating func checkClipStart(_ clip: Int, orientation: UprightOrientation?, at time: Instant) {
        counts.clipsStarted += 1
        answered(at: time)
        if let open = openClip { fail("clip " + String(clip) + " started while clip " + String(open.clip) + " is still recording", at: time) }
        if clip != lastClip + 1 { fail("clip " + String(clip) + " started after clip " + String(lastClip), at: time) }
        lastClip = clip
        openClip = (clip, orientation)
    }

    /// A clip stops only while recording, with the orientation it started with; a stop by the
    /// shutter is that press's answer.
    private mutating func checkClipStop(_ clip: Int, orientation: UprightOrientation?, reason: String, at time: Instant) {
        counts.clipsStopped += 1
        if reason == "shutter" {
            counts.clipsStoppedByShutter += 1
            answered(at: time)
        }
        if reason == "clip-limit" { counts.clipLimitStops += 1 }
        guard let open = openClip, open.clip == clip else {
            fail("clip " + String(clip) + " stopped but was not recording", at: time)
            return
        }
        if open.orientation != orientation {
            fail(
                "clip " + String(clip) + " latched " + open.orientation.latchName + " at its start but stopped with " + orientation.latchName,
                at: time)
        }
        openClip = nil
    }

    private mutating func checkShot(_ shot: Int, at time: Instant) {
        if shot <= lastShot { fail("shot " + String(shot) + " answered after shot " + String(lastShot) + " (twice, or out of order)", at: time) }
        lastShot = shot
    }
}
