import Testing
import UprightCore

/// Literal command lists for the main paths (the exhaustive exploration lives in
/// UprightHostTests, next to the table it checks against).
@Suite struct CameraMachineTests {
    let machine = CameraMachine(
        configuration: MachineConfiguration(
            idleTimeout: .seconds(60), captureTimeout: .seconds(5), maxClipLength: .seconds(600), queueDepth: 1))

    func run(_ state: inout MachineState, _ event: MachineEvent) -> [MachineCommand] {
        Array(machine.transition(&state, event))
    }

    /// A machine in `name` whose detector has made its first decision, `pose` (a touch before
    /// it waits for it: `CameraMachineFirstDecisionTests`).
    func decided(_ name: StateName = .idle, numberedAfter: UInt32 = 0, _ pose: Orientation = .normal) -> MachineState {
        var state = MachineState(name, numberedAfter: numberedAfter)
        _ = machine.transition(&state, .orientationChanged(pose))
        return state
    }

    /// A press as the gesture recogniser gives it: the touch (which latches the last upright
    /// pose and, where a press would shoot, orders the photo at once: zero shutter lag), then
    /// the debounced press. `touch` gets the touch's commands; returns the press's.
    func press(_ state: inout MachineState, touch: inout [MachineCommand]) -> [MachineCommand] {
        touch = run(&state, .shutterTouched(at: .zero))
        return run(&state, .shutterPressed)
    }

    func press(_ state: inout MachineState) -> [MachineCommand] {
        var touch: [MachineCommand] = []
        return press(&state, touch: &touch)
    }

    @Test func bootInIdleTurnsThePreviewOff() {
        var state = MachineState()
        #expect(Array(machine.start(&state)) == [.camera(.stopPreview)])
        // Before the detector's first decision there is no pose to show; the decision shows it.
        var replay = MachineState(.previewing)
        #expect(Array(machine.start(&replay)) == [.armTimer(.idle, .seconds(60))])
        #expect(run(&replay, .orientationChanged(.normal)) == [.camera(.showOrientation(.normal))])
        var decidedReplay = decided(.previewing)
        #expect(Array(machine.start(&decidedReplay)) == [.armTimer(.idle, .seconds(60)), .camera(.showOrientation(.normal))])
    }

    /// After a restart the numbers go on after the earlier run's (start-up reconciliation's
    /// highest): photos and clips each count on from it.
    @Test func numberingContinuesAfterAnEarlierRun() {
        var state = decided(.previewing, numberedAfter: 12)
        var touch: [MachineCommand] = []
        _ = press(&state, touch: &touch)
        #expect(touch == [.camera(.capturePhoto(shot: 13, orientation: .normal, touchedAt: .zero))])
        #expect(run(&state, .shutterReleased).contains(.armTimer(.capture, .seconds(5))))
        #expect(run(&state, .captureFinished(shot: 13)).contains(.journal(.capture(shot: 13, orientation: .normal, stale: false))))
        _ = press(&state, touch: &touch)
        #expect(touch == [.camera(.capturePhoto(shot: 14, orientation: .normal, touchedAt: .zero))])
        #expect(run(&state, .shutterHeld).contains(.camera(.startRecording(clip: 13, orientation: .normal))))
        // The hold gave photo 14 up: its number is not used again.
        _ = press(&state) // stops the clip
        _ = press(&state, touch: &touch)
        #expect(touch == [.camera(.capturePhoto(shot: 15, orientation: .normal, touchedAt: .zero))])
    }

