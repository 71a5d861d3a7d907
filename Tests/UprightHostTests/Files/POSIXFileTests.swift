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

    @Test func aRenameRefusingExistingMovesOnlyToAFreeName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (a, b, c) = (directory.path + "/a", directory.path + "/b", directory.path + "/c")
        try AtomicFile.write([1], to: a)
        try AtomicFile.write([2], to: b)
        #expect(throws: FileError(path: b, message: "rename: a file of that name exists (not replaced)", code: EEXIST)) {
            try POSIXFile.renameRefusingExisting(a, to: b)
        }
        #expect(try TestFile.bytes(a) == [1] && TestFile.bytes(b) == [2])
        try POSIXFile.renameRefusingExisting(a, to: c)
        #expect(!POSIXFile.exists(a))
        #expect(try TestFile.bytes(c) == [1])
    }
}
