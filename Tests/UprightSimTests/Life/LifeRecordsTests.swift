import Testing
import UprightCore
import UprightHost
import UprightSim
import UprightTestSupport

/// The life's checks on the records as they are journaled: a number used twice or going back,
/// a photo journaled done then found missing, a clip named then failed, a recovered photo with
/// another orientation, a rotation owed and never paid; and the one loss the contract allows.
struct LifeRecordsTests {
    static func deliver(_ records: [EventRecord], to output: inout LifeRecords) {
        for record in records { output.deliver(TimedEvent(time: .zero, record: record), journalError: nil) }
    }

    static func capture(_ shot: Int) -> EventRecord {
        .capture(shot: shot, orientation: .normal, stale: false, file: "IMG_" + MediaNaming.fourDigits(shot) + ".jpg")
    }

    @Test func aShotNumberUsedTwiceIsCaught() {
        var output = LifeRecords(ledger: LifeLedger(), previousEnding: .shutdown)
        Self.deliver([Self.capture(1), Self.capture(2), Self.capture(2)], to: &output)
        #expect(output.violation == "shot 2 used again: it was journaled done before")
        #expect(output.counts.photos == 3)
    }

    @Test func aNumberGoingBackIsCaught() {
        var output = LifeRecords(ledger: LifeLedger(), previousEnding: .shutdown)
        Self.deliver([Self.capture(1), Self.capture(7), Self.capture(5)], to: &output)
        #expect(output.violation == "shot 5 numbered after shot 7")
    }

    @Test func aClipNumberUsedAgainIsCaught() {
        let ledger = LifeLedger()
        ledger.add(.clip(4), file: "CLIP_0004.mov", orientation: nil, confirmed: true)
        var output = LifeRecords(ledger: ledger, previousEnding: .shutdown)
        Self.deliver([.recordStart(clip: 4, orientation: .normal, stale: false, file: "CLIP_0004.mov")], to: &output)
        #expect(output.violation == "clip 4 used again: it was journaled done before")
    }

    @Test func aPhotoFoundMissingIsCaughtWhateverEndedTheBootBefore() {
        for ending in LifeEnding.allCases {
            var output = LifeRecords(ledger: LifeLedger(), previousEnding: ending)
            Self.deliver([Self.capture(3), .fileMissing(.shot(3), file: "IMG_0003.jpg")], to: &output)
            #expect(output.violation == "IMG_0003.jpg was journaled done and start-up found it missing")
        }
    }

    /// A clip journaled stopped whose naming a kill parted from its stop may be missing; after
    /// a shutdown, or once it was seen named, it may not.
    @Test func aClipStoppedButNotNamedIsLostOnlyToAKillOrACut() {
        let stop = EventRecord.recordStop(clip: 2, orientation: .leftUp, durationSeconds: 3, reason: "shutter", file: "CLIP_0002.mov")
        var killed = LifeRecords(ledger: LifeLedger(), previousEnding: .kill)
        Self.deliver([stop, .fileMissing(.clip(2), file: "CLIP_0002.mov")], to: &killed)
        #expect(killed.violation == nil)
        #expect(killed.counts.clipsLostToCuts == 1)
        #expect(killed.ledger.entries[.clip(2)] == nil)

        var shutDown = LifeRecords(ledger: LifeLedger(), previousEnding: .shutdown)
        Self.deliver([stop, .fileMissing(.clip(2), file: "CLIP_0002.mov")], to: &shutDown)
        #expect(shutDown.violation == "CLIP_0002.mov was journaled done and start-up found it missing")

        let named = LifeLedger()
        named.add(.clip(2), file: "CLIP_0002.mov", orientation: .leftUp, confirmed: true)
        var cut = LifeRecords(ledger: named, previousEnding: .powerCut)
        Self.deliver([.fileMissing(.clip(2), file: "CLIP_0002.mov")], to: &cut)
        #expect(cut.violation == "CLIP_0002.mov was journaled done and start-up found it missing")
        var failed = LifeRecords(ledger: named, previousEnding: .powerCut)
        Self.deliver([.recordFailed(clip: 2, reason: "interrupted")], to: &failed)
        #expect(failed.violation == "clip 2 was named, then journaled record-failed")
    }