    /// At the top of the numbers (UInt32.max, `IMG_4294967295.jpg`, the largest the names hold)
    /// the camera never wraps to 0 and 1, whose names an earlier photo or clip may hold: the
    /// last number is used, then each press is refused `numbers used up`, a photo's and a
    /// clip's alike, and a press queued behind the last photo too.
    @Test func numbersUsedUpRefuseThePressNeverWrap() {
        var state = decided(.previewing, numberedAfter: UInt32.max - 1)
        var touch: [MachineCommand] = []
        _ = press(&state, touch: &touch)
        #expect(touch == [.camera(.capturePhoto(shot: UInt32.max, orientation: .normal, touchedAt: .zero))])
        _ = run(&state, .shutterReleased)
        _ = press(&state, touch: &touch)
        #expect(touch == []) // the touch orders nothing: no number is left
        #expect(run(&state, .shutterReleased) == []) // queued behind the last photo
        #expect(
            run(&state, .captureFinished(shot: UInt32.max)) == [
                .journal(.capture(shot: UInt32.max, orientation: .normal, stale: false)),
                .journal(.shutterRejected(.numbersUsedUp)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.normal)),
            ])
        _ = press(&state, touch: &touch)
        #expect(touch == [])
        #expect(run(&state, .shutterReleased) == [.journal(.shutterRejected(.numbersUsedUp))])
        #expect(state.shot == UInt32.max)
        // Clips count on their own: clip 4294967295 is the last.
        _ = press(&state)
        #expect(run(&state, .shutterHeld).contains(.camera(.startRecording(clip: UInt32.max, orientation: .normal))))
        _ = press(&state) // stops it
        _ = press(&state)
        #expect(run(&state, .shutterHeld) == [.journal(.shutterRejected(.numbersUsedUp))])
        #expect(state.name == .previewing && state.clip == UInt32.max)
    }

    /// A full card: the photo that found it fails `storage`, presses meanwhile are rejected
    /// `storage full` (a photo and a clip alike), and once space returns photos are taken again.
    @Test func aFullCardRejectsPressesUntilSpaceReturns() {
        var state = decided(.previewing)
        var touch: [MachineCommand] = []
        _ = press(&state, touch: &touch)
        #expect(touch == [.camera(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero))])
        #expect(run(&state, .shutterReleased).contains(.journal(.state(from: .previewing, to: .capturing))))
        #expect(run(&state, .cameraFault(.storage)) == [.journal(.fault(.storage))])
        #expect(
            run(&state, .captureFailed(shot: 1)) == [
                .journal(.captureFailed(shot: 1, reason: .storage)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.normal)),
            ])
        // A full card: the touch orders nothing.
        _ = press(&state, touch: &touch)
        #expect(touch == [])
        #expect(run(&state, .shutterReleased) == [.journal(.shutterRejected(.storageFull))])
        _ = press(&state)
        #expect(run(&state, .shutterHeld) == [.journal(.shutterRejected(.storageFull))])
        #expect(state.name == .previewing)
        #expect(run(&state, .cameraRecovered(.storage)) == [.journal(.recovered(.storage))])
        _ = press(&state, touch: &touch)
        #expect(touch == [.camera(.capturePhoto(shot: 2, orientation: .normal, touchedAt: .zero))])
        #expect(run(&state, .shutterReleased).contains(.armTimer(.capture, .seconds(5))))
    }

    /// A clip stopped at a press (record-stop written) whose file the camera then could not
    /// finish, the card full: record-failed `storage` for it, once, wherever the machine is by
    /// then (here recording the next clip, which goes on); a second report is ignored.
    @Test func aStoppedClipThatCouldNotBeFinishedIsJournaledFailed() {
        var state = decided(.previewing)
        _ = press(&state)
        #expect(run(&state, .shutterHeld).contains(.camera(.startRecording(clip: 1, orientation: .normal))))
        _ = press(&state) // stops clip 1
        #expect(state.name == .previewing)
        _ = press(&state)
        #expect(run(&state, .shutterHeld).contains(.camera(.startRecording(clip: 2, orientation: .normal))))
        #expect(run(&state, .cameraFault(.storage)) == [.journal(.fault(.storage))])
        #expect(run(&state, .recordingFailed(clip: 1)) == [.journal(.recordFailed(clip: 1, reason: .storage))])
        #expect(state.name == .recording)
        #expect(run(&state, .recordingFailed(clip: 1)) == [])
        // The clip recording fails for the camera's sake once the card is well again.
        #expect(run(&state, .cameraRecovered(.storage)) == [.journal(.recovered(.storage))])
        #expect(run(&state, .recordingFailed(clip: 2)).first == .journal(.recordFailed(clip: 2, reason: .camera)))
        #expect(state.name == .previewing)
    }

    /// Presses queued behind a photo when the card fills are each answered `storage full`.
    @Test func pressesQueuedWhenTheCardFillsAreRejected() {
        var state = decided(.previewing)
        _ = press(&state)
        _ = run(&state, .shutterReleased)
        _ = press(&state)
        #expect(run(&state, .shutterReleased) == []) // queued (depth 1)
        _ = run(&state, .cameraFault(.storage))
        _ = press(&state)
        #expect(run(&state, .shutterReleased) == [.journal(.shutterRejected(.storageFull))])
        let commands = run(&state, .captureFailed(shot: 1))
        #expect(Array(commands.prefix(2)) == [.journal(.captureFailed(shot: 1, reason: .storage)), .journal(.shutterRejected(.storageFull))])
        #expect(state.name == .previewing)
    }

    @Test func pressInIdleWakesAndItsReleaseTakesAPhoto() {
        var state = decided()
        #expect(run(&state, .orientationChanged(.leftUp)) == [])
        // Asleep, the touch orders the photo at once; the press wakes the preview.
        #expect(run(&state, .shutterTouched(at: .zero)) == [.camera(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: .zero))])
        #expect(
            run(&state, .shutterPressed) == [
                .camera(.startPreview), .journal(.state(from: .idle, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.leftUp)),
            ])
        // The release finds the photo in flight: it waits for it, ordering none.
        #expect(
            run(&state, .shutterReleased) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .capturing)),
                .armTimer(.capture, .seconds(5)),
            ])
        #expect(
            run(&state, .captureFinished(shot: 1)) == [
                .journal(.capture(shot: 1, orientation: .leftUp, stale: false)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.leftUp)),
            ])
        // A late duplicate changes nothing.
        #expect(run(&state, .captureFinished(shot: 1)) == [])
        #expect(state.name == .previewing)
    }

    @Test func photoKeepsTheLatchOfItsTouch() {
        var state = decided(.previewing)
        _ = run(&state, .orientationChanged(.rightUp))
        #expect(run(&state, .shutterTouched(at: .zero)) == [.camera(.capturePhoto(shot: 1, orientation: .rightUp, touchedAt: .zero))])
        #expect(state.touchLatch == Latch(orientation: .rightUp, stale: false))
        // Laid flat between the touch and the debounced press: the press keeps the touch's pose.
        _ = run(&state, .orientationChanged(.lensUp))
        #expect(run(&state, .shutterPressed) == [.armTimer(.idle, .seconds(60))])
        #expect(state.press == .pending && state.touchLatch == Latch(orientation: .rightUp, stale: false))
        // Turned after the press: the photo keeps the pose at the touch.
        #expect(run(&state, .orientationChanged(.bottomUp)) == [.camera(.showOrientation(.bottomUp))])
        _ = run(&state, .shutterReleased)
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: .rightUp, stale: false)))
    }

    /// Zero shutter lag: the camera answered the touch's photo before the release; the release
    /// journals it at once (to `capturing` and back in one event), its lag from the touch.
    @Test func aPhotoAnsweredBeforeItsReleaseIsJournaledAtTheRelease() {
        var state = decided(.previewing)
        _ = run(&state, .orientationChanged(.leftUp))
        #expect(
            run(&state, .shutterTouched(at: Instant(nanoseconds: 2_000_000_000))) == [
                .camera(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: Instant(nanoseconds: 2_000_000_000)))
            ])
        #expect(run(&state, .shutterPressed) == [.armTimer(.idle, .seconds(60))])
        #expect(run(&state, .captureFinished(shot: 1, exposedAt: Instant(nanoseconds: 2_070_000_000), waited: .zero)) == [])
        #expect(state.early == .finished)
        #expect(state.earlyLagMilliseconds == 70)
        #expect(
            run(&state, .shutterReleased) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .capturing)),
                .journal(.capture(shot: 1, orientation: .leftUp, stale: false, lagMilliseconds: 70, waitMilliseconds: 0)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.leftUp)),
            ])
        #expect(state.early == .none)
        // A failure answered early is journaled at the release the same way.
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        #expect(run(&state, .captureFailed(shot: 2)) == [])
        #expect(run(&state, .shutterReleased).contains(.journal(.captureFailed(shot: 2, reason: .camera))))
        #expect(state.name == .previewing)
    }

    /// A photo taken and with the card (a camera that finishes its files later says so): the
    /// capture timeout stops for it, after its release or before it (then none is armed), and
    /// its answer, however late, is journaled; a hold still gives it up.
    @Test func aPhotoTakenAndWithTheCardHasNoCaptureTimeout() {
        var state = decided(.previewing)
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        _ = run(&state, .shutterReleased)
        #expect(run(&state, .captureTaken(shot: 1)) == [.cancelTimer(.capture)])
        #expect(run(&state, .captureTaken(shot: 0)) == [])
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: .normal, stale: false)))
        // Taken before its release: the release arms no timeout.
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        #expect(run(&state, .captureTaken(shot: 2)) == [])
        #expect(state.early == .taken)
        #expect(
            run(&state, .shutterReleased) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .capturing)),
            ])
        #expect(run(&state, .captureFailed(shot: 2)).first == .journal(.captureFailed(shot: 2, reason: .camera)))
        // Taken, then answered, before its release: journaled at the release.
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        _ = run(&state, .captureTaken(shot: 3))
        #expect(run(&state, .captureFinished(shot: 3)) == [])
        #expect(state.early == .finished)
        #expect(run(&state, .shutterReleased).contains(.journal(.capture(shot: 3, orientation: .normal, stale: false))))
        // Taken, then the press is a hold: given up.
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        _ = run(&state, .captureTaken(shot: 4))
        #expect(run(&state, .shutterHeld).first == .camera(.abandonPhoto(shot: 4)))
        #expect(state.name == .recording)
        #expect(run(&state, .captureTaken(shot: 4)) == [])
    }

    /// A press that becomes a hold gives its touch's photo up, answered or not: no record, the
    /// camera told to keep no file; the press's one answer is its record-start.
    @Test func aHoldGivesUpTheTouchsPhoto() {
        var state = decided(.previewing)
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        #expect(run(&state, .captureFinished(shot: 1)) == [])
        #expect(
            run(&state, .shutterHeld) == [
                .camera(.abandonPhoto(shot: 1)), .cancelTimer(.idle), .journal(.state(from: .previewing, to: .recording)),
                .camera(.startRecording(clip: 1, orientation: .normal)), .armTimer(.clip, .seconds(600)),
                .journal(.recordStart(clip: 1, orientation: .normal, stale: false)),
            ])
        #expect(state.early == .none)
        // Its late answer, if one came, is nobody's.
        #expect(run(&state, .captureFinished(shot: 1)) == [])
    }

    /// A touch that never becomes a press (a glitch) leaves nothing: its photo is given up and
    /// nothing is journaled; asleep, a shutdown gives it up too.
    @Test func aGlitchLeavesNothing() {
        var state = decided(.previewing)
        _ = run(&state, .shutterTouched(at: .zero))
        #expect(run(&state, .shutterGlitch) == [.camera(.abandonPhoto(shot: 1))])
        #expect(run(&state, .shutterGlitch) == [])
        #expect(state.name == .previewing)
        #expect(run(&state, .shutterTouched(at: .zero)) == [.camera(.capturePhoto(shot: 2, orientation: .normal, touchedAt: .zero))])
        var asleep = decided()
        #expect(run(&asleep, .shutterTouched(at: .zero)) == [.camera(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero))])
        #expect(run(&asleep, .shutdownRequested) == [.camera(.abandonPhoto(shot: 1))])
        // While a photo is in flight or a clip records, a touch orders nothing (a burst keeps
        // its rules: queued at the release), and a glitch then does nothing.
        var busy = decided(.previewing)
        _ = press(&busy)
        _ = run(&busy, .shutterReleased)
        #expect(run(&busy, .shutterTouched(at: .zero)) == [])
        #expect(run(&busy, .shutterGlitch) == [])
    }

    /// A glitch's touch is replaced by the next touch; a touch while the sensor is at fault
    /// stays stale even if it recovers before the press is confirmed.
    @Test func theLatestTouchLatchesAndStaleIsTakenAtTheTouch() {
        var state = decided(.previewing)
        _ = run(&state, .orientationChanged(.leftUp))
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .orientationChanged(.bottomUp))
        _ = run(&state, .sensorFault)
        _ = run(&state, .shutterTouched(at: .zero))
        #expect(state.touchLatch == Latch(orientation: .bottomUp, stale: true))
        _ = run(&state, .sensorRecovered)
        _ = run(&state, .shutterPressed)
        #expect(state.press == .pending && state.touchLatch == Latch(orientation: .bottomUp, stale: true))
    }

    @Test func sensorFaultMakesLatchesStale() {
        var state = decided(.previewing)
        _ = run(&state, .orientationChanged(.bottomUp))
        #expect(run(&state, .sensorFault) == [.journal(.fault(.sensor))])
        #expect(run(&state, .sensorFault) == [])
        _ = press(&state)
        _ = run(&state, .shutterReleased)
        #expect(run(&state, .sensorRecovered) == [.journal(.recovered(.sensor))])
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: .bottomUp, stale: true)))
    }

    @Test func pressesDuringACaptureQueueThenAreRejectedWhenFull() {
        var state = decided(.previewing)
        _ = press(&state)
        _ = run(&state, .shutterReleased)
        _ = run(&state, .orientationChanged(.leftUp))
        #expect(press(&state) == [])
        #expect(run(&state, .shutterReleased) == [])
        _ = run(&state, .orientationChanged(.rightUp))
        #expect(press(&state) == [])
        #expect(run(&state, .shutterReleased) == [.journal(.shutterRejected(.queueFull))])
        #expect(press(&state) == [])
        #expect(run(&state, .shutterHeld) == [.journal(.shutterRejected(.busy))])
        #expect(
            run(&state, .captureFailed(shot: 1)) == [
                .journal(.captureFailed(shot: 1, reason: .camera)),
                .camera(.capturePhoto(shot: 2, orientation: .leftUp, touchedAt: .zero)), .armTimer(.capture, .seconds(5)),
            ])
        // The timeout gives the photo up: the camera is told to drop it, so a late file is
        // not written under a shot that already failed.
        #expect(
            run(&state, .timerFired(.capture)) == [
                .camera(.abandonPhoto(shot: 2)), .journal(.captureFailed(shot: 2, reason: .timeout)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.rightUp)),
            ])
    }

    @Test func clipKeepsItsLatchAndStopsOnAPress() {
        var state = decided(.previewing)
        _ = run(&state, .orientationChanged(.leftUp))
        _ = press(&state)
        #expect(
            run(&state, .shutterHeld) == [
                .camera(.abandonPhoto(shot: 1)), .cancelTimer(.idle), .journal(.state(from: .previewing, to: .recording)),
                .camera(.startRecording(clip: 1, orientation: .leftUp)), .armTimer(.clip, .seconds(600)),
                .journal(.recordStart(clip: 1, orientation: .leftUp, stale: false)),
            ])
        #expect(run(&state, .recordingStarted(clip: 1)) == [])
        #expect(run(&state, .orientationChanged(.rightUp)) == [.camera(.showOrientation(.rightUp))])
        #expect(
            press(&state) == [
                .camera(.stopRecording(clip: 1)), .journal(.recordStop(clip: 1, orientation: .leftUp, reason: .shutter)),
                .cancelTimer(.clip), .journal(.state(from: .recording, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.rightUp)),
            ])
        // The release of the stopping press takes no photo.
        #expect(run(&state, .shutterReleased) == [])
        #expect(state.name == .previewing)
    }

    @Test func clipLimitAndCameraStop() {
        var state = decided(.previewing)
        _ = press(&state)
        _ = run(&state, .shutterHeld)
        #expect(
            run(&state, .timerFired(.clip)).prefix(2) == [
                .camera(.stopRecording(clip: 1)), .journal(.recordStop(clip: 1, orientation: .normal, reason: .clipLimit)),
            ])
        _ = press(&state)
        _ = run(&state, .shutterHeld)
        #expect(run(&state, .recordingStopped(clip: 1)) == [])
        #expect(run(&state, .recordingStopped(clip: 2)).first == .journal(.recordStop(clip: 2, orientation: .normal, reason: .camera)))
    }

    @Test func idleTimeoutRejectsAPressStillDown() {
        var state = decided(.previewing)
        _ = press(&state)
        #expect(
            run(&state, .timerFired(.idle)) == [
                .camera(.abandonPhoto(shot: 1)), .journal(.shutterRejected(.idle)), .cancelTimer(.idle),
                .journal(.state(from: .previewing, to: .idle)), .camera(.stopPreview),
            ])
    }

    /// The worst case Commands is sized for: shutdown while capturing with a full queue of the
    /// largest depth and a press down.
    @Test func shutdownWithAFullQueueAnswersEveryPress() {
        let deep = CameraMachine(configuration: MachineConfiguration(queueDepth: 9))
        #expect(deep.configuration.queueDepth == 4)
        var state = decided(.previewing)
        _ = deep.transition(&state, .shutterTouched(at: .zero))
        _ = deep.transition(&state, .shutterPressed)
        _ = deep.transition(&state, .shutterReleased)
        for _ in 0..<4 {
            _ = deep.transition(&state, .shutterTouched(at: .zero))
            _ = deep.transition(&state, .shutterPressed)
            _ = deep.transition(&state, .shutterReleased)
        }
        _ = deep.transition(&state, .shutterTouched(at: .zero))
        _ = deep.transition(&state, .shutterPressed)
        let commands = Array(deep.transition(&state, .shutdownRequested))
        #expect(
            commands == [
                .camera(.abandonPhoto(shot: 1)), .journal(.captureFailed(shot: 1, reason: .shutdown)),
                .journal(.shutterRejected(.shutdown)), .journal(.shutterRejected(.shutdown)),
                .journal(.shutterRejected(.shutdown)), .journal(.shutterRejected(.shutdown)),
                .journal(.shutterRejected(.shutdown)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .idle)), .camera(.stopPreview),
            ])
        #expect(state.name == .idle)
    }
}
