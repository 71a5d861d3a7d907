import UprightHost

/// The JSON parser under every loader: bounded depth and size, errors with positions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try JSONParser.parse(bytes)
    } catch {
        if error.description.oneLine != error.description { fatalError("error not one line: \(error.description)") }
    }
    return 0
}
