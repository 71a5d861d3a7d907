import Testing
import UprightCore
@testable import UprightSim

@Suite struct SimClipSidecarTests {
    @Test func describesTheClip() {
        let sidecar = SimClipSidecar(orientation: .leftUp, durationSeconds: 4.5, framesPerSecond: 30)
        #expect(sidecar.json == #"{"kind":"simulated-clip","orientation":"left-up","rotation":90,"exif":6,"durationSeconds":4.5,"frameCount":135,"framesPerSecond":30}"# + "\n")
    }

    @Test func countsWholeFramesOnly() {
        #expect(SimClipSidecar(orientation: .rightUp, durationSeconds: 0.99, framesPerSecond: 10).frameCount == 9)
        #expect(SimClipSidecar(orientation: .bottomUp, durationSeconds: -1).frameCount == 0)
        #expect(SimClipSidecar(orientation: .normal, durationSeconds: .nan).frameCount == 0)
    }
}
