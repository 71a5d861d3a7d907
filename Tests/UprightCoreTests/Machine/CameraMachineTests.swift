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

    /// A press as the gesture recogniser gives it: the touch (which latches the last upright
    /// pose and orders nothing), then the debounced press. Returns the press's commands.
    func press(_ state: inout MachineState) -> [MachineCommand] {
        #expect(run(&state, .shutterTouched(at: .zero)) == [])
        return run(&state, .shutterPressed)
    }

    @Test func bootInIdleTurnsThePreviewOff() {
        var state = MachineState()
        #expect(Array(machine.start(&state)) == [.stopPreview])
        var replay = MachineState(.previewing)
        #expect(Array(machine.start(&replay)) == [.armTimer(.idle, .seconds(60)), .showOrientation(.normal)])
    }

    /// After a restart the numbers go on after the earlier run's (start-up reconciliation's
    /// highest): photos and clips each count on from it.
    @Test func numberingContinuesAfterAnEarlierRun() {
        var state = MachineState(.previewing, numberedAfter: 12)
        _ = press(&state)
        #expect(run(&state, .shutterReleased).contains(.capturePhoto(shot: 13, orientation: .normal)))
        #expect(run(&state, .captureFinished(shot: 13)).contains(.journal(.capture(shot: 13, orientation: .normal, stale: false))))
        _ = press(&state)
        #expect(run(&state, .shutterHeld).contains(.startRecording(clip: 13, orientation: .normal)))
    }

    /// A full card: the photo that found it fails `storage`, presses meanwhile are rejected
    /// `storage full` (a photo and a clip alike), and once space returns photos are taken again.
    @Test func aFullCardRejectsPressesUntilSpaceReturns() {
        var state = MachineState(.previewing)
        _ = press(&state)
        #expect(run(&state, .shutterReleased).contains(.capturePhoto(shot: 1, orientation: .normal)))
        #expect(run(&state, .cameraFault(.storage)) == [.journal(.fault(.storage))])
        #expect(
            run(&state, .captureFailed(shot: 1)) == [
                .journal(.captureFailed(shot: 1, reason: .storage)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .showOrientation(.normal),
            ])
        _ = press(&state)
        #expect(run(&state, .shutterReleased) == [.journal(.shutterRejected(.storageFull))])
        _ = press(&state)
        #expect(run(&state, .shutterHeld) == [.journal(.shutterRejected(.storageFull))])
        #expect(state.name == .previewing)
        #expect(run(&state, .cameraRecovered(.storage)) == [.journal(.recovered(.storage))])
        _ = press(&state)
        #expect(run(&state, .shutterReleased).contains(.capturePhoto(shot: 2, orientation: .normal)))
    }

    /// A clip stopped at a press (record-stop written) whose file the camera then could not
    /// finish, the card full: record-failed `storage` for it, once, wherever the machine is by
    /// then (here recording the next clip, which goes on); a second report is ignored.
    @Test func aStoppedClipThatCouldNotBeFinishedIsJournaledFailed() {
        var state = MachineState(.previewing)
        _ = press(&state)
        #expect(run(&state, .shutterHeld).contains(.startRecording(clip: 1, orientation: .normal)))
        _ = press(&state) // stops clip 1
        #expect(state.name == .previewing)
        _ = press(&state)
        #expect(run(&state, .shutterHeld).contains(.startRecording(clip: 2, orientation: .normal)))
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
        var state = MachineState(.previewing)
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
        var state = MachineState()
        #expect(run(&state, .orientationChanged(.leftUp)) == [])
        #expect(
            press(&state) == [
                .startPreview, .journal(.state(from: .idle, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .showOrientation(.leftUp),
            ])
        #expect(
            run(&state, .shutterReleased) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .capturing)),
                .capturePhoto(shot: 1, orientation: .leftUp), .armTimer(.capture, .seconds(5)),
            ])
        #expect(
            run(&state, .captureFinished(shot: 1)) == [
                .journal(.capture(shot: 1, orientation: .leftUp, stale: false)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .showOrientation(.leftUp),
            ])
        // A late duplicate changes nothing.
        #expect(run(&state, .captureFinished(shot: 1)) == [])
        #expect(state.name == .previewing)
    }

    @Test func photoKeepsTheLatchOfItsTouch() {
        var state = MachineState(.previewing)
        _ = run(&state, .orientationChanged(.rightUp))
        #expect(run(&state, .shutterTouched(at: .zero)) == [])
        #expect(state.touchLatch == Latch(orientation: .rightUp, stale: false))
        // Laid flat between the touch and the debounced press: the press keeps the touch's pose.
        _ = run(&state, .orientationChanged(.lensUp))
        #expect(run(&state, .shutterPressed) == [.armTimer(.idle, .seconds(60))])
        #expect(state.touchLatch == nil)
        // Turned after the press: the photo keeps the pose at the touch.
        #expect(run(&state, .orientationChanged(.bottomUp)) == [.showOrientation(.bottomUp)])
        #expect(run(&state, .shutterReleased).contains(.capturePhoto(shot: 1, orientation: .rightUp)))
    }

    /// A glitch's touch is replaced by the next touch; a touch while the sensor is at fault
    /// stays stale even if it recovers before the press is confirmed.
    @Test func theLatestTouchLatchesAndStaleIsTakenAtTheTouch() {
        var state = MachineState(.previewing)
        _ = run(&state, .orientationChanged(.leftUp))
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .orientationChanged(.bottomUp))
        _ = run(&state, .sensorFault)
        _ = run(&state, .shutterTouched(at: .zero))
        #expect(state.touchLatch == Latch(orientation: .bottomUp, stale: true))
        _ = run(&state, .sensorRecovered)
        _ = run(&state, .shutterPressed)
        #expect(state.press == .pending(Latch(orientation: .bottomUp, stale: true)))
    }

    @Test func sensorFaultMakesLatchesStale() {
        var state = MachineState(.previewing)
        _ = run(&state, .orientationChanged(.bottomUp))
        #expect(run(&state, .sensorFault) == [.journal(.fault(.sensor))])
        #expect(run(&state, .sensorFault) == [])
        _ = press(&state)
        _ = run(&state, .shutterReleased)
        #expect(run(&state, .sensorRecovered) == [.journal(.recovered(.sensor))])
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: .bottomUp, stale: true)))
    }

    @Test func pressesDuringACaptureQueueThenAreRejectedWhenFull() {
        var state = MachineState(.previewing)
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
                .capturePhoto(shot: 2, orientation: .leftUp), .armTimer(.capture, .seconds(5)),
            ])
        // The timeout gives the photo up: the camera is told to drop it, so a late file is
        // not written under a shot that already failed.
        #expect(
            run(&state, .timerFired(.capture)) == [
                .abandonPhoto(shot: 2), .journal(.captureFailed(shot: 2, reason: .timeout)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .showOrientation(.rightUp),
            ])
    }

    @Test func clipKeepsItsLatchAndStopsOnAPress() {
        var state = MachineState(.previewing)
        _ = run(&state, .orientationChanged(.leftUp))
        _ = press(&state)
        #expect(
            run(&state, .shutterHeld) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .recording)),
                .startRecording(clip: 1, orientation: .leftUp), .armTimer(.clip, .seconds(600)),
                .journal(.recordStart(clip: 1, orientation: .leftUp, stale: false)),
            ])
        #expect(run(&state, .recordingStarted(clip: 1)) == [])
        #expect(run(&state, .orientationChanged(.rightUp)) == [.showOrientation(.rightUp)])
        #expect(
            press(&state) == [
                .stopRecording(clip: 1), .journal(.recordStop(clip: 1, orientation: .leftUp, reason: .shutter)),
                .cancelTimer(.clip), .journal(.state(from: .recording, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .showOrientation(.rightUp),
            ])
        // The release of the stopping press takes no photo.
        #expect(run(&state, .shutterReleased) == [])
        #expect(state.name == .previewing)
    }

    @Test func clipLimitAndCameraStop() {
        var state = MachineState(.previewing)
        _ = press(&state)
        _ = run(&state, .shutterHeld)
        #expect(
            run(&state, .timerFired(.clip)).prefix(2) == [
                .stopRecording(clip: 1), .journal(.recordStop(clip: 1, orientation: .normal, reason: .clipLimit)),
            ])
        _ = press(&state)
        _ = run(&state, .shutterHeld)
        #expect(run(&state, .recordingStopped(clip: 1)) == [])
        #expect(run(&state, .recordingStopped(clip: 2)).first == .journal(.recordStop(clip: 2, orientation: .normal, reason: .camera)))
    }

    @Test func idleTimeoutRejectsAPressStillDown() {
        var state = MachineState(.previewing)
        _ = press(&state)
        #expect(
            run(&state, .timerFired(.idle)) == [
                .journal(.shutterRejected(.idle)), .cancelTimer(.idle),
                .journal(.state(from: .previewing, to: .idle)), .stopPreview,
            ])
    }

    /// The worst case Commands is sized for: shutdown while capturing with a full queue of the
    /// largest depth and a press down.
    @Test func shutdownWithAFullQueueAnswersEveryPress() {
        let deep = CameraMachine(configuration: MachineConfiguration(queueDepth: 9))
        #expect(deep.configuration.queueDepth == 4)
        var state = MachineState(.previewing)
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
                .abandonPhoto(shot: 1), .journal(.captureFailed(shot: 1, reason: .shutdown)),
                .journal(.shutterRejected(.shutdown)), .journal(.shutterRejected(.shutdown)),
                .journal(.shutterRejected(.shutdown)), .journal(.shutterRejected(.shutdown)),
                .journal(.shutterRejected(.shutdown)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .idle)), .stopPreview,
            ])
        #expect(state.name == .idle)
    }
}
