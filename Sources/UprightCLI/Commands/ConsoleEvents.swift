import UprightCore
import UprightHost
import UprightSim

/// `upright run`'s event output: the NDJSON stream on stdout (`--json`), or the readable
/// timeline on stderr; a record the journal could not keep is said so on stderr.
struct ConsoleEvents: EventOutput {
    let console: Console
    let json: Bool
    /// Time zero of the `t` fields.
    let origin: Instant
    let note: (String) -> Void

    mutating func deliver(_ event: TimedEvent, journalError: FileError?) {
        if let journalError { note("journal: \(journalError)") }
        if json {
            console.print(event.jsonLine(origin: origin))
            console.flush()
        } else {
            console.printError(TimelineFormatter.line(event, origin: origin))
        }
    }
}
