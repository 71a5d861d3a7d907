import Testing
import UprightCore
import UprightMCUShared

@Suite struct InstantCameraTests {
    /// As ReplayCamera: photos and clip starts finish at once, in order; previews, overlays
    /// and stops need no answer.
    @Test func photosAndClipStartsFinishAtOnceInOrder() {
        var camera = InstantCamera()
        let now = Instant(nanoseconds: 5)
        camera.perform(.startPreview, at: now)
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp), at: now)
        camera.perform(.showOrientation(.lensUp), at: now)
        camera.perform(.startRecording(clip: 1, orientation: .normal), at: now)
        camera.perform(.stopRecording(clip: 1), at: now)
        #expect(camera.nextCompletion(now: now) == .captureFinished(shot: 1))
        #expect(camera.nextCompletion(now: now) == .recordingStarted(clip: 1))
        #expect(camera.nextCompletion(now: now) == nil)
        #expect(camera.nextDeadline == nil)
    }

    @Test func completionsBeyondTheRingAreCountedNotLost() {
        var camera = InstantCamera()
        for shot in 1...6 { camera.perform(.capturePhoto(shot: UInt32(shot), orientation: .normal), at: .zero) }
        #expect(camera.refused == 2)
        var shots: [UInt32] = []
        while case .captureFinished(let shot, _, _)? = camera.nextCompletion(now: .zero) { shots.append(shot) }
        #expect(shots == [1, 2, 3, 4])
    }
}
