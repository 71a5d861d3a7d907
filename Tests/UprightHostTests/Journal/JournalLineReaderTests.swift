#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import UprightHost
import UprightTestSupport

/// A journal file read a line at a time: lines across the reader's 64 KiB chunks, a line past the
/// bound named by its number, a torn end told apart, and a FIFO refused rather than waited on.
@Suite struct JournalLineReaderTests {
    @Test func linesAcrossChunksAreWholeAndATornEndIsToldApart() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 70_000)
        try TestFile.write(path, Array("one\n".utf8) + long + [0x0A] + Array("\nthree\ntorn".utf8))
        let reader = try JournalLineReader(path: path)
        #expect(try reader.next() == "one")
        #expect(try reader.next()?.utf8.count == 70_000)
        #expect(try reader.next() == "")
        #expect(try reader.next() == "three")
        #expect(reader.lineNumber == 4)
        #expect(try reader.next() == nil)
        #expect(reader.endedTorn)
    }

    @Test func aLinePastTheBoundIsAnErrorNamingIt() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        try TestFile.write(path, Array("one\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 200) + [0x0A])
        let reader = try JournalLineReader(path: path, maximumLineBytes: 100)
        #expect(try reader.next() == "one")
        #expect(throws: FileError(path: path, message: "line 2 is longer than 100 bytes")) { try reader.next() }
    }

    @Test func aFIFOIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FileError(path: path, message: "not a regular file")) { try JournalLineReader(path: path) }
    }
}
