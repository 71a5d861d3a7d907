import Testing
import UprightCore

@Suite struct InstantCameraTests {
    /// Photos and clip starts finish at once, in order; previews, overlays
    /// and stops need no answer.
    @Test func photosAndClipStartsFinishAtOnceInOrder() {
        var camera = InstantCamera()
        let now = Instant(nanoseconds: 5)
        camera.perform(.startPreview, at: now)
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: Instant(nanoseconds: 3)), at: now)
        camera.perform(.showOrientation(.lensUp), at: now)
        camera.perform(.startRecording(clip: 1, orientation: .normal), at: now)
        camera.perform(.stopRecording(clip: 1), at: now)
        #expect(camera.nextDeadline == Instant(nanoseconds: 5))
        #expect(camera.nextCompletion(through: Instant(nanoseconds: 4), now: now) == nil)
        #expect(camera.nextCompletion(through: now, now: now) == CameraReport(.captureFinished(shot: 1), at: now))
        #expect(camera.nextCompletion(through: now, now: now) == CameraReport(.recordingStarted(clip: 1), at: now))
        #expect(camera.nextCompletion(through: now, now: now) == nil)
        #expect(camera.nextDeadline == nil)
    }

    @Test func completionsBeyondTheRingAreCountedNotLost() {
        var camera = InstantCamera()
        for shot in 1...6 { camera.perform(.capturePhoto(shot: UInt32(shot), orientation: .normal, touchedAt: Instant(nanoseconds: 3)), at: .zero) }
        #expect(camera.refused == 3)
        var shots: [UInt32] = []
        while case .captureFinished(let shot, _, _)? = camera.nextCompletion(through: .zero, now: .zero)?.completion { shots.append(shot) }
        #expect(shots == [1, 2, 3])
    }
}
