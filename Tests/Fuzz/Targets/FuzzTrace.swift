#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Traces come from files and pipes: any bytes must give rows or a TraceError with a line,
/// never a crash. The input goes through both the whole-text parser and the streaming path
/// `upright replay` uses (TraceLineReader on a descriptor, then TraceParser.feed), and the two
/// must agree on the row count whenever the streaming path accepts the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let rows = try TraceParser.parse(String(decoding: bytes, as: UTF8.self))
        for row in rows where !row.accelerationG.x.isFinite { fatalError("non-finite sample accepted") }
    } catch {
        if error.line < 1 { fatalError("error without a line: \(error)") }
        if error.message.oneLine != error.message { fatalError("error message not one line: \(error)") }
    }
    // The streaming path, through a descriptor (an unlinked scratch file).
    guard let fd = ScratchFile.descriptor(holding: bytes) else { return 0 }
    defer { close(fd) }
    var reader = TraceLineReader(fd: fd)
    var parser = TraceParser()
    var lines = 0
    do {
        while let line = try reader.nextLine() {
            lines += 1
            if lines > size + 1 { fatalError("more lines than bytes") }
            _ = try parser.feed(line)
        }
        try parser.finish()
    } catch {
        if let error = error as? TraceError, error.message.oneLine != error.message { fatalError("error message not one line: \(error)") }
    }
    return 0
}

/// A scratch file for one input: created and unlinked at once, so nothing is left behind.
enum ScratchFile {
    static func descriptor(holding bytes: [UInt8]) -> Int32? {
        let path = "/tmp/upright-fuzz-trace-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return nil }
        unlink(path)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        _ = lseek(fd, 0, SEEK_SET)
        return fd
    }
}
