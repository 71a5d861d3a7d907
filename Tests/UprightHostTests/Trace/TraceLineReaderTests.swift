import Glibc
import Testing
import UprightHost

@Suite struct TraceLineReaderTests {
    /// Writes `text` into a pipe and reads it back line by line.
    static func lines(of text: String, maximum: Int = 1024) throws -> [String] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
        close(fds[1])
        defer { close(fds[0]) }
        var reader = TraceLineReader(fd: fds[0], maximumLineBytes: maximum)
        var result: [String] = []
        while let line = try reader.nextLine() { result.append(String(line)) }
        return result
    }

    @Test func splitsLinesAndKeepsALastLineWithoutNewline() throws {
        #expect(try Self.lines(of: "t,ax\n\n1,2") == ["t,ax", "", "1,2"])
        #expect(try Self.lines(of: "a\nb\n") == ["a", "b"])
        #expect(try Self.lines(of: "") == [])
    }

    /// The bound is the parser's (bytes without the newline, `\r` and a first line's
    /// byte-order mark): a first line of exactly the bound passes with all three.
    @Test func firstLineMayCarryAByteOrderMarkAndCR() throws {
        let header = String(repeating: "x", count: 16)
        #expect(try Self.lines(of: "\u{FEFF}" + header + "\r\n" + header + "\r\n", maximum: 16) == ["\u{FEFF}" + header + "\r", header + "\r"])
        #expect(throws: TraceLineReader.ReadError.lineTooLong(line: 2)) {
            _ = try Self.lines(of: "ok\n\u{FEFF}" + header + "\r\n", maximum: 16)
        }
    }

    @Test func refusesARunawayLine() {
        #expect(throws: TraceLineReader.ReadError.lineTooLong(line: 2)) {
            _ = try Self.lines(of: "ok\n" + String(repeating: "x", count: 40) + "\n", maximum: 16)
        }
    }
}
