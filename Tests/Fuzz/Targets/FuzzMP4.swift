#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// Clips come from cameras and from users: any bytes must give a patched movie or a
/// MediaError, never a crash. A patch keeps the length and reads back its rotation. The file
/// path (MP4FileLayout finding moov in a file, as `upright orient` does) runs on a scratch file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMP4(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let rotation = [0, 90, 180, 270][Int(data[0] & 3)]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    _ = try? MP4RotationPatcher.rotationDegrees(of: bytes)
    do {
        let patched = try MP4RotationPatcher.patched(bytes, rotationDegrees: rotation)
        if patched.count != bytes.count { fatalError("patch changed the length") }
        if let readBack = try MP4RotationPatcher.rotationDegrees(of: patched), readBack != rotation {
            fatalError("patched movie reads back \(readBack), not \(rotation)")
        }
    } catch {
        _ = error.description
    }
    // MediaFileReader opens by path: a scratch file, removed again after each input.
    let path = "/tmp/upright-fuzz-mp4-\(getpid())"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return 0 }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    defer { unlink(path) }
    do {
        let file = try MediaFileReader(path: path)
        let movie = try MP4FileLayout.movieBox(in: file)
        if movie.offset < 0 || movie.offset + movie.bytes.count > bytes.count { fatalError("moov outside the file") }
        _ = try MP4RotationPatcher.patched(movie.bytes, rotationDegrees: rotation)
    } catch {
        _ = error.description
    }
    return 0
}
