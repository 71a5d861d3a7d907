#if canImport(Glibc)
import Glibc
#endif

/// A journal file's lines, one at a time, read in 64 KiB chunks: memory is one chunk and one
/// line (at most `maximumLineBytes`), whatever the file's size (`upright journal` over a year of
/// segments).
public final class JournalLineReader {
    public let path: String
    public let maximumLineBytes: Int
    /// The number (from 1) of the last line `next` gave.
    public private(set) var lineNumber = 0
    /// Whether the file ended with bytes and no newline (a torn line: not given as a line).
    public private(set) var endedTorn = false
    private let fd: Int32
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var chunkCount = 0
    private var chunkIndex = 0
    private var ended = false

    public init(path: String, maximumLineBytes: Int = JournalSegments.maximumLineBytes) throws(FileError) {
        self.path = path
        self.maximumLineBytes = maximumLineBytes
        // O_NONBLOCK: a FIFO under the journal's name must not hold the reader for ever.
        fd = try POSIXFile.open(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileError(path: path, message: "not a regular file")
        }
    }

    deinit { close(fd) }

    /// The next complete line (without its newline), nil at the end.
    public func next() throws(FileError) -> String? {
        var line: [UInt8] = []
        // Bounded by the file: each pass takes bytes from the chunk or reads the next one.
        while true {
            if chunkIndex == chunkCount {
                guard !ended else {
                    endedTorn = !line.isEmpty
                    return nil
                }
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileError(path: path, message: POSIXFile.errorText(errno), code: errno)
                }
                chunkCount = count
                chunkIndex = 0
                if count == 0 { ended = true }
                continue
            }
            let rest = chunk[chunkIndex..<chunkCount]
            if let newline = rest.firstIndex(of: 0x0A) {
                line.append(contentsOf: chunk[chunkIndex..<newline])
                chunkIndex = newline + 1
                guard line.count <= maximumLineBytes else { throw tooLong() }
                lineNumber += 1
                return String(decoding: line, as: UTF8.self)
            }
            line.append(contentsOf: rest)
            chunkIndex = chunkCount
            guard line.count <= maximumLineBytes else { throw tooLong() }
        }
    }

    private func tooLong() -> FileError {
        FileError(path: path, message: "line " + String(lineNumber + 1) + " is longer than " + String(maximumLineBytes) + " bytes")
    }
}
