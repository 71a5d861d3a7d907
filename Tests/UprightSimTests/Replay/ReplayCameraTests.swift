import Testing
import UprightCore
import UprightSim

@Suite struct ReplayCameraTests {
    @Test func answersPhotosAndClipStartsAtOnceInOrder() {
        var camera = ReplayCamera()
        let now = Instant(nanoseconds: 5_000_000)
        camera.perform(.startPreview, at: now)
        camera.perform(.showOrientation(.leftUp), at: now)
        #expect(camera.nextCompletion(now: now) == nil)
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp), at: now)
        camera.perform(.startRecording(clip: 2, orientation: .rightUp), at: now)
        camera.perform(.stopRecording(clip: 2), at: now)
        #expect(camera.nextDeadline == nil)
        #expect(camera.nextCompletion(now: now) == .captureFinished(shot: 1))
        #expect(camera.nextCompletion(now: now) == .recordingStarted(clip: 2))
        #expect(camera.nextCompletion(now: now) == nil)
    }
}
