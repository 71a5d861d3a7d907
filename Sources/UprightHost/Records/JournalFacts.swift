import UprightCore

/// What the journal says of each photo and clip number, read record by record
/// (`TimedEvent(jsonLine:)`): start-up's reconciliation and the files a journal owes
/// (`OutputReconciliation`) are both answered from it.
struct JournalFacts {
    /// Photos journaled with a file (`capture`), by shot.
    var photoFiles: [Int: String] = [:]
    /// Clips journaled as started, with their latched orientation (nil: `unknown`; the clip
    /// is there all the same).
    var clipStarts: [Int: UprightOrientation?] = [:]
    /// Clips whose end was journaled (`record-stop`, `record-failed`).
    var clipEnded: Set<Int> = []
    /// Clips whose `record-stop` named a file.
    var clipFiles: [Int: String] = [:]
    /// The orientation each photo's or clip's file carries, by the record that named it (a
    /// `capture`'s latch, a clip's `record-start`, a `file-recovered`'s reading); absent when
    /// it carries none (a latch `unknown`, a recovered file whose orientation could not be read).
    var orientations: [MediaNumber: UprightOrientation] = [:]
    /// Numbers whose file the journal already accounts for (a record with it, `file-recovered`).
    var accounted: Set<MediaNumber> = []
    /// Numbers already journaled as `file-missing`.
    var missing: Set<MediaNumber> = []
    /// Clips journaled `record-failed` (they have no file).
    var failed: Set<Int> = []
    /// Clips named without their rotation (`fault` `rotation`) and not yet given it (no
    /// `recovered` `rotation`, no `file-missing`), by clip.
    var owedRotations: [Int: OwedRotation] = [:]
    /// The highest shot or clip number any record carries.
    var highestNumber = 0

    mutating func read(_ record: EventRecord) {
        if let number = record.mediaNumber { highestNumber = max(highestNumber, number.value) }
        switch record {
        case .capture(let shot, let orientation, _, let file?, _, _):
            photoFiles[shot] = file
            orientations[.shot(shot)] = orientation
            accounted.insert(.shot(shot))
        case .recordStart(let clip, let orientation, _, _):
            clipStarts[clip] = .some(orientation)
            orientations[.clip(clip)] = orientation
        case .recordStop(let clip, _, _, _, let file):
            clipEnded.insert(clip)
            if let file {
                clipFiles[clip] = file
                accounted.insert(.clip(clip))
            }
        case .recordFailed(let clip, _):
            // Also after a record-stop: the clip could not be finished, it has no file.
            clipEnded.insert(clip)
            failed.insert(clip)
            clipFiles[clip] = nil
            owedRotations[clip] = nil
            accounted.remove(.clip(clip))
        case .fileRecovered(.shot(let shot), let orientation, let file):
            photoFiles[shot] = file
            orientations[.shot(shot)] = orientation
            accounted.insert(.shot(shot))
        case .fileRecovered(.clip(let clip), let orientation, let file):
            clipFiles[clip] = file
            if let orientation { orientations[.clip(clip)] = orientation }
            accounted.insert(.clip(clip))
            clipEnded.insert(clip)
        case .fileMissing(let number, _):
            missing.insert(number)
            if case .clip(let clip) = number {
                clipEnded.insert(clip)
                owedRotations[clip] = nil
            }
        case .rotationOwed(let clip, let file, let rotationDegrees, let detail):
            owedRotations[clip] = OwedRotation(clip: clip, file: file, rotationDegrees: rotationDegrees, problem: detail)
        case .rotationWritten(let clip, _, _):
            owedRotations[clip] = nil
        default:
            break
        }
    }
}