    @Test func aRecoveredPhotoWithAnotherOrientationIsCaught() {
        var output = LifeRecords(ledger: LifeLedger(), previousEnding: .powerCut)
        Self.deliver([Self.capture(9), .fileRecovered(.shot(9), orientation: .bottomUp, file: "IMG_0009.jpg")], to: &output)
        #expect(output.violation == "IMG_0009.jpg recovered with bottom-up but journaled normal")
    }

    @Test func aRotationOwedStaysOwedUntilItIsPaid() {
        let stop = EventRecord.recordStop(clip: 5, orientation: .rightUp, durationSeconds: 3, reason: "shutter", file: "CLIP_0005.mov")
        var output = LifeRecords(ledger: LifeLedger(), previousEnding: .shutdown)
        Self.deliver([stop, .rotationOwed(clip: 5, file: "CLIP_0005.mov", rotationDegrees: 270, detail: "CLIP_0005.mov: EIO")], to: &output)
        #expect(output.ledger.owedClips == [5])
        Self.deliver([.rotationWritten(clip: 5, file: "CLIP_0005.mov", rotationDegrees: 270)], to: &output)
        #expect(output.ledger.owedClips == [])
        #expect(output.counts.rotationsOwed == 1)
        #expect(output.counts.rotationsPaid == 1)
        #expect(output.violation == nil)
        // Owed a rotation its stop did not latch.
        Self.deliver([.rotationOwed(clip: 5, file: "CLIP_0005.mov", rotationDegrees: 90, detail: "CLIP_0005.mov: EIO")], to: &output)
        #expect(output.violation == "CLIP_0005.mov owed a 90 degree rotation but was journaled right-up")
    }

    @Test func aRecordWithoutItsJournalLineIsCaught() {
        var output = LifeRecords(ledger: LifeLedger(), previousEnding: .shutdown)
        output.deliver(TimedEvent(time: .zero, record: Self.capture(1)), journalError: FileError(path: "journal.ndjson", message: "EIO"))
        #expect(output.violation?.hasPrefix("capture record has no journal line: ") == true)
    }

    /// A file a closed segment accounts for, journaled `file-recovered` again: start-up forgot
    /// the older segments (what a flipped bit in the live file's checkpoint did before it had a
    /// checksum and a copy). A file no closed segment names (its line torn by a cut, or
    /// spoilt by a flip while the file was live) may be recovered.
    @Test func aFileRecoveredThatAClosedSegmentAccountsForIsCaught() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.path + "/journal.ndjson"
        try TestFile.write(
            journal + ".000001",
            #"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":5,"file":"IMG_0005.jpg"}"# + "\n"
                + #"{"t":2.000000,"event":"capture","orientation":"normal","exif":1,"shot":6,"file":"IMG_0006.jpg"}"# + "\n"
                + #"{"t":3.000000,"event":"file-missing","shot":6,"file":"IMG_0006.jpg"}"# + "\n"
                + #"{"t":4.000000,"event":"capture","orientation":"normal","exif":1,"shot":7,"file":"IMG_0007.jpg","stale":tru}"# + "\n")
        let ledger = LifeLedger()
        try ledger.readClosedSegments(journalPath: journal)
        #expect(ledger.newestSegmentRead == 1)

        var forgiven = LifeRecords(ledger: ledger, previousEnding: .shutdown)
        Self.deliver(
            [
                .fileRecovered(.shot(6), orientation: .normal, file: "IMG_0006.jpg"),
                .fileRecovered(.shot(7), orientation: .normal, file: "IMG_0007.jpg"),
            ],
            to: &forgiven)
        #expect(forgiven.violation == nil)
        var output = LifeRecords(ledger: ledger, previousEnding: .shutdown)
        Self.deliver([.fileRecovered(.shot(5), orientation: .normal, file: "IMG_0005.jpg")], to: &output)
        #expect(
            output.violation
                == "IMG_0005.jpg journaled file-recovered again: a closed segment of the journal accounts for it (start-up forgot what it says)")
    }
}
