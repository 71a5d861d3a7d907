import Foundation
import Testing
@testable import UprightHost

@Suite struct SafeFileWriterTests {
    @Test func replacesContentsAndKeepsPermissions() throws {
        let path = try MediaFixtures.temporaryFile([1, 2, 3], name: "f.bin")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try SafeFileWriter.replace(path: path, with: [9, 8, 7, 6])
        #expect(try MediaFixtures.contents(path) == [9, 8, 7, 6])
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try MediaFixtures.directoryListing(path) == ["f.bin"])
    }

    @Test func missingFileIsNotAFile() {
        #expect(throws: MediaError.notAFile("cannot open: No such file or directory")) {
            try SafeFileWriter.read(path: "/nonexistent/upright/none.jpg")
        }
    }

    @Test func directoryOfAPath() {
        #expect(POSIXFile.directoryName("a/b/c.jpg") == "a/b")
        #expect(POSIXFile.directoryName("c.jpg") == ".")
        #expect(POSIXFile.directoryName("/c.jpg") == "/")
    }
}
