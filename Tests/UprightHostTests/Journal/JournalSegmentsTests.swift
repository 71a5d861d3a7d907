#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
@testable import UprightHost
import UprightTestSupport

/// The journal as a series: the live file closed as the next segment past its bound, a fresh
/// one begun with a checkpoint, and start-up reading only what it needs, whatever a cut left
/// between any two of the rotation's steps.
@Suite struct JournalSegmentsTests {
    static func capture(_ shot: Int) -> String {
        let number = String(shot)
        let file = "IMG_" + String(repeating: "0", count: 4 - number.count) + number + ".jpg"
        return #"{"t":"# + number + #".000000,"event":"capture","orientation":"left-up","exif":6,"shot":"# + number + #","file":""# + file + #""}"#
    }

    /// The checkpoint after photos 1 and 2, closing segment 1.
    static let checkpointAfterTwo =
        #"{"t":0.000000,"event":"checkpoint","segment":1,"highest":2,"settled":0,"files":[{"file":"IMG_0001.jpg","shot":1,"exif":6},{"file":"IMG_0002.jpg","shot":2,"exif":6}],"open":[],"owed":[],"crc":2725949878}"#

    /// `journal.ndjson` in `directory`, bounded to `segmentBytes`, knowing an empty journal.
    static func boundedJournal(in directory: TemporaryDirectory, segmentBytes: Int) throws -> (Journal, String) {
        let path = directory.path + "/journal.ndjson"
        let journal = try Journal(path: path, segmentBytes: segmentBytes)
        try journal.adopt(JournalFacts())
        return (journal, path)
    }

