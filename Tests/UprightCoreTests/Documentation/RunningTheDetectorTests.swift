// swift-format-ignore-file
// The code here is the articles' code, verbatim (DocumentationTests checks it): formatted as
// the article shows it, not by swift-format.
import Testing
import UprightCore

// The code of UprightCore.docc/RunningTheDetector.md, verbatim (EndToEndTests/DocumentationTests
// checks that every fenced block of the article appears here).

@Suite struct RunningTheDetectorTests {
    @Test func reportsLeftUpOnceWithItsExifValue() {
        var detector = OrientationDetector()
        var changes: [Orientation] = []
        // Half a second at 100 Hz, turned a quarter turn with its left side up: gravity along -x.
        for index in 0..<50 {
            let time = Instant(nanoseconds: Int64(index) * 10_000_000)
            let sample = Sample(time: time, accelerationG: Vector3(x: -1, y: 0, z: 0))
            if let change = detector.update(sample) {
                changes.append(change)
            }
        }
        let exif = detector.orientation?.exifValue

        #expect(changes == [.leftUp])
        #expect(exif == 6)
        #expect(detector.lastUpright == .leftUp)
    }
}
