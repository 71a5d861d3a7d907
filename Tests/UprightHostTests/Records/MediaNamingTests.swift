import Testing
import UprightCore
import UprightHost

struct MediaNamingTests {
    @Test func namesHaveAtLeastFourDigitsAndTheClipExtension() {
        let naming = MediaNaming(clipExtension: "mp4")
        #expect(naming.photoName(shot: 7) == "IMG_0007.jpg")
        #expect(naming.clipName(clip: 10_000) == "CLIP_10000.mp4")
        #expect(MediaNaming(clipExtension: "mov").clipName(clip: 1) == "CLIP_0001.mov")
    }

    @Test func recordsNameTheirFilesByTheirNumbers() {
        let naming = MediaNaming(clipExtension: "mp4")
        #expect(naming.fileName(for: .capture(shot: 14, orientation: .normal, stale: false)) == "IMG_0014.jpg")
        #expect(naming.fileName(for: .recordStart(clip: 13, orientation: .leftUp, stale: false)) == "CLIP_0013.mp4")
        #expect(naming.fileName(for: .recordStop(clip: 14, orientation: .normal, reason: .shutter)) == "CLIP_0014.mp4")
        #expect(naming.fileName(for: .fault(.sensor)) == nil)
        #expect(naming.fileName(for: .captureFailed(shot: 1, reason: .timeout)) == nil)
    }

    @Test func aCameraThatWritesNoPhotosNamesNone() {
        let naming = MediaNaming(clipExtension: "json", namesPhotos: false)
        #expect(naming.fileName(for: .capture(shot: 1, orientation: .normal, stale: false)) == nil)
        #expect(naming.fileName(for: .recordStop(clip: 1, orientation: .normal, reason: .shutter)) == "CLIP_0001.json")
    }
}
