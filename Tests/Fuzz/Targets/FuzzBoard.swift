import UprightHost

/// Board files are hand-edited: any bytes must give a board or a BoardError, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let board = try Board.parse(bytes, file: "fuzz.json")
        _ = board.name
    } catch {
        // One line naming the file, and a syntax error's line and column (the hostile-input
        // contract): `fuzz.json:1:1: empty document`, `fuzz.json: sensor.kind: ...`.
        // (Compared as bytes: a key may start with a combining mark that joins the space.)
        let located = error.line.map { "fuzz.json:" + String($0) + ":" } ?? "fuzz.json: "
        if error.file != "fuzz.json" || (error.line ?? 1) < 1 || (error.column ?? 1) < 1
            || !error.description.utf8.starts(with: located.utf8) || error.description.oneLine != error.description
        {
            fatalError("badly located error: \(error.description)")
        }
    }
    return 0
}
