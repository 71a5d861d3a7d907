import UprightHost

/// Board files are hand-edited: any bytes must give a board or a BoardError, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let board = try Board.parse(bytes, file: "fuzz.json")
        _ = board.name
    } catch {
        // One line naming the file (the hostile-input contract).
        // (Compared as bytes: a key may start with a combining mark that joins the space.)
        if !error.description.utf8.starts(with: "fuzz.json: ".utf8) || error.description.oneLine != error.description {
            fatalError("badly located error: \(error.description)")
        }
    }
    return 0
}
