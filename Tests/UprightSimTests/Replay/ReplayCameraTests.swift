import Testing
import UprightCore
import UprightSim

@Suite struct ReplayCameraTests {
    @Test func answersPhotosAndClipStartsAtOnceInOrder() {
        var camera = ReplayCamera()
        let now = Instant(nanoseconds: 5_000_000)
        camera.perform(.startPreview, at: now)
        camera.perform(.showOrientation(.leftUp), at: now)
        #expect(camera.nextCompletion(through: now, now: now) == nil)
        #expect(camera.nextDeadline == nil)
        camera.perform(.capturePhoto(shot: 1, orientation: .leftUp), at: now)
        camera.perform(.startRecording(clip: 2, orientation: .rightUp), at: now)
        camera.perform(.stopRecording(clip: 2), at: now)
        #expect(camera.nextDeadline == Instant(nanoseconds: 5_000_000))
        // Not before the time the orders reached it.
        #expect(camera.nextCompletion(through: Instant(nanoseconds: 4_999_999), now: now) == nil)
        #expect(camera.nextCompletion(through: now, now: now) == CameraReport(.captureFinished(shot: 1), at: now))
        #expect(camera.nextCompletion(through: now, now: now) == CameraReport(.recordingStarted(clip: 2), at: now))
        #expect(camera.nextCompletion(through: now, now: now) == nil)
        #expect(camera.nextDeadline == nil)
    }
}
