import UprightCore
import UprightHost

/// `upright journal`: read journals through the firmware's own decoder and say what they hold
enum JournalCommand: Subcommand {
    static let spec = CommandSpec(
        name: "journal",
        summary: "check journals record by record and list the files they say are on the card",
        positionals: [PositionalSpec("FILE", help: "a journal (NDJSON, docs/events.md)", variadic: true)],
        options: [
            .flag("files", help: "print the photos and clips each journal says are on the card, as NDJSON")
        ],
        discussion: """
            Every line is read as start-up reads it (docs/events.md): a whole line ending in a
            newline, `t` and `event` first, every key of its record and no other, the derived
            keys agreeing. The first line that is not a record is named with its file and line,
            and the exit status is 2. Otherwise each journal gets one line: its records, photos,
            clips and faults, and how many files it says are on the card. With --files, those
            files instead, by number, photos first, as NDJSON: each line the file's name
            (file), its number (shot or clip) and the orientation it carries (exif for a photo,
            rotation for a clip; left out when the journal does not know it). The kernel rig's
            checks read journals this way.
            """)

    /// The largest journal read.
    static let maximumBytes = 256 << 20

    /// Every journal is read; the exit status is the worst (a bad one does not hide the next's).
    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        var status: Int32 = 0
        for path in arguments.positionals {
            do throws(CommandError) {
                let lines = try records(in: path)
                if arguments.flag("files") {
                    for owed in OutputReconciliation.owedFiles(by: lines) { console.print(owed.jsonLine) }
                } else {
                    console.print(summary(of: path, lines))
                }
            } catch {
                switch error {
                case .usage(let usage): console.printError("upright journal: " + usage.message.oneLine)
                case .badInput(let message), .failed(let message): console.printError("upright journal: " + message.oneLine)
                }
                status = max(status, error.exitStatus)
            }
        }
        return status
    }

    /// The journal's lines, each checked to be a record; the first that is not is the error.
    static func records(in path: String) throws(CommandError) -> [String] {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try POSIXFile.readAll(path, limit: maximumBytes)
        } catch {
            throw .failed(error.description)
        }
        var lines: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(String(decoding: bytes[start..<index], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count {
            throw .badInput(path + ":" + String(lines.count + 1) + ": no newline at the end: a torn line")
        }
        for (index, line) in lines.enumerated() {
            do throws(ConfigError) {
                _ = try TimedEvent(jsonLine: line)
            } catch {
                throw .badInput(path + ":" + String(index + 1) + ": " + error.description)
            }
        }
        return lines
    }

    static func summary(of path: String, _ lines: [String]) -> String {
        var photos = 0
        var clips = 0
        var faults = 0
        for line in lines {
            guard let record = try? TimedEvent(jsonLine: line).record else { continue }
            switch record {
            case .capture: photos += 1
            case .recordStart: clips += 1
            case .fault, .bound: faults += 1
            default: break
            }
        }
        let owed = OutputReconciliation.owedFiles(by: lines).count
        return path + ": " + count(lines.count, "record") + ": " + count(photos, "photo") + ", " + count(clips, "clip") + ", "
            + count(faults, "fault") + "; " + count(owed, "file") + " on the card"
    }

    static func count(_ number: Int, _ noun: String) -> String { String(number) + " " + noun + (number == 1 ? "" : "s") }
}
