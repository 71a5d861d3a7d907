import Foundation
import Glibc
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

    /// A clip on a card with room for it but not for a copy (the issue's "cannot write: No
    /// space left on device"): its matrix is written in place, so orient rotates it, as it
    /// finishes a rotation the camera's journal owes. In a child process: the file-size limit
    /// (RLIMIT_FSIZE, 32 KiB here: a copy of the 64 KiB clip fails with EFBIG, as a full card's
    /// write does) is the whole process's.
    @Test func rotatesAClipWithNoRoomForACopy() async {
        await #expect(processExitsWith: .exitCode(0)) {
            // The camera stand-in's clip with its moov first and 64 KiB of media data after it.
            let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            guard let standIn = try? TestFile.bytes(tests.appendingPathComponent("CameraStandIn/minimal.mp4").path) else { exit(10) }
            let mediaBytes = 65536
            let mdat = [UInt8]([0, 1, 0, 8]) + Array("mdat".utf8) + [UInt8](repeating: 7, count: mediaBytes)
            let clip = Array(standIn[0..<24]) + Array(standIn[32...]) + mdat
            let path = "/tmp/upright-orient-room-\(getpid()).mp4"
            guard (try? Data(clip).write(to: URL(fileURLWithPath: path))) != nil else { exit(11) }
            defer { unlink(path) }
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            limit.rlim_cur = 32768
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let recorder = ConsoleRecorder()
            let status = Upright.main(["orient", "--orientation", "left-up", path], console: recorder.console)
            guard status == 0, recorder.out == path + ": rotation 90\n", recorder.error.isEmpty else { exit(12) }
            guard let after = try? TestFile.bytes(path), after.count == clip.count else { exit(13) }
            // The matrix's first two words are 0 and 1.0 (16.16) for a quarter turn clockwise
            // (ISO/IEC 14496-12 8.3.2), and nothing but the matrix changed.
            let changed = zip(after, clip).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            guard !changed.isEmpty, changed.last! - changed.first! < 36, Array(after[24...]).suffix(mediaBytes) == clip.suffix(mediaBytes) else {
                exit(14)
            }
            exit(0)
        }
    }
}
