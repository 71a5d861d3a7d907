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

    @Test func listsTheDirectoryBoundedAndWithoutItsDots() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(OutputNumbering.names(in: directory.path, maximumEntries: 10).isEmpty)
        for name in ["IMG_0007.jpg", "CLIP_0009.mp4", "notes.txt"] {
            close(open(directory.path + "/" + name, O_CREAT | O_WRONLY, 0o644))
        }
        #expect(OutputNumbering.names(in: directory.path, maximumEntries: 10).sorted() == ["CLIP_0009.mp4", "IMG_0007.jpg", "notes.txt"])
        // `.` and `..` count toward the bound: it bounds the loop, not the result.
        #expect(OutputNumbering.names(in: directory.path, maximumEntries: 2).count <= 2)
        #expect(OutputNumbering.names(in: directory.path + "/missing", maximumEntries: 10).isEmpty)
    }
}
