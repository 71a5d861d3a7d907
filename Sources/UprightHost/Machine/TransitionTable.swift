import UprightCore

/// The camera machine as data: every transition `CameraMachine.transition` takes, with its
/// guard and action. It lives here, not in UprightCore, because a table of strings costs
/// several KB of flash in an Embedded image and the firmware does not need it. `upright machine` prints and draws it; the exhaustive tests check that
/// every transition the code takes is a row here and every row is taken. An event with no
/// row for a state is ignored there: late completions, and gestures the recogniser cannot
/// produce there (a release in `recording`, whose entering hold already consumed it).
public enum TransitionTable {
    public static let rows: [Transition] = [
        Transition(
            nil, .shutterTouched, "", nil,
            "latch the last upright pose (stale while faulty, none yet: unknown); idle or previewing, room: order the photo (before the first decision: at it)"
        ),
        Transition(
            nil, .orientationChanged, "", nil,
            "remember the pose; show it unless idle; the first decision fills the open latches and orders the touch's photo"),
        Transition(nil, .sensorFault, "sensor was ok", nil, "later latches are stale; fault record"),
        Transition(nil, .sensorRecovered, "sensor was faulty", nil, "recovered record"),
        Transition(nil, .eventsLost, "", nil, "fault record"),
        Transition(nil, .cameraFault, "", nil, "fault record (camera-died, -hung, -unavailable)"),
        Transition(nil, .cameraRecovered, "", nil, "recovered record"),
        Transition(nil, .recordingFailed, "the clip stopped last", nil, "record-failed (its file could not be finished)"),

        Transition(.idle, .shutterPressed, "", .previewing, "take the touch's latch"),
        Transition(.idle, .shutterGlitch, "the touch's photo ordered", nil, "give it up (no file, no record)"),
        Transition(.idle, .captureTaken, "the touch's photo", nil, "no capture timeout at its release (its file is with the card)"),
        Transition(.idle, .captureFinished, "the touch's photo", nil, "keep the answer for the release"),
        Transition(.idle, .captureFailed, "the touch's photo", nil, "keep the failure for the release"),
        Transition(.idle, .shutdownRequested, "the touch's photo ordered", nil, "give it up"),

        Transition(.previewing, .shutterPressed, "", nil, "take the touch's latch; restart idle timer"),
        Transition(.previewing, .shutterReleased, "press latched", .capturing, "photo (the touch's, if ordered)"),
        Transition(.previewing, .shutterReleased, "press latched, answered", nil, "capturing and back: its record"),
        Transition(.previewing, .shutterHeld, "press latched", .recording, "give up the touch's photo; clip"),
        Transition(.previewing, .shutterReleased, "press used", nil, "forget the press"),
        Transition(.previewing, .shutterHeld, "press used", nil, "forget the press"),
        Transition(.previewing, .shutterGlitch, "the touch's photo ordered", nil, "give it up (no file, no record)"),
        Transition(.previewing, .captureTaken, "the touch's photo", nil, "no capture timeout at its release (its file is with the card)"),
        Transition(.previewing, .captureFinished, "the touch's photo", nil, "keep the answer for the release"),
        Transition(.previewing, .captureFailed, "the touch's photo", nil, "keep the failure for the release"),
        Transition(.previewing, .idleTimerFired, "", .idle, "reject a press still down"),
        Transition(.previewing, .shutdownRequested, "", .idle, "reject a press still down"),

        Transition(.capturing, .shutterPressed, "", nil, "take the touch's latch"),
        Transition(.capturing, .shutterReleased, "press latched", nil, "queue it or reject (queue-full)"),
        Transition(.capturing, .shutterHeld, "press latched", nil, "reject (busy)"),
        Transition(.capturing, .captureTaken, "this shot", nil, "stop the capture timeout (its file is with the card)"),
        Transition(.capturing, .captureFinished, "this shot, queue empty", .previewing, "capture record"),
        Transition(.capturing, .captureFinished, "this shot, press queued", nil, "capture record; next photo"),
        Transition(.capturing, .captureFailed, "this shot, queue empty", .previewing, "capture-failed record"),
        Transition(.capturing, .captureFailed, "this shot, press queued", nil, "capture-failed record; next photo"),
        Transition(.capturing, .captureTimerFired, "queue empty", .previewing, "capture-failed (timeout)"),
        Transition(.capturing, .captureTimerFired, "press queued", nil, "capture-failed (timeout); next photo"),
        Transition(.capturing, .shutdownRequested, "", .idle, "capture-failed; reject queued presses"),

        Transition(.recording, .shutterPressed, "", .previewing, "stop clip (shutter)"),
        Transition(.recording, .clipTimerFired, "", .previewing, "stop clip (clip-limit)"),
        Transition(.recording, .recordingStopped, "this clip", .previewing, "record-stop (camera)"),
        Transition(.recording, .recordingFailed, "this clip", .previewing, "record-failed"),
        Transition(.recording, .shutdownRequested, "", .idle, "stop clip (shutdown)"),
    ]

    /// Whether the machine going from `from` to `to` on `event` is a row (`to == nil`: an
    /// internal transition, the state unchanged).
    public static func allows(from: StateName, event: EventKind, to: StateName?) -> Bool {
        for row in rows where row.event == event && row.applies(to: from) && row.to == to {
            return true
        }
        return false
    }
}
