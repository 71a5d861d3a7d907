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

    @Test func readsBackTheNamesItGivesAndNoOthers() {
        let naming = MediaNaming(clipExtension: "mp4")
        #expect(naming.number(named: "IMG_0042.jpg") == .shot(42))
        #expect(naming.number(named: "CLIP_12345.mp4") == .clip(12345))
        #expect(naming.number(named: naming.photoName(shot: 4_294_967_295)) == .shot(4_294_967_295))
        #expect(naming.number(named: "CLIP_0001.mov") == nil)
        #expect(MediaNaming(clipExtension: "mov").number(named: "CLIP_0001.mov") == .clip(1))
        #expect(naming.clipNumberOfAnyCamera(named: "CLIP_0001.mov") == .clip(1))
        #expect(naming.clipNumberOfAnyCamera(named: "CLIP_0002.mp4") == .clip(2))
        #expect(naming.clipNumberOfAnyCamera(named: "CLIP_0002.avi") == nil)
        #expect(naming.clipNumberOfAnyCamera(named: "IMG_0002.jpg") == nil)
        for other in [
            "IMG_.jpg", "IMG_0042", "IMG_00x2.jpg", "IMG_0000.jpg", "IMG_4294967296.jpg", "IMG_+042.jpg",
            "IMG_0042.jpg.upright-x", ".IMG_0042.jpg", "journal.ndjson", "img_0042.jpg",
            // Not the scheme's form of the number (found by make fuzz, FuzzStartup).
            "IMG_00042.jpg", "IMG_042.jpg", "IMG_00030003.jpg", "CLIP_00001.mp4", "CLIP_010000.mp4",
        ] {
            #expect(naming.number(named: other) == nil, "\(other)")
        }
    }

    @Test func padsToFourDigitsOnly() {
        #expect(MediaNaming.fourDigits(0) == "0000")
        #expect(MediaNaming.fourDigits(7) == "0007")
        #expect(MediaNaming.fourDigits(12345) == "12345")
    }
}
