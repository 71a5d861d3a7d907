import UprightCore
import UprightHost

/// The journal's lines as every reader decodes them (`TimedEvent(jsonLine:)`: start-up's
/// reconciliation, `upright journal`, the soak's checker), one input a journal: each line must
/// give a record or a one-line error naming the key, never a trap (a flipped bit on the card
/// must not become a crash loop). A record read is written again (`jsonLine()`) and must read
/// back the same: the writer and the reader are one contract. What the journal owes
/// (`owedFiles`, `fileNames`) is asked of the whole input too: every name it gives is a plain
/// name in the output directory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Split as `upright journal` and `Journal.lines` do: on newlines, the bytes of each decoded
    // as UTF-8 with replacement (a flipped bit may leave invalid UTF-8).
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    for line in lines {
        do throws(ConfigError) {
            let event = try TimedEvent(jsonLine: line)
            let again = event.jsonLine()
            let reread: TimedEvent
            do throws(ConfigError) {
                reread = try TimedEvent(jsonLine: again)
            } catch {
                fatalError("a record read does not read back when written again: \(error.description) in \(again)")
            }
            if reread != event { fatalError("a record written again reads back otherwise: \(again)") }
            if reread.jsonLine() != again { fatalError("a record's line is not stable: \(again)") }
        } catch {
            if error.description.oneLine != error.description || error.description.isEmpty {
                fatalError("error not one line: \(error.description)")
            }
        }
    }
    for owed in OutputReconciliation.owedFiles(by: lines) {
        if !isPlainName(owed.file) { fatalError("an owed file that is not a plain name: \(owed.file)") }
    }
    for name in OutputReconciliation.fileNames(in: lines) where !isPlainName(name) {
        fatalError("a journaled file that is not a plain name: \(name)")
    }
    return 0
}

/// A name directly inside the output directory: what start-up may unlink or rename.
func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && !name.hasPrefix(".")
}