    @Test func segmentsAreNamedWithSixDigitsAndListedOldestFirst() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.path + "/journal.ndjson"
        #expect(JournalSegments.path(of: journal, segment: 7) == journal + ".000007")
        for name in ["journal.ndjson.000010", "journal.ndjson.000002", "journal.ndjson.1", "journal.ndjson.torn", "other.ndjson.000003"] {
            try TestFile.write(directory.path + "/" + name, "")
        }
        #expect(JournalSegments.numbers(of: journal) == [2, 10])
    }

    /// A line that would take the live file past its bound first closes it as the next
    /// segment; the fresh live file's first line is the checkpoint of everything before.
    @Test func aLinePastTheBoundClosesTheSegmentAndTheNextFileBeginsWithACheckpoint() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, path) = try Self.boundedJournal(in: directory, segmentBytes: 250)
        for shot in 1...4 { try journal.append(Self.capture(shot)) }
        #expect(journal.rotations == 2)
        // The checkpoint twice: last in the segment it closes, first in the file after it.
        let checkpointAfterThree =
            #"{"t":0.000000,"event":"checkpoint","segment":2,"highest":3,"settled":0,"files":[{"file":"IMG_0001.jpg","shot":1,"exif":6},{"file":"IMG_0002.jpg","shot":2,"exif":6},{"file":"IMG_0003.jpg","shot":3,"exif":6}],"open":[],"owed":[],"crc":1506020637}"#
        #expect(try Journal.lines(at: path + ".000001") == [Self.capture(1), Self.capture(2), Self.checkpointAfterTwo])
        #expect(try Journal.lines(at: path + ".000002") == [Self.checkpointAfterTwo, Self.capture(3), checkpointAfterThree])
        #expect(
            try Journal.lines(at: path) == [
                checkpointAfterThree,
                Self.capture(4),
            ])
        let read = try JournalSegments.startupRead(journal: path, limitBytes: 250 + JournalSegments.maximumLineBytes)
        #expect(read.files.map(\.path) == [path])
        #expect(read.lines.count == 2)
        #expect(!read.readFromTail)
    }

    /// A journal without a bound is one file, as before segments: no rotation, no checkpoint.
    @Test func aJournalWithoutABoundNeverRotates() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        let journal = try Journal(path: path)
        try journal.adopt(JournalFacts())
        for shot in 1...4 { try journal.append(Self.capture(shot)) }
        #expect(try Journal.lines(at: path) == (1...4).map(Self.capture))
        #expect(JournalSegments.numbers(of: path).isEmpty)
    }

    /// What a cut between two of the rotation's steps leaves, and start-up after it: every
    /// state reads photos 1 and 2 (numbering goes on after 2, nothing journaled again), and
    /// leaves a live file that begins with their checkpoint, which the next start reads alone.
    enum CutState: String, CaseIterable {
        /// The live file past its bound, its checkpoint not written yet.
        case beforeTheClosingCheckpoint
        /// The checkpoint written last in the live file, not renamed yet.
        case beforeTheRename
        /// ext4's link(2) done, the unlink of the live name not: one file under both names.
        case betweenLinkAndUnlink
        /// Renamed: no live file.
        case renamedWithNoLiveFile
        /// The live file made, nothing in it.
        case liveFileEmpty
        /// The checkpoint's line torn (no newline).
        case checkpointTorn
        /// The checkpoint whole: the rotation done.
        case checkpointWhole
    }

    @Test(arguments: CutState.allCases)
    func startUpReadsWhatEachCutLeaves(state: CutState) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        let segment = path + ".000001"
        let lines = Self.capture(1) + "\n" + Self.capture(2) + "\n"
        let closed = lines + Self.checkpointAfterTwo + "\n"
        for shot in 1...2 { try TestFile.write(directory.path + "/IMG_000" + String(shot) + ".jpg", "photo") }
        switch state {
        case .beforeTheClosingCheckpoint:
            try TestFile.write(path, lines)
        case .beforeTheRename:
            try TestFile.write(path, closed)
        case .betweenLinkAndUnlink:
            try TestFile.write(segment, closed)
            #expect(link(segment, path) == 0)
        case .renamedWithNoLiveFile:
            try TestFile.write(segment, closed)
        case .liveFileEmpty:
            try TestFile.write(segment, closed)
            try TestFile.write(path, "")
        case .checkpointTorn:
            try TestFile.write(segment, closed)
            try TestFile.write(path, String(Self.checkpointAfterTwo.prefix(40)))
        case .checkpointWhole:
            try TestFile.write(segment, closed)
            try TestFile.write(path, Self.checkpointAfterTwo + "\n")
        }
        let startup = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 250)
        #expect(startup.numberedAfter == 2)
        #expect(startup.reconciliation.records == [])
        #expect(startup.reconciliation.unreadableLines == 0)
        let expectedFiles: [String] =
            switch state {
            case .beforeTheClosingCheckpoint, .beforeTheRename, .checkpointWhole: [path]
            default: [segment, path]
            }
        #expect(startup.journalRead.files.map(\.path) == expectedFiles)
        // Past the rename, only the segment's last line is read: its copy of the checkpoint.
        #expect(startup.journalRead.files.first?.lastLine == (expectedFiles.count == 2))
        #expect(startup.journal?.finishedRotation == (state == .betweenLinkAndUnlink))
        switch state {
        case .beforeTheClosingCheckpoint, .beforeTheRename:
            // Not rotated yet: the next line does it (a checkpoint written before the cut is
            // written again, the same facts).
            #expect(JournalSegments.numbers(of: path).isEmpty)
            try startup.journal?.append(Self.capture(3))
            let again = state == .beforeTheRename ? [Self.checkpointAfterTwo] : []
            #expect(try Journal.lines(at: segment) == [Self.capture(1), Self.capture(2)] + again + [Self.checkpointAfterTwo])
        default:
            #expect(try Journal.lines(at: segment) == [Self.capture(1), Self.capture(2), Self.checkpointAfterTwo])
            #expect(try Journal.lines(at: path) == [Self.checkpointAfterTwo])
        }
        #expect(try Journal.lines(at: path).first == Self.checkpointAfterTwo)
        let next = try JournalSegments.startupRead(journal: path, limitBytes: 250 + JournalSegments.maximumLineBytes)
        #expect(next.files.map(\.path) == [path])
    }

    /// A bit flipped in the live file's checkpoint (a digit of `settled`: the line still
    /// parses, its `crc` does not match): start-up reads the copy that ends the newest segment,
    /// and journals nothing again. Before the copy and the checksum, start-up read the live
    /// file's other lines alone and journaled every photo on the card `file-recovered`, at the
    /// first start after each such flip (the long life's swarm, 89,294 in one device year).
    @Test func aDamagedCheckpointIsReadFromItsCopyInTheSegment() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, path) = try Self.boundedJournal(in: directory, segmentBytes: 250)
        for shot in 1...3 {
            try journal.append(Self.capture(shot))
            try TestFile.write(directory.path + "/IMG_000" + String(shot) + ".jpg", "photo")
        }
        #expect(journal.rotations == 1)
        var live = try Journal.lines(at: path)
        #expect(live == [Self.checkpointAfterTwo, Self.capture(3)])
        live[0] = live[0].replacing(#""highest":2"#, with: #""highest":3"#)
        try TestFile.write(path, live.joined(separator: "\n") + "\n")

        let startup = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 250)
        #expect(startup.journalRead.files.map(\.path) == [path + ".000001", path])
        #expect(startup.journalRead.files.map(\.lineCount) == [1, 2])
        #expect(startup.journalRead.files.map(\.lastLine) == [true, false])
        #expect(startup.reconciliation.records == [])
        #expect(startup.reconciliation.unreadableLines == 1)
        #expect(startup.reconciliation.firstUnreadable == path + " line 1: crc: 2725949878 does not match the line (a damaged checkpoint)")
        #expect(startup.numberedAfter == 3)
    }

    /// A read limit that falls on a line's first byte keeps that line (it dropped it, taking
    /// it for the end of a line cut by the limit); one inside a line drops only that line.
    @Test func aTailKeepsTheLineItsLimitBegins() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        try TestFile.write(path, "aaaa\nbbbb\ncccc\n")
        #expect(try JournalSegments.tail(of: path, limitBytes: 10)?.lines == ["bbbb", "cccc"])
        #expect(try JournalSegments.tail(of: path, limitBytes: 9)?.lines == ["cccc"])
        #expect(try JournalSegments.tail(of: path, limitBytes: 5)?.lines == ["cccc"])
        #expect(try JournalSegments.tail(of: path, limitBytes: 4)?.lines == [])
        #expect(try JournalSegments.tail(of: path, limitBytes: 15)?.lines == ["aaaa", "bbbb", "cccc"])
        #expect(try JournalSegments.tail(of: path, limitBytes: 15)?.cut == false)
        #expect(try JournalSegments.tail(of: path, limitBytes: 14)?.cut == true)
    }

    /// A segment closed without the copy (by the build before it): read whole, from its own
    /// checkpoint, or as a journal's tail when it has none (numbers below its lowest settled).
    @Test func aSegmentWithoutTheCopyIsReadWhole() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        for shot in 1...3 { try TestFile.write(directory.path + "/IMG_000" + String(shot) + ".jpg", "photo") }
        try TestFile.write(path + ".000001", Self.capture(1) + "\n")
        try TestFile.write(path + ".000002", Self.capture(2) + "\n")
        try TestFile.write(path, Self.capture(3) + "\n")
        let read = try JournalSegments.startupRead(journal: path, limitBytes: 250 + JournalSegments.maximumLineBytes)
        #expect(read.files.map(\.path) == [path + ".000002", path])
        #expect(read.files.map(\.lastLine) == [false, false])
        #expect(read.lines == [Self.capture(2), Self.capture(3)])
        #expect(read.readFromTail)
        let startup = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 250)
        #expect(startup.reconciliation.records == [])
    }

    /// A cut after the rename, before its directory was flushed, can bring the live name back
    /// (the rename lost): the state before the rename, above. A rename that finds the segment's
    /// name taken moves past it, never over it.
    @Test func aSegmentNameTakenIsNeverRenamedOver() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, path) = try Self.boundedJournal(in: directory, segmentBytes: 250)
        try TestFile.write(path + ".000001", "someone's\n")
        try TestFile.write(path + ".000002", "")
        for shot in 1...3 { try journal.append(Self.capture(shot)) }
        #expect(journal.rotations == 1)
        #expect(try TestFile.text(path + ".000001") == "someone's\n")
        #expect(try Journal.lines(at: path + ".000003").prefix(2) == [Self.capture(1), Self.capture(2)])
        // The copy that ends it names it, as the live file's checkpoint does.
        #expect(try Journal.lines(at: path + ".000003").last?.contains(#""segment":3,"#) == true)
        #expect(try Journal.lines(at: path + ".000003").last == Journal.lines(at: path).first)
    }
}
