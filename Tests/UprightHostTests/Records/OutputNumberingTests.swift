import Glibc
import Testing
@testable import UprightHost
import UprightTestSupport

struct OutputNumberingTests {
    @Test func readsTheNumberOfPhotosAndClipsOnly() {
        #expect(OutputNumbering.number(in: "IMG_0042.jpg") == 42)
        #expect(OutputNumbering.number(in: "CLIP_12345.mp4") == 12345)
        #expect(OutputNumbering.number(in: "IMG_.jpg") == nil)
        #expect(OutputNumbering.number(in: "IMG_0042") == nil)
        #expect(OutputNumbering.number(in: "IMG_00x2.jpg") == nil)
        #expect(OutputNumbering.number(in: "journal.ndjson") == nil)
    }

    @Test func continuesAfterTheHighestFileInTheDirectory() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(OutputNumbering.highestNumber(in: directory.path) == 0)
        for name in ["IMG_0007.jpg", "CLIP_0009.mp4", "IMG_0003.jpg", "notes.txt"] {
            close(open(directory.path + "/" + name, O_CREAT | O_WRONLY, 0o644))
        }
        #expect(OutputNumbering.highestNumber(in: directory.path) == 9)
        #expect(OutputNumbering.highestNumber(in: directory.path + "/missing") == 0)
    }
}
