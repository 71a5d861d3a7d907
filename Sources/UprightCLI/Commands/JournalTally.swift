import UprightCore
import UprightHost

/// What `upright journal` counts of a journal's series as it reads it line by line: the
/// records by kind, the checkpoints, the files read, and the facts (`JournalFacts`) that say
/// which photos and clips are on the card.
struct JournalTally {
    var facts = JournalFacts()
    var records = 0
    var photos = 0
    var clips = 0
    var faults = 0
    var checkpoints = 0
    /// The files read (segments and the live file).
    var files = 0

    /// Reads one line, a record or a checkpoint; the error names the key.
    mutating func read(_ line: String) throws(ConfigError) {
        if JournalCheckpoint.isCheckpoint(line) {
            facts.read(try JournalCheckpoint(jsonLine: line))
            checkpoints += 1
            return
        }
        let record = try TimedEvent(jsonLine: line).record
        facts.read(record)
        records += 1
        switch record {
        case .capture: photos += 1
        case .recordStart: clips += 1
        case .fault, .bound: faults += 1
        default: break
        }
    }

    /// One line: the records, photos, clips and faults, and the files on the card; for a
    /// journal in segments, how many files and checkpoints were read.
    func summary(of path: String) -> String {
        let count = JournalCommand.count
        var text =
            path + ": " + count(records, "record") + ": " + count(photos, "photo") + ", " + count(clips, "clip") + ", "
            + count(faults, "fault") + "; " + count(facts.owedFiles.count, "file") + " on the card"
        if files > 1 || checkpoints > 0 {
            text += " (read from " + count(files, "file") + ", " + count(checkpoints, "checkpoint") + ")"
        }
        return text
    }
}
