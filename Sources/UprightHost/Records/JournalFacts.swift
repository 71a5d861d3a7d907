import UprightCore

/// What the journal says of each photo and clip number, read record by record
/// (`TimedEvent(jsonLine:)`) and checkpoint by checkpoint (`JournalCheckpoint`): start-up's
/// reconciliation and the files a journal owes (`OutputReconciliation`) are both answered from
/// it, and a segmented journal (`Journal.segmentBytes`) keeps one to write its next checkpoint.
public struct JournalFacts: Equatable, Sendable {
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
    public internal(set) var highestNumber = 0
    /// Every number at or below this is accounted for by lines not read (older segments, or the
    /// head of a journal read from its tail): a file of such a number is not journaled again.
    public internal(set) var settledThrough = 0

    /// How far below the highest number a checkpoint keeps each number's facts. A number is
    /// named (a photo's file renamed) before its line is journaled only while its line waits:
    /// at most 16 photos on the files worker (`CameraFileWorker`) and one clip, each with its
    /// own number; 256 numbers is fifteen times that, and keeps a checkpoint under 20 KB.
    public static let checkpointWindow = 256

    public init() {}

    /// The facts a checkpoint carries, as if its lines had been read.
    public init(_ checkpoint: JournalCheckpoint) {
        read(checkpoint)
    }

    /// Reads one journal line, a record or a checkpoint; the error names the key.
    public mutating func read(line: String) throws(ConfigError) {
        if JournalCheckpoint.isCheckpoint(line) {
            read(try JournalCheckpoint(jsonLine: line))
        } else {
            read(try TimedEvent(jsonLine: line).record)
        }
    }

    /// Merges a checkpoint: it repeats what the lines before it said, so reading a whole
    /// series (`upright journal`) with it or without it gives the same facts.
    public mutating func read(_ checkpoint: JournalCheckpoint) {
        highestNumber = max(highestNumber, checkpoint.highestNumber)
        settledThrough = max(settledThrough, checkpoint.settledThrough)
        // A number the checkpoint names is used, whatever its `highest` says (a flipped bit).
        for number in checkpoint.files.map(\.number.value) + checkpoint.openClips.map(\.clip) + checkpoint.owedRotations.map(\.clip) {
            highestNumber = max(highestNumber, number)
        }
        for owed in checkpoint.files {
            accounted.insert(owed.number)
            if let orientation = owed.orientation { orientations[owed.number] = orientation }
            switch owed.number {
            case .shot(let shot): photoFiles[shot] = owed.file
            case .clip(let clip):
                clipFiles[clip] = owed.file
                clipEnded.insert(clip)
                if clipStarts[clip] == nil { clipStarts[clip] = .some(owed.orientation) }
            }
        }
        for open in checkpoint.openClips {
            clipStarts[open.clip] = .some(open.orientation)
            if let orientation = open.orientation { orientations[.clip(open.clip)] = orientation }
        }
        for owed in checkpoint.owedRotations { owedRotations[owed.clip] = owed }
    }

    /// The checkpoint of these facts, for the line that begins segment `segment + 1`'s live file.
    public func checkpoint(time: Instant, segment: Int) -> JournalCheckpoint {
        let settled = min(highestNumber, max(settledThrough, highestNumber - Self.checkpointWindow))
        var files: [OwedFile] = []
        for (shot, file) in photoFiles where shot > settled && !missing.contains(.shot(shot)) {
            files.append(OwedFile(number: .shot(shot), file: file, orientation: orientations[.shot(shot)]))
        }
        for (clip, file) in clipFiles where clip > settled && !missing.contains(.clip(clip)) {
            files.append(OwedFile(number: .clip(clip), file: file, orientation: orientations[.clip(clip)]))
        }
        files.sort { ($0.number.value, $0.number.key) < ($1.number.value, $1.number.key) }
        // At most one clip records at a time, and start-up ends those a cut left open
        // (`record-failed` `interrupted`): the bound is for a journal written otherwise.
        let open = clipStarts.filter { !clipEnded.contains($0.key) }.sorted { $0.key < $1.key }
            .prefix(JournalCheckpoint.maximumEntries - min(files.count, JournalCheckpoint.maximumEntries))
            .map { JournalCheckpoint.OpenClip(clip: $0.key, orientation: $0.value) }
        let owed = owedRotations.values.sorted { $0.clip < $1.clip }.prefix(JournalCheckpoint.maximumOwed)
        return JournalCheckpoint(
            time: time, segment: segment, highestNumber: highestNumber, settledThrough: max(0, settled), files: files,
            openClips: Array(open), owedRotations: Array(owed))
    }

    /// Settles every number below the lowest `lines` carry (a journal's tail: its head, not
    /// read, accounted for those); none when the tail carries no number (each file the card
    /// holds is then journaled `file-recovered` once).
    mutating func settleBelowLowestNumber(in lines: [String]) {
        var lowest: Int?
        for line in lines {
            guard let number = (try? TimedEvent(jsonLine: line))?.record.mediaNumber?.value else { continue }
            lowest = min(lowest ?? number, number)
        }
        guard let lowest else { return }
        settledThrough = max(settledThrough, lowest - 1)
    }

    /// Whether a line read says `number`'s file is on the card (journaled with it, or
    /// recovered) and none since says it is gone.
    public func accountsFor(_ number: MediaNumber) -> Bool {
        accounted.contains(number) && !missing.contains(number)
    }

    /// The photos and clips the journal says are on the card, by number (photos, then clips),
    /// less those it says are gone (`OutputReconciliation.owedFiles`).
    public var owedFiles: [OwedFile] {
        let photos = photoFiles.map { (MediaNumber.shot($0.key), $0.value) }.sorted { $0.0.value < $1.0.value }
        let clips = clipFiles.map { (MediaNumber.clip($0.key), $0.value) }.sorted { $0.0.value < $1.0.value }
        return (photos + clips).filter { !missing.contains($0.0) }.map {
            OwedFile(number: $0.0, file: $0.1, orientation: orientations[$0.0])
        }
    }

    public mutating func read(_ record: EventRecord) {
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
