import UprightCore
import UprightHost
import UprightMCUShared

/// Turns a chip's output (docs/mcu.md, "Output") back into the contract NDJSON event stream,
/// through the same `EventLog` and `EventRecord` formatting `upright replay` uses, so any
/// difference in the comparison is a difference in the records, never in the formatting.
enum OutputDecoder {
    struct Run: Equatable {
        var machine: String
        var kind: String
        /// The event stream, or the float probe's digests (`{"probe":..,"digest":..}`).
        var lines: [String]
        /// The `=` figures in order (`samples` first).
        var figures: [Figure]
    }

    struct Figure: Equatable {
        var name: String
        var value: UInt64
    }

    struct DecodeError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    static func decode(_ text: String) throws(DecodeError) -> Run {
        var run: Run?
        var log = EventLog()
        var time = Instant.zero
        var records = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let words = rawLine.split(separator: " ")
            guard let first = words.first else { continue }
            guard var current = run else {
                guard first == "upright-mcu", words.count == 4 else {
                    throw DecodeError(line: number, message: "expected the header 'upright-mcu 1 MACHINE KIND', found '\(rawLine.prefix(80))'")
                }
                guard words[1] == "1" else { throw DecodeError(line: number, message: "output format \(words[1]), this decoder reads 1") }
                run = Run(machine: String(words[2]), kind: String(words[3]), lines: [], figures: [])
                continue
            }
            switch first {
            case "X":
                throw DecodeError(line: number, message: "the chip reported: " + words.dropFirst().joined(separator: " "))
            case "end":
                guard words.count >= 2, words[1] == "ok" else { throw DecodeError(line: number, message: "the run failed ('\(rawLine)')") }
                guard words.count == 3, let count = Int(words[2]), count == records + (current.kind == "float-probe" ? current.lines.count : 0) else {
                    throw DecodeError(line: number, message: "the end line counts other records than were read ('\(rawLine)')")
                }
                current.lines += log.jsonLines()
                return current
            case "=":
                guard words.count == 3, let value = UInt64(words[2]) else {
                    throw DecodeError(line: number, message: "malformed figure '\(rawLine)'")
                }
                current.figures.append(Figure(name: String(words[1]), value: value))
            case "P":
                guard words.count == 3, let digest = UInt32(words[2]) else {
                    throw DecodeError(line: number, message: "malformed probe line '\(rawLine)'")
                }
                var writer = JSONWriter()
                writer.field("probe", String(words[1]))
                writer.field("digest", Int(digest))
                current.lines.append(writer.finished)
            default:
                guard first.utf8.count == 1, words.count >= 2, let delta = Int64(words[1]) else {
                    throw DecodeError(line: number, message: "not a harness line: '\(rawLine.prefix(80))'")
                }
                var fields: [UInt32] = []
                for word in words.dropFirst(2) {
                    guard let value = UInt32(word) else { throw DecodeError(line: number, message: "malformed record '\(rawLine)'") }
                    fields.append(value)
                }
                let record = fields.withUnsafeBufferPointer { CompactRecord(tag: first.utf8.first!, fields: $0) }
                guard let record else { throw DecodeError(line: number, message: "unknown record '\(rawLine)'") }
                time = time + TimeSpan(nanoseconds: delta)
                log.record(record.record, at: time)
                records += 1
            }
            run = current
        }
        throw DecodeError(
            line: 0,
            message: run == nil ? "no output (the chip did not start)" : "the output stops before its end line (the chip stopped or timed out)")
    }
}
