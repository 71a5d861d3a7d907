#if canImport(Glibc)
import Glibc
#endif

/// Reads lines from a file descriptor in fixed-size chunks, holding at most one bounded line
/// in memory: a trace streams from a pipe or a file of any length.
public struct TraceLineReader {
    public enum ReadError: Error, Equatable {
        /// A line exceeded the bound before its newline (line number, 1-based).
        case lineTooLong(line: Int)
        /// read(2) failed with this errno.
        case system(errno: Int32)
    }

    private let fd: Int32
    private let maximumLineBytes: Int
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false
    private var linesRead = 0

    public init(fd: Int32, maximumLineBytes: Int = TraceParser.maximumLineBytes) {
        self.fd = fd
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next line without its newline, or nil at the end of the input.
    public mutating func nextLine() throws(ReadError) -> Substring? {
        var line: [UInt8] = []
        while true {
            if chunkStart == chunkEnd {
                if atEnd { break }
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .system(errno: errno)
                }
                if count == 0 {
                    atEnd = true
                    break
                }
                chunkStart = 0
                chunkEnd = count
            }
            var index = chunkStart
            while index < chunkEnd && chunk[index] != UInt8(ascii: "\n") { index += 1 }
            line.append(contentsOf: chunk[chunkStart..<index])
            // +1 leaves room for a `\r` before the newline, +3 more on the first line for a
            // UTF-8 byte-order mark: the parser drops both before applying the bound.
            let slack = linesRead == 0 ? 4 : 1
            if line.count > maximumLineBytes + slack { throw .lineTooLong(line: linesRead + 1) }
            if index < chunkEnd {
                chunkStart = index + 1
                linesRead += 1
                return Substring(decoding: line, as: UTF8.self)
            }
            chunkStart = chunkEnd
        }
        if line.isEmpty { return nil }
        linesRead += 1
        return Substring(decoding: line, as: UTF8.self)
    }
}
