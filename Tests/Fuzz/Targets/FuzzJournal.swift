import UprightCore
import UprightHost

/// The journal's lines as every reader decodes them (`TimedEvent(jsonLine:)`: start-up's
/// reconciliation, `upright journal`, the soak's checker), one input a journal: each line must
/// give a record or a one-line error naming the key, never a trap (a flipped bit on the card
/// must not become a crash loop). A record read is written again (`jsonLine()`) and must read
/// back the same: the writer and the reader are one contract. What the journal owes
/// (`owedFiles`, `fileNames`) is asked of the whole input too: every name it gives is a plain
/// name in the output directory. A `checkpoint` line (the first line of a bounded journal's
/// live file) is read as strictly, and written again reads back the same; the checkpoint of
/// the facts read from the whole input is itself a checkpoint that reads back, carrying the
/// same files above its `settled` (what a rotation writes, start-up must read).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Split as `upright journal` and `Journal.lines` do: on newlines, the bytes of each decoded
    // as UTF-8 with replacement (a flipped bit may leave invalid UTF-8).
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    var facts = JournalFacts()
    for line in lines {
        try? facts.read(line: line)
        if JournalCheckpoint.isCheckpoint(line) {
            checkCheckpoint(line)
            continue
        }
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
    let written = facts.checkpoint(time: .zero, segment: 1)
    let reread: JournalCheckpoint
    do throws(ConfigError) {
        reread = try JournalCheckpoint(jsonLine: written.jsonLine())
    } catch {
        fatalError("a checkpoint written does not read back: \(error.description) in \(written.jsonLine())")
    }
    if reread != written { fatalError("a checkpoint written reads back otherwise: \(written.jsonLine())") }
    let carried = JournalFacts(reread).owedFiles
    let above = facts.owedFiles.filter { $0.number.value > written.settledThrough }
    if carried != above { fatalError("a checkpoint does not carry the files above its settled number: \(written.jsonLine())") }
    return 0
}

/// A checkpoint line: a checkpoint or a one-line error; one read is written again the same.
func checkCheckpoint(_ line: String) {
    do throws(ConfigError) {
        let checkpoint = try JournalCheckpoint(jsonLine: line)
        let again = checkpoint.jsonLine()
        guard (try? JournalCheckpoint(jsonLine: again)) == checkpoint else { fatalError("a checkpoint written again reads back otherwise: \(again)") }
    } catch {
        if error.description.oneLine != error.description || error.description.isEmpty {
            fatalError("error not one line: \(error.description)")
        }
    }
}

/// A name directly inside the output directory: what start-up may unlink or rename.
func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && !name.hasPrefix(".")
}
