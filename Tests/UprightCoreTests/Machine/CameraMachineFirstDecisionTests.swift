import Testing
import UprightCore

/// A press before the detector's first decision (issue 39: a press in the first half second
/// latched `normal`, a default, while the camera was on its side). It latches no default: its
/// latch waits for the first decision, which orders the touch's photo; what must be ordered
/// while still undecided is latched `unknown` (nil).
@Suite struct CameraMachineFirstDecisionTests {
    let machine = CameraMachine(
        configuration: MachineConfiguration(
            idleTimeout: .seconds(60), captureTimeout: .seconds(5), maxClipLength: .seconds(600), queueDepth: 1))
    let touchedAt = Instant(nanoseconds: 20_000_000)

    func run(_ state: inout MachineState, _ event: MachineEvent) -> [MachineCommand] {
        Array(machine.transition(&state, event))
    }

    /// The touch waits, the decision orders the photo with what it decided, of the touch's
    /// moment (a frame ring still picks the frame nearest the touch), and the press keeps it.
    @Test func aTouchBeforeTheFirstDecisionTakesIt() {
        var state = MachineState(.previewing)
        #expect(run(&state, .shutterTouched(at: touchedAt)) == [])
        #expect(state.early == .deferred)
        #expect(state.touchLatch == Latch(orientation: nil, stale: false, pressedAt: touchedAt))
        #expect(run(&state, .shutterPressed) == [.armTimer(.idle, .seconds(60))])
        #expect(
            run(&state, .orientationChanged(.rightUp)) == [
                .camera(.capturePhoto(shot: 1, orientation: .rightUp, touchedAt: touchedAt)), .camera(.showOrientation(.rightUp)),
            ])
        #expect(state.press == .pending && state.touchLatch == Latch(orientation: .rightUp, stale: false, pressedAt: touchedAt))
        // A later change is not the first decision: the latch keeps it.
        #expect(run(&state, .orientationChanged(.leftUp)) == [.camera(.showOrientation(.leftUp))])
        #expect(
            run(&state, .shutterReleased) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .capturing)), .armTimer(.capture, .seconds(5)),
            ])
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: .rightUp, stale: false)))
    }

    /// Asleep: the touch waits; the decision orders the photo and, the camera still asleep,
    /// shows nothing; the press wakes the preview, which shows the pose.
    @Test func asleepTheDecisionOrdersThePhotoAndTheWakeShowsIt() {
        var state = MachineState()
        _ = machine.start(&state)
        #expect(run(&state, .shutterTouched(at: touchedAt)) == [])
        #expect(run(&state, .orientationChanged(.rightUp)) == [.camera(.capturePhoto(shot: 1, orientation: .rightUp, touchedAt: touchedAt))])
        #expect(
            run(&state, .shutterPressed) == [
                .camera(.startPreview), .journal(.state(from: .idle, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.rightUp)),
            ])
    }

    /// Released before any decision: the photo must be ordered now, latched `unknown`; the
    /// decision that follows does not change it (its file has no Orientation tag).
    @Test func aReleaseBeforeTheDecisionLatchesUnknown() {
        var state = MachineState(.previewing)
        _ = run(&state, .shutterTouched(at: touchedAt))
        _ = run(&state, .shutterPressed)
        #expect(
            run(&state, .shutterReleased) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .capturing)),
                .camera(.capturePhoto(shot: 1, orientation: nil, touchedAt: touchedAt)), .armTimer(.capture, .seconds(5)),
            ])
        #expect(run(&state, .orientationChanged(.rightUp)) == [.camera(.showOrientation(.rightUp))])
        #expect(
            run(&state, .captureFinished(shot: 1)) == [
                .journal(.capture(shot: 1, orientation: nil, stale: false)),
                .cancelTimer(.capture), .journal(.state(from: .capturing, to: .previewing)),
                .armTimer(.idle, .seconds(60)), .camera(.showOrientation(.rightUp)),
            ])
    }

    /// A hold before any decision: the clip starts `unknown` (the identity matrix), and its
    /// record-stop says so; the touch's photo, never ordered, needs no abandoning.
    @Test func aHoldBeforeTheDecisionRecordsUnknown() {
        var state = MachineState(.previewing)
        _ = run(&state, .shutterTouched(at: touchedAt))
        _ = run(&state, .shutterPressed)
        #expect(
            run(&state, .shutterHeld) == [
                .cancelTimer(.idle), .journal(.state(from: .previewing, to: .recording)),
                .camera(.startRecording(clip: 1, orientation: nil)), .armTimer(.clip, .seconds(600)),
                .journal(.recordStart(clip: 1, orientation: nil, stale: false)),
            ])
        #expect(state.early == .none)
        _ = run(&state, .orientationChanged(.leftUp))
        _ = run(&state, .shutterTouched(at: .zero))
        #expect(
            run(&state, .shutterPressed).prefix(2) == [
                .camera(.stopRecording(clip: 1)), .journal(.recordStop(clip: 1, orientation: nil, reason: .shutter)),
            ])
    }

    /// Flat since power-on: the first decision is flat, so there is no upright orientation to
    /// wait for: the deferred photo is ordered at it `unknown`, and later touches order theirs
    /// at once, `unknown`, until the camera is first held upright.
    @Test func flatFromTheStartLatchesUnknown() {
        var state = MachineState(.previewing)
        _ = run(&state, .shutterTouched(at: touchedAt))
        #expect(
            run(&state, .orientationChanged(.lensUp)) == [
                .camera(.capturePhoto(shot: 1, orientation: nil, touchedAt: touchedAt)), .camera(.showOrientation(.lensUp)),
            ])
        _ = run(&state, .shutterPressed)
        // Picked up before the release: the photo was ordered `unknown`, and says so.
        _ = run(&state, .orientationChanged(.leftUp))
        #expect(run(&state, .shutterReleased).contains(.journal(.state(from: .previewing, to: .capturing))))
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: nil, stale: false)))
        // Once held upright, a latch is that pose, also when laid flat again.
        _ = run(&state, .orientationChanged(.lensDown))
        #expect(run(&state, .shutterTouched(at: .zero)) == [.camera(.capturePhoto(shot: 2, orientation: .leftUp, touchedAt: .zero))])

        var flat = MachineState(.previewing)
        _ = run(&flat, .orientationChanged(.lensDown))
        #expect(run(&flat, .shutterTouched(at: touchedAt)) == [.camera(.capturePhoto(shot: 1, orientation: nil, touchedAt: touchedAt))])
    }

    /// The sensor at fault from the start: no decision comes; the release orders the photo
    /// `unknown`, stale (the sensor was at fault at the touch). A press whose touch was
    /// during the fault and whose first decision came after the recovery takes that decision,
    /// fresh: not stale.
    @Test func aSensorAtFaultFromTheStartLatchesUnknown() {
        var state = MachineState(.previewing)
        #expect(run(&state, .sensorFault) == [.journal(.fault(.sensor))])
        _ = run(&state, .shutterTouched(at: touchedAt))
        _ = run(&state, .shutterPressed)
        #expect(run(&state, .shutterReleased).contains(.camera(.capturePhoto(shot: 1, orientation: nil, touchedAt: touchedAt))))
        #expect(run(&state, .captureFinished(shot: 1)).first == .journal(.capture(shot: 1, orientation: nil, stale: true)))

        _ = run(&state, .shutterTouched(at: touchedAt))
        #expect(state.touchLatch == Latch(orientation: nil, stale: true, pressedAt: touchedAt))
        _ = run(&state, .sensorRecovered)
        _ = run(&state, .shutterPressed)
        #expect(
            run(&state, .orientationChanged(.bottomUp)).first == .camera(.capturePhoto(shot: 2, orientation: .bottomUp, touchedAt: touchedAt)))
        _ = run(&state, .shutterReleased)
        #expect(run(&state, .captureFinished(shot: 2)).first == .journal(.capture(shot: 2, orientation: .bottomUp, stale: false)))
    }

    /// Presses queued behind a photo ordered `unknown` take the first decision too (their
    /// latches are still open); the photo in flight keeps `unknown`. A glitch before the
    /// decision gives up a photo the camera never heard of: nothing to tell it, no number used.
    @Test func queuedPressesTakeTheDecisionAndAGlitchUsesNoNumber() {
        var state = MachineState(.previewing)
        _ = run(&state, .shutterTouched(at: touchedAt))
        #expect(run(&state, .shutterGlitch) == [])
        #expect(state.early == .none)
        _ = run(&state, .shutterTouched(at: touchedAt))
        _ = run(&state, .shutterPressed)
        #expect(run(&state, .shutterReleased).contains(.camera(.capturePhoto(shot: 1, orientation: nil, touchedAt: touchedAt))))
        _ = run(&state, .shutterTouched(at: .zero))
        _ = run(&state, .shutterPressed)
        #expect(run(&state, .shutterReleased) == []) // queued, undecided
        _ = run(&state, .orientationChanged(.leftUp))
        #expect(
            run(&state, .captureFinished(shot: 1)) == [
                .journal(.capture(shot: 1, orientation: nil, stale: false)),
                .camera(.capturePhoto(shot: 2, orientation: .leftUp, touchedAt: .zero)), .armTimer(.capture, .seconds(5)),
            ])
    }
}
