import UprightCore
import UprightHost

/// A long life's records, one boot at a time (its start-up's, then its session's), as they are
/// journaled: counted, and the ledger kept from them (`LifeLedger`). Each is checked against
/// what the life knows: a new photo or clip never takes a number used before and always one
/// after the last; nothing journaled done is journaled `file-missing` (a clip whose stop a kill
/// or a cut parted from its naming excepted); a photo recovered carries the orientation its
/// capture was journaled with; nothing a closed segment accounts for is recovered again; every
/// record has its journal line. The first broken one is kept.
public struct LifeRecords: EventOutput {
    public let ledger: LifeLedger
    /// How the boot before this one ended (a clip promised and not named is lost only to a
    /// kill or a cut).
    public let previousEnding: LifeEnding
    public private(set) var counts = LifeCounts()
    public private(set) var violation: String?

    public init(ledger: LifeLedger, previousEnding: LifeEnding) {
        self.ledger = ledger
        self.previousEnding = previousEnding
    }

    mutating func fail(_ message: String) { if violation == nil { violation = message } }

    public mutating func deliver(_ event: TimedEvent, journalError: FileError?) {
        if let journalError { fail(event.record.name + " record has no journal line: " + journalError.description) }
        switch event.record {
        case .capture(let shot, let orientation, _, let file, _, _):
            if let broken = ledger.refuseReuse(.shot(shot)) { fail(broken) }
            if let file {
                counts.photos += 1
                ledger.add(.shot(shot), file: file, orientation: orientation, confirmed: true)
            }
        case .captureFailed:
            counts.captureFailures += 1
        case .shutterRejected(let reason):
            switch reason {
            case "numbers used up": counts.numbersUsedUp += 1
            case "storage full": counts.storageFull += 1
            default: counts.otherRejections += 1
            }
        case .recordStart(let clip, _, _, _):
            if let broken = ledger.refuseReuse(.clip(clip)) { fail(broken) }
        case .recordStop(let clip, let orientation, _, _, let file):
            if let file {
                counts.clips += 1
                ledger.add(.clip(clip), file: file, orientation: orientation, confirmed: false)
            }
        case .recordFailed(let clip, _):
            if ledger.entries[.clip(clip)]?.confirmed == true { fail("clip " + String(clip) + " was named, then journaled record-failed") }
            ledger.remove(.clip(clip))
        case .rotationOwed(let clip, let file, let degrees, _):
            counts.rotationsOwed += 1
            if let entry = ledger.entries[.clip(clip)], (entry.orientation?.rotationDegrees ?? 0) != degrees {
                fail(file + " owed a " + String(degrees) + " degree rotation but was journaled " + entry.orientation.latchName)
            }
            ledger.setRotationOwed(clip, true)
        case .rotationWritten(let clip, _, _):
            counts.rotationsPaid += 1
            ledger.setRotationOwed(clip, false)
        case .fileRecovered(let number, let orientation, let file):
            counts.filesRecovered += 1
            if ledger.closedSegments.accountsFor(number) {
                fail(file + " journaled file-recovered again: a closed segment of the journal accounts for it (start-up forgot what it says)")
            }
            if let entry = ledger.entries[number] {
                // A photo's orientation is read from its file; a clip's is its start line's, which a flip may have spoilt.
                if number.isShot && entry.orientation != orientation {
                    fail(file + " recovered with " + orientation.latchName + " but journaled " + entry.orientation.latchName)
                }
            } else {
                ledger.add(number, file: file, orientation: orientation, confirmed: number.isShot)
            }
        case .fileMissing(let number, let file):
            guard let entry = ledger.entries[number] else { return }
            if number.isShot || entry.confirmed || previousEnding == .shutdown {
                fail(file + " was journaled done and start-up found it missing")
            } else {
                counts.clipsLostToCuts += 1
                ledger.remove(number)
            }
        default:
            break
        }
    }
}
