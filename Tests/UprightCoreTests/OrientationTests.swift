import Testing
import UprightCore

@Suite struct OrientationTests {
    /// The contract table of docs/conventions.md, restated literally.
    @Test(arguments: [
        ("normal", 1, 0),
        ("left-up", 6, 90),
        ("right-up", 8, 270),
        ("bottom-up", 3, 180),
    ])
    func uprightNamesExifAndRotation(name: String, exif: Int, rotation: Int) throws {
        let orientation = try #require(Orientation(name: name))
        #expect(String(describing: orientation.name) == name)
        #expect(orientation.exifValue.map(Int.init) == exif)
        #expect(orientation.rotationDegrees == rotation)
        #expect(!orientation.isFlat)
        let upright = try #require(UprightOrientation(name: name))
        #expect(upright.orientation == orientation)
        #expect(UprightOrientation(exifValue: exif) == upright)
    }

    @Test(arguments: ["lens-down", "lens-up"])
    func flatPosesHaveNoExif(name: String) throws {
        let orientation = try #require(Orientation(name: name))
        #expect(orientation.isFlat)
        #expect(orientation.exifValue == nil)
        #expect(orientation.rotationDegrees == nil)
        #expect(orientation.upright == nil)
        #expect(UprightOrientation(name: name) == nil)
    }

    @Test func allSixNamesRoundTrip() {
        let names = Orientation.allCases.map { String(describing: $0.name) }
        #expect(names == ["normal", "left-up", "right-up", "bottom-up", "lens-down", "lens-up"])
    }

    @Test(arguments: ["", "Normal", "left_up", "leftUp", " normal", "normal ", "left-up-", "up", "lens"])
    func rejectsAnythingButExactNames(text: String) {
        #expect(Orientation(name: text) == nil)
    }

    @Test(arguments: [0, 2, 4, 5, 7, 9, -1])
    func exifValuesACameraNeverWritesAreRejected(value: Int) {
        #expect(UprightOrientation(exifValue: value) == nil)
    }
}
