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
            clips and faults, and how many files it says are on the card. A journal kept in
            segments (docs/durability.md) is read whole: its segments FILE.000001, FILE.000002,
            ... oldest first, then FILE; each segment's first line, a checkpoint, is checked
            too, and the summary says how many files were read. With --files, those
            files instead, by number, photos first, as NDJSON: each line the file's name
            (file), its number (shot or clip) and the orientation it carries (exif for a photo,
            rotation for a clip; left out when the journal does not know it). The kernel rig's
            checks read journals this way.
            """)

    /// Every journal is read; the exit status is the worst (a bad one does not hide the next's).
    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        var status: Int32 = 0
        for path in arguments.positionals {
            do throws(CommandError) {
                let tally = try read(path)
                if arguments.flag("files") {
                    for owed in tally.facts.owedFiles { console.print(owed.jsonLine) }
                } else {
                    console.print(tally.summary(of: path))
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

    /// The files of the journal at `path`, oldest first: its closed segments
    /// (`<path>.000001`, ..., `JournalSegments`), then `path` itself.
    static func series(_ path: String) -> [String] {
        JournalSegments.numbers(of: path).map { JournalSegments.path(of: path, segment: $0) } + [path]
    }

    /// The journal's series read line by line, each checked to be a record or a checkpoint;
    /// the first that is neither is the error, with its file and line.
    static func read(_ path: String) throws(CommandError) -> JournalTally {
        var tally = JournalTally()
        for file in series(path) {
            let reader: JournalLineReader
            do throws(FileError) {
                reader = try JournalLineReader(path: file)
            } catch {
                throw .failed(error.description)
            }
            // Bounded by the file: one line a pass.
            while true {
                let next: String?
                do throws(FileError) {
                    next = try reader.next()
                } catch {
                    throw .failed(error.description)
                }
                guard let line = next else { break }
                do throws(ConfigError) {
                    try tally.read(line)
                } catch {
                    throw .badInput(file + ":" + String(reader.lineNumber) + ": " + error.description)
                }
            }
            if reader.endedTorn {
                throw .badInput(file + ":" + String(reader.lineNumber + 1) + ": no newline at the end: a torn line")
            }
            tally.files += 1
        }
        return tally
    }

    static func count(_ number: Int, _ noun: String) -> String { String(number) + " " + noun + (number == 1 ? "" : "s") }
}
