import Glibc
import Testing
import UprightHost
import UprightTestSupport

struct POSIXFileTests {
    @Test func listsTheDirectoryBoundedAndWithoutItsDots() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 10).isEmpty)
        for name in ["IMG_0007.jpg", "CLIP_0009.mp4", "notes.txt"] {
            close(open(directory.path + "/" + name, O_CREAT | O_WRONLY, 0o644))
        }
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 10).sorted() == ["CLIP_0009.mp4", "IMG_0007.jpg", "notes.txt"])
        // `.` and `..` count toward the bound: it bounds the loop, not the result.
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 2).count <= 2)
        #expect(POSIXFile.names(inDirectory: directory.path + "/missing", maximumEntries: 10).isEmpty)
    }
}
