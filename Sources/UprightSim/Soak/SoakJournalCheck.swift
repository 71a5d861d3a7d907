import UprightCore
import UprightHost

/// The soak's checks of what reached the disk, once the run is over: the journal file read
/// back is whole lines (no torn one), each a record of the contract (`TimedEvent(jsonLine:)`,
/// docs/events.md), their times never going back; it has a `capture` line for every capture
/// the event stream reported; and every photo and clip it names is in the output directory.
/// A journal that cannot be read is itself a violation. Each check can fail, and each has a
/// test that breaks its input and sees it fail (`SoakJournalCheckTests`).
public enum SoakJournalCheck {
    /// The first broken invariant, nil when all hold; `captures` is how many the event stream
    /// reported, `time` the time to report a violation at (the run's end).
    public static func violation(journalPath: String, directory: String, captures: Int, at time: Instant) -> SoakViolation? {
        check(journalPath: journalPath, directory: directory, captures: captures, at: time).violation
    }

    /// The journal's capture lines (as far as it was read) and the first broken invariant.
    public static func check(
        journalPath: String, directory: String, captures: Int, at time: Instant
    ) -> (captureLines: Int, violation: SoakViolation?) {
        var captureLines = 0
        func broken(_ message: String) -> (captureLines: Int, violation: SoakViolation?) {
            (captureLines, SoakViolation(time: time, message: message))
        }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try POSIXFile.readAll(journalPath, limit: 256 << 20)
        } catch {
            return broken("journal " + journalPath + " unreadable: " + error.message)
        }
        if let last = bytes.last, last != 0x0A { return broken("the journal's last line is torn (no newline)") }
        var lines: [String] = []
        var previous = Instant.zero
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            let event: TimedEvent
            do throws(ConfigError) {
                event = try TimedEvent(jsonLine: text)
            } catch {
                return broken("journal line " + String(index + 1) + " is not a record (" + error.description + "): " + text)
            }
            if event.time < previous {
                return broken(
                    "journal line " + String(index + 1) + " goes back in time (t " + String(event.time.seconds) + " after "
                        + String(previous.seconds) + ")")
            }
            previous = event.time
            if case .capture = event.record { captureLines += 1 }
            lines.append(text)
        }
        if captureLines != captures { return broken(String(captures) + " captures but " + String(captureLines) + " capture lines in " + journalPath) }
        if let missing = OutputReconciliation.filesOwed(by: lines).first(where: { !POSIXFile.exists(directory + "/" + $0) }) {
            return broken("the journal names " + missing + ", which is not in " + directory)
        }
        return (captureLines, nil)
    }
}
