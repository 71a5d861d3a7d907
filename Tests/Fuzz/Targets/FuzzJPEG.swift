import UprightHost

/// Photos come from cameras and from users: any bytes must give a patched JPEG or a
/// MediaError, never a crash. A patch that succeeds must read back the value it wrote, and
/// patching again must change nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let values: [UInt16] = [1, 3, 6, 8]
    let value = values[Int(data[0] & 3)]
    // Most inputs start with SOI so the fuzzer spends its time past the magic check.
    var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 4 == 0 { bytes = [0xFF, 0xD8] + bytes }
    _ = try? JPEGOrientationPatcher.orientation(of: bytes)
    do {
        let patched = try JPEGOrientationPatcher.patched(bytes, exifValue: value)
        guard let readBack = try JPEGOrientationPatcher.orientation(of: patched), readBack == value else {
            fatalError("patched JPEG does not read back EXIF Orientation \(value)")
        }
        if try JPEGOrientationPatcher.patched(patched, exifValue: value) != patched {
            fatalError("patching twice changed the file")
        }
    } catch {
        _ = error.description
    }
    return 0
}
