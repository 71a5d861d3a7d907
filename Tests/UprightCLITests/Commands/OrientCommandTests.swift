import Foundation
import Testing
@testable import UprightCLI
import UprightTestSupport

@Suite struct OrientCommandTests {
    /// A minimal baseline JPEG (one 8x8 grey block; see UprightHostTests' MediaFixtures).
    static let jpeg: [UInt8] =
        [0xFF, 0xD8]
        + [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        + [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
        + [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 16)
        + [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01] + [UInt8](repeating: 0, count: 16)
        + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x3F, 0xFF, 0xD9]

    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upright-orient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, error: String) {
        let recorder = ConsoleRecorder()
        let status = Upright.main(["orient"] + arguments, console: recorder.console)
        return (status, recorder.out, recorder.error)
    }

    @Test func writesTheOrientationByName() throws {
        let path = try directory().appendingPathComponent("a.jpg").path
        try Data(Self.jpeg).write(to: URL(fileURLWithPath: path))
        let result = run([path, "--orientation", "left-up"])
        #expect(result.status == 0)
        #expect(result.out == "\(path): EXIF Orientation 6\n")
        let bytes = try TestFile.bytes(path)
        // Exif APP1 right after SOI; "MM" TIFF header at 12; IFD0 at 20 with 5 entries, the
        // first Orientation (0x0112), SHORT, count 1, value 6.
        #expect(Array(bytes[2..<4]) == [0xFF, 0xE1])
        #expect(Array(bytes[12..<20]) == [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08])
        #expect(Array(bytes[20..<32]) == [0x00, 0x05, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])
    }

    @Test func badFilesAreNamedAndLeftAloneWhileGoodOnesAreWritten() throws {
        let folder = try directory()
        let good = folder.appendingPathComponent("good.jpg").path
        let text = folder.appendingPathComponent("notes.jpg").path
        let cut = folder.appendingPathComponent("cut.jpg").path
        try Data(Self.jpeg).write(to: URL(fileURLWithPath: good))
        try Data("not a photo\n".utf8).write(to: URL(fileURLWithPath: text))
        try Data(Self.jpeg.dropLast(2)).write(to: URL(fileURLWithPath: cut))
        let result = run(["--exif", "3", text, good, cut])
        #expect(result.status == 2)
        #expect(
            result.error == """
                upright orient: \(text): not a JPEG or MP4/QuickTime file
                upright orient: \(cut): truncated: scan data ends without an end-of-image marker

                """)
        #expect(result.out == "\(good): EXIF Orientation 3\n")
        #expect(try TestFile.bytes(text) == Array("not a photo\n".utf8))
        #expect(try TestFile.bytes(cut) == Array(Self.jpeg.dropLast(2)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["cut.jpg", "good.jpg", "notes.jpg"])
    }

    @Test func directoryIsBadInput() throws {
        let folder = try directory()
        let result = run([folder.path, "--exif", "1"])
        #expect(result.status == 2)
        #expect(result.error == "upright orient: \(folder.path): not a regular file\n")
    }

    @Test func missingFileIsBadInput() {
        let result = run(["/nonexistent/x.jpg", "--exif", "1"])
        #expect(result.status == 2)
        #expect(result.error == "upright orient: /nonexistent/x.jpg: cannot open: No such file or directory\n")
    }

    @Test(arguments: [
        (["a.jpg"], "upright orient: give --orientation NAME or --exif N"),
        (["a.jpg", "--exif", "2"], "upright orient: --exif '2' is not one of 1, 3, 6, 8"),
        (["a.jpg", "--orientation", "sideways"], "upright orient: --orientation 'sideways' is not one of normal, left-up, right-up, bottom-up"),
        (["a.jpg", "--exif", "6", "--orientation", "left-up"], "upright orient: give --orientation or --exif, not both"),
        (["--exif", "6"], "upright orient: missing argument FILE"),
    ])
    func usageErrors(arguments: [String], firstLine: String) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.error.split(separator: "\n").first.map(String.init) == firstLine)
    }
}
