import Glibc
import Testing
import UprightCore
@testable import UprightHost
import UprightTestSupport

/// What a cut at each moment of a photo's or a clip's life leaves in the output directory,
/// and what start-up makes of it.
struct OutputReconciliationTests {
    /// An 8x8 JPEG whose EXIF says `exif` (MediaFixtures' camera TIFF).
    static func photo(exif: Int) -> [UInt8] {
        MediaFixtures.exifJPEG(MediaFixtures.cameraTIFF(bigEndian: false, orientation: exif).tiff)
    }

    static func write(_ bytes: [UInt8], _ directory: TemporaryDirectory, _ name: String) {
        let fd = open(directory.path + "/" + name, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    static func lines(_ records: [EventRecord]) -> [String] {
        records.map { TimedEvent(time: .zero, record: $0).jsonLine() }
    }

    @Test(arguments: [
        ("UPRIGH~1.UPR", true), ("UPRIG~12.JPG", true), ("UPR~1.JPG", false), ("IMG_00~1.UPR", true), ("CLIP_0~3.UPR", true),
        ("UPRIGHT.TXT", false), ("uprigh~1.upr", false), ("IMG_0001.jpg", false), ("NOTES~1.TXT", false),
        ("UPRIGH~.UPR", false), ("UPRIGH~1", false),
    ])
    func vfatAliasesOfTornTemporaryNamesAreTemporary(name: String, temporary: Bool) {
        // fsck.fat drops a long name a cut tore and leaves vfat's 8.3 alias of it.
        #expect(OutputReconciliation.isTemporary(name) == temporary)
    }

    @Test func removesTemporaryFilesAndLeavesEverythingElse() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        for name in [".upright-still-0003.jpg", ".upright-clip-0002.mp4", ".IMG_0004.jpg.upright-Ab12Cd", "notes.txt", ".hidden"] {
            Self.write([1, 2, 3], directory, name)
        }
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: [], clipExtension: "mp4")
        #expect(result.removedTemporaryFiles == [".IMG_0004.jpg.upright-Ab12Cd", ".upright-clip-0002.mp4", ".upright-still-0003.jpg"])
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 100).sorted() == [".hidden", "notes.txt"])
        #expect(result.records.isEmpty)
        #expect(result.highestNumber == 0)
    }

    @Test func aFinishedPhotoTheJournalNeverRecordedIsRecoveredWithItsExifOrientation() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(Self.photo(exif: 6), directory, "IMG_0003.jpg")
        Self.write(Self.photo(exif: 1), directory, "IMG_0002.jpg")
        Self.write([0xFF, 0xD8, 0xFF, 0xD9], directory, "IMG_0004.jpg") // no EXIF: no orientation known
        let journal = [#"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":2,"file":"IMG_0002.jpg"}"#]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(
            Self.lines(result.records) == [
                #"{"t":0.000000,"event":"file-recovered","shot":3,"orientation":"left-up","exif":6,"file":"IMG_0003.jpg"}"#,
                #"{"t":0.000000,"event":"file-recovered","shot":4,"file":"IMG_0004.jpg"}"#,
            ])
        #expect(result.highestNumber == 4)
    }

    @Test func aJournaledFileThatIsGoneIsJournaledMissingOnce() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var journal = [
            #"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":1,"file":"IMG_0001.jpg"}"#,
            #"{"t":2.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":2,"file":"CLIP_0002.mp4"}"#,
            // record-stop is journaled at the press; the cut fell before the file was named.
            #"{"t":4.000000,"event":"record-stop","orientation":"left-up","clip":2,"duration":2,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
        ]
        let first = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(
            Self.lines(first.records) == [
                #"{"t":0.000000,"event":"file-missing","shot":1,"file":"IMG_0001.jpg"}"#,
                #"{"t":0.000000,"event":"file-missing","clip":2,"file":"CLIP_0002.mp4"}"#,
            ])
        #expect(first.highestNumber == 2)
        // The next start-up reads what this one journaled and says nothing more.
        journal += Self.lines(first.records)
        let second = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(second.records.isEmpty)
        #expect(second.highestNumber == 2)
    }

    @Test func anEmptyFileUnderAFinalNameIsRemovedAndAJournaledOneMissing() {
        // vfat: the renamed entry (size 0) reached the card, the file's size did not.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write([], directory, "CLIP_0002.mp4") // journaled: record-stop at the press
        Self.write([], directory, "IMG_0003.jpg") // not journaled: the line never came
        Self.write([], directory, "notes.txt") // not one of ours: left
        let journal = [
            #"{"t":1.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":2,"file":"CLIP_0002.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"normal","clip":2,"duration":2,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.removedEmptyFiles == ["CLIP_0002.mp4", "IMG_0003.jpg"])
        #expect(result.removedTemporaryFiles.isEmpty)
        #expect(Self.lines(result.records) == [#"{"t":0.000000,"event":"file-missing","clip":2,"file":"CLIP_0002.mp4"}"#])
        #expect(!POSIXFile.exists(directory.path + "/CLIP_0002.mp4"))
        #expect(!POSIXFile.exists(directory.path + "/IMG_0003.jpg"))
        #expect(POSIXFile.exists(directory.path + "/notes.txt"))
        // The journal's highest number still counts.
        #expect(result.highestNumber == 2)
    }

    @Test func anUpperCaseNameIsAPhotoOnlyWhenItOpensAsThePhotosOwnName() {
        // On a case-sensitive file system IMG_0006.JPG and IMG_0006.jpg are two files: the
        // upper-case one is not taken for the photo (on vfat, where they are one, it is: make
        // powercut-test).
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(Self.photo(exif: 6), directory, "IMG_0006.JPG")
        #expect(OutputReconciliation.photoAlias("IMG_0006.JPG", naming: MediaNaming(clipExtension: "mp4"), directory: directory.path) == nil)
        Self.write(Self.photo(exif: 6), directory, "IMG_0006.jpg")
        #expect(OutputReconciliation.photoAlias("IMG_0006.JPG", naming: MediaNaming(clipExtension: "mp4"), directory: directory.path) == nil)
        // The same file under both names, as vfat's lookup gives it (a hard link here).
        #expect(unlink(directory.path + "/IMG_0006.JPG") == 0)
        #expect(link(directory.path + "/IMG_0006.jpg", directory.path + "/IMG_0006.JPG") == 0)
        #expect(
            OutputReconciliation.photoAlias("IMG_0006.JPG", naming: MediaNaming(clipExtension: "mp4"), directory: directory.path) == .shot(6))
        for other in ["IMG_006.JPG", "IMG_10~1.JPG", "img_0006.jpg", "IMG_0006.JPE", "CLIP_0~1.MP4"] {
            #expect(OutputReconciliation.photoAlias(other, naming: MediaNaming(clipExtension: "mp4"), directory: directory.path) == nil)
        }
    }

    @Test func aClipCutWhileRecordingFailsInterruptedAndAFinishedOneIsRecovered() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write([9], directory, ".upright-clip-0005.mp4") // cut while recording clip 5
        // Named, stop not journaled: named only once its latched rotation was written.
        Self.write(try MP4RotationPatcher.patched(MediaFixtures.mp4(), rotationDegrees: 180), directory, "CLIP_0006.mp4")
        let journal = [
            #"{"t":1.000000,"event":"record-start","orientation":"right-up","exif":8,"rotation":270,"clip":5,"file":"CLIP_0005.mp4"}"#,
            #"{"t":1.000000,"event":"record-start","orientation":"bottom-up","exif":3,"rotation":180,"clip":6,"file":"CLIP_0006.mp4"}"#,
        ]
        var result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.removedTemporaryFiles == [".upright-clip-0005.mp4"])
        #expect(
            Self.lines(result.records) == [
                #"{"t":0.000000,"event":"record-failed","clip":5,"reason":"interrupted"}"#,
                #"{"t":0.000000,"event":"file-recovered","clip":6,"orientation":"bottom-up","rotation":180,"file":"CLIP_0006.mp4"}"#,
            ])
        #expect(result.highestNumber == 6)
        result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal + Self.lines(result.records), clipExtension: "mp4")
        #expect(result.records.isEmpty)
    }

    /// A clip named without its rotation (its `fault` `rotation` on the card before start-up
    /// writes a byte of it): start-up writes the rotation in place and journals it written, once;
    /// a clip `upright orient` rotated first is journaled written without a write.
    @Test func aRotationOwedIsWrittenAtStartUpOnce() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let original = MediaFixtures.mp4(moovLast: true)
        Self.write(original, directory, "CLIP_0002.mp4")
        Self.write(original, directory, "CLIP_0003.mp4")
        try MediaOrientationWriter.apply(.leftUp, toFileAt: directory.path + "/CLIP_0003.mp4") // upright orient's
        let journal = [
            #"{"t":1.000000,"event":"record-start","orientation":"right-up","exif":8,"rotation":270,"clip":2,"file":"CLIP_0002.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"right-up","clip":2,"duration":2,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
            #"{"t":3.100000,"event":"fault","kind":"rotation","detail":"CLIP_0002.mp4: cannot write in place: Input/output error","clip":2,"file":"CLIP_0002.mp4","rotation":270}"#,
            #"{"t":4.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":3,"file":"CLIP_0003.mp4"}"#,
            #"{"t":5.000000,"event":"record-stop","orientation":"left-up","clip":3,"duration":1,"reason":"shutter","file":"CLIP_0003.mp4"}"#,
            #"{"t":5.100000,"event":"fault","kind":"rotation","detail":"CLIP_0003.mp4: cannot write in place: Input/output error","clip":3,"file":"CLIP_0003.mp4","rotation":90}"#,
        ]
        var result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(
            Self.lines(result.records) == [
                #"{"t":0.000000,"event":"recovered","kind":"rotation","detail":"CLIP_0002.mp4: rotation 270 written","clip":2,"file":"CLIP_0002.mp4","rotation":270}"#,
                #"{"t":0.000000,"event":"recovered","kind":"rotation","detail":"CLIP_0003.mp4: rotation 90 written","clip":3,"file":"CLIP_0003.mp4","rotation":90}"#,
            ])
        #expect(try TestFile.bytes(directory.path + "/CLIP_0002.mp4") == MP4RotationPatcher.patched(original, rotationDegrees: 270))
        #expect(try TestFile.bytes(directory.path + "/CLIP_0003.mp4") == MP4RotationPatcher.patched(original, rotationDegrees: 90))
        #expect(result.rotationsStillOwed.isEmpty)
        result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal + Self.lines(result.records), clipExtension: "mp4")
        #expect(result.records.isEmpty)
    }

    /// A cut between a clip's naming (its matrix could not be written) and its `fault`
    /// `rotation` line leaves it named unturned and nothing owed: the newest clip the journal
    /// started gets the rotation its start latched, journaled written, once. An older clip is
    /// not read (only the journal's last line is lost to a cut). Before, the newest clip stayed
    /// unturned for good (the long-life swarm's failing card and power cuts).
    @Test func theNewestClipNamedUnturnedGetsItsLatchedRotation() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let original = MediaFixtures.mp4(moovLast: true)
        Self.write(original, directory, "CLIP_0002.mp4")
        Self.write(original, directory, "CLIP_0003.mp4")
        let journal = [
            #"{"t":1.000000,"event":"record-start","orientation":"right-up","exif":8,"rotation":270,"clip":2,"file":"CLIP_0002.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"right-up","clip":2,"duration":2,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
            #"{"t":4.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":3,"file":"CLIP_0003.mp4"}"#,
            #"{"t":5.000000,"event":"record-stop","orientation":"left-up","clip":3,"duration":1,"reason":"shutter","file":"CLIP_0003.mp4"}"#,
        ]
        var result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(
            Self.lines(result.records) == [
                #"{"t":0.000000,"event":"recovered","kind":"rotation","detail":"CLIP_0003.mp4: rotation 90 written","clip":3,"file":"CLIP_0003.mp4","rotation":90}"#
            ])
        #expect(try TestFile.bytes(directory.path + "/CLIP_0003.mp4") == MP4RotationPatcher.patched(original, rotationDegrees: 90))
        #expect(try TestFile.bytes(directory.path + "/CLIP_0002.mp4") == original)
        result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal + Self.lines(result.records), clipExtension: "mp4")
        #expect(result.records.isEmpty)
    }

    /// A rotation that cannot be written at start-up either (the file is not a movie any more)
    /// stays owed, named for the note; a clip gone is `file-missing`, which settles its rotation.
    @Test func aRotationThatCannotBeWrittenStaysOwed() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write([1, 2, 3, 4, 5, 6, 7, 8, 9], directory, "CLIP_0004.mp4")
        let journal = [
            #"{"t":3.000000,"event":"record-stop","orientation":"bottom-up","clip":4,"duration":2,"reason":"shutter","file":"CLIP_0004.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"left-up","clip":5,"duration":2,"reason":"shutter","file":"CLIP_0005.mp4"}"#,
            #"{"t":3.100000,"event":"fault","kind":"rotation","detail":"CLIP_0004.mp4: cannot write in place: Input/output error","clip":4,"file":"CLIP_0004.mp4","rotation":180}"#,
            #"{"t":3.100000,"event":"fault","kind":"rotation","detail":"CLIP_0005.mp4: cannot write in place: Input/output error","clip":5,"file":"CLIP_0005.mp4","rotation":90}"#,
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.rotationsStillOwed == ["CLIP_0004.mp4: not a JPEG or MP4/QuickTime file"])
        #expect(Self.lines(result.records) == [#"{"t":0.000000,"event":"file-missing","clip":5,"file":"CLIP_0005.mp4"}"#])
        let again = OutputReconciliation.reconcile(
            directory: directory.path, journalLines: journal + Self.lines(result.records), clipExtension: "mp4")
        #expect(again.rotationsStillOwed == ["CLIP_0004.mp4: not a JPEG or MP4/QuickTime file"])
        #expect(again.records.isEmpty)
        #expect(result.unreadableLines == 0)
    }

    /// A clip stopped (record-stop names its file) that the camera then could not finish
    /// (record-failed `storage`, the card full): no file is owed, nothing is journaled missing.
    @Test func aStoppedClipJournaledFailedOwesNoFile() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let journal = [
            #"{"t":2.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":3,"file":"CLIP_0003.mp4"}"#,
            #"{"t":4.000000,"event":"record-stop","orientation":"normal","clip":3,"duration":2,"reason":"shutter","file":"CLIP_0003.mp4"}"#,
            #"{"t":4.200000,"event":"record-failed","clip":3,"reason":"storage"}"#,
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.records.isEmpty)
        #expect(result.highestNumber == 3)
    }

    /// What the journal says exists: photos and finished clips, not a clip only started, not
    /// one that failed after its stop, not a file journaled missing.
    @Test func filesOwedAreTheFinishedOnesStillThere() {
        let journal = [
            #"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":2,"file":"IMG_0002.jpg"}"#,
            #"{"t":1.500000,"event":"capture","orientation":"normal","exif":1,"shot":1,"file":"IMG_0001.jpg"}"#,
            #"{"t":2.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":3,"file":"CLIP_0003.mp4"}"#,
            #"{"t":4.000000,"event":"record-stop","orientation":"normal","clip":3,"duration":2,"reason":"shutter","file":"CLIP_0003.mp4"}"#,
            #"{"t":5.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":4,"file":"CLIP_0004.mp4"}"#,
            #"{"t":6.000000,"event":"record-stop","orientation":"normal","clip":4,"duration":1,"reason":"shutter","file":"CLIP_0004.mp4"}"#,
            #"{"t":6.100000,"event":"record-failed","clip":4,"reason":"storage"}"#,
            #"{"t":7.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":5,"file":"CLIP_0005.mp4"}"#,
            #"{"t":0.000000,"event":"file-missing","shot":2,"file":"IMG_0002.jpg"}"#,
        ]
        #expect(OutputReconciliation.filesOwed(by: journal) == ["IMG_0001.jpg", "CLIP_0003.mp4"])
    }

    @Test func numberingGoesOnAfterTheJournalsHighestEvenWithoutAFile() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(Self.photo(exif: 1), directory, "IMG_0002.jpg")
        let journal = [
            #"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":2,"file":"IMG_0002.jpg"}"#,
            #"{"t":2.000000,"event":"capture-failed","shot":9,"reason":"camera"}"#,
            "{\"t\":3.0,\"event\":\"capt", // not a JSON object: counted, skipped
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.records.isEmpty)
        #expect(result.highestNumber == 9)
        #expect(result.unreadableLines == 1)
    }

    /// A board switched from a V4L2 webcam (clips in MOV) to the Pi's camera (MP4): the webcam's
    /// clips are still ours, neither missing nor new, and numbering goes on after them.
    @Test func clipsOfTheOtherCamerasExtensionAreKept() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(Array("a clip".utf8), directory, "CLIP_0003.mov")
        Self.write(Array("another".utf8), directory, "CLIP_0004.mov")
        let journal = [
            #"{"t":1.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":3,"file":"CLIP_0003.mov"}"#,
            #"{"t":2.000000,"event":"record-stop","orientation":"left-up","clip":3,"duration":1,"reason":"shutdown","file":"CLIP_0003.mov"}"#,
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.records == [.fileRecovered(.clip(4), orientation: nil, file: "CLIP_0004.mov")])
        #expect(result.highestNumber == 4)
    }

    /// `IMG_00030003.jpg` is not a name the scheme gives (shot 30003 is `IMG_30003.jpg`): it was
    /// journaled recovered as `IMG_30003.jpg`, a file that is not there, so `upright journal
    /// --files` listed it and the user's file was the journal's shot 30003 (found by make fuzz,
    /// FuzzStartup). It is a user's file: left alone, and not a number of ours.
    @Test func aNameOtherThanTheSchemesFormOfItsNumberIsAUsersFile() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(Self.photo(exif: 6), directory, "IMG_00030003.jpg")
        Self.write(Array("a clip".utf8), directory, "CLIP_00007.mp4")
        Self.write(Self.photo(exif: 1), directory, "IMG_0002.jpg")
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: [], clipExtension: "mp4")
        #expect(result.records == [.fileRecovered(.shot(2), orientation: .normal, file: "IMG_0002.jpg")])
        #expect(result.highestNumber == 2)
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 10).sorted() == ["CLIP_00007.mp4", "IMG_0002.jpg", "IMG_00030003.jpg"])
    }

    /// A FIFO under a clip's vfat alias was taken for the clip the journal owes and renamed to
    /// its name; the next start-up, finding a FIFO there, journaled the clip `file-missing` that
    /// this one had not (found by make fuzz, FuzzStartup: a second start-up journaled again).
    /// Only a regular file is a clip: the FIFO is left alone, noted, and the clip is missing.
    @Test func aFIFOUnderAClipAliasIsLeftAloneAndTheClipMissing() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(mkfifo(directory.path + "/CLIP_0~7.MP4", 0o644) == 0)
        let journal = Self.lines([
            .recordStart(clip: 7, orientation: .leftUp, stale: false, file: "CLIP_0007.mp4"),
            .recordStop(clip: 7, orientation: .leftUp, durationSeconds: 2, reason: "shutter", file: "CLIP_0007.mp4"),
        ])
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.notRegularFiles == ["CLIP_0~7.MP4"])
        #expect(result.renamedClipAliases.isEmpty)
        #expect(result.records == [.fileMissing(.clip(7), file: "CLIP_0007.mp4")])
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 10) == ["CLIP_0~7.MP4"])
    }

    /// A FIFO under a photo's name blocked start-up for ever (its open waits for a writer);
    /// a directory under a clip's name: neither is opened, both are noted, their numbers kept.
    @Test func onlyRegularFilesAreOpened() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(Self.photo(exif: 6), directory, "IMG_0001.jpg")
        #expect(mkfifo(directory.path + "/IMG_0002.jpg", 0o644) == 0)
        #expect(mkdir(directory.path + "/CLIP_0003.mp4", 0o755) == 0)
        let journal = [#"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":2,"file":"IMG_0002.jpg"}"#]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.notRegularFiles == ["CLIP_0003.mp4", "IMG_0002.jpg"])
        #expect(
            result.records == [
                .fileRecovered(.shot(1), orientation: .leftUp, file: "IMG_0001.jpg"), .fileMissing(.shot(2), file: "IMG_0002.jpg"),
            ])
        #expect(result.highestNumber == 3)
    }

    @Test func fileNamesAreThePlainNamesTheJournalGives() {
        let lines = [
            #"{"t":1.000000,"event":"capture","orientation":"normal","exif":1,"shot":1,"file":"IMG_0001.jpg"}"#,
            #"{"t":2.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":2,"file":"CLIP_0002.mov"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"normal","clip":2,"duration":1,"reason":"shutter","file":"CLIP_0002.mov"}"#,
            #"{"t":4.000000,"event":"capture","orientation":"normal","exif":1,"shot":3,"file":"../escape.jpg"}"#,
            #"{"t":5.000000,"event":"capture","orientation":"normal","exif":1,"shot":4,"file":".hidden"}"#,
        ]
        #expect(OutputReconciliation.fileNames(in: lines) == ["IMG_0001.jpg", "CLIP_0002.mov"])
    }

    @Test(arguments: [
        ("CLIP_0~1.MP4", true), ("CLIP_0~7.MP4", true), ("CLIP_~12.MP4", true), ("CLIP~123.MP4", true), ("CLIP_1~1.MP4", true),
        ("CLIP_0~1.MOV", false), ("clip_0~1.mp4", false), ("CLIP_0001.MP4", false), ("CLIP_0~.MP4", false), ("IMG_0~1.MP4", false),
        ("CLIPX~1.MP4", false), ("UPRIGH~1.MP4", false), ("CLI~1.MP4", false), ("CLIP_A~1.MP4", false),
    ])
    func vfatsAliasOfAClipName(name: String, isAlias: Bool) {
        #expect(OutputReconciliation.isClipAlias(name, naming: MediaNaming(clipExtension: "mp4")) == isAlias)
    }

    @Test(arguments: [("FSCK0000.000", true), ("FSCK0012.001", true), ("FSCK0000.REC", false), ("FSCK000.000", false), ("fsck0000.000", false)])
    func fsckRenamedDuplicate(name: String, isDuplicate: Bool) {
        #expect(OutputReconciliation.isRenamedDuplicate(name) == isDuplicate)
    }

    @Test func aClipUnderVfatsAliasIsRenamedBackWhenTheJournalLeavesOneClip() throws {
        // make powercut-test on vfat: the clip's long name torn, fsck left `CLIP_0~7.MP4`, which
        // `CLIP_0007.mp4` does not open (its 8.3 form is not the clip's name).
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(MediaFixtures.mp4(), directory, "CLIP_0001.mp4")
        // Its latched rotation written before it was named.
        Self.write(try MP4RotationPatcher.patched(MediaFixtures.mp4(), rotationDegrees: 90), directory, "CLIP_0~7.MP4")
        let journal = [
            #"{"t":1.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1,"file":"CLIP_0001.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"normal","clip":1,"duration":2,"reason":"shutter","file":"CLIP_0001.mp4"}"#,
            #"{"t":5.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":7,"file":"CLIP_0007.mp4"}"#,
            #"{"t":7.000000,"event":"record-stop","orientation":"left-up","clip":7,"duration":2,"reason":"shutter","file":"CLIP_0007.mp4"}"#,
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.renamedClipAliases == ["CLIP_0~7.MP4 -> CLIP_0007.mp4"])
        #expect(result.unmatchedClipAliases.isEmpty)
        #expect(result.records.isEmpty)
        #expect(POSIXFile.exists(directory.path + "/CLIP_0007.mp4"))
        #expect(!POSIXFile.exists(directory.path + "/CLIP_0~7.MP4"))
        #expect(result.highestNumber == 7)
    }

    @Test func clipAliasesTheJournalCannotTellApartAreLeftAndTheClipsMissing() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write(MediaFixtures.mp4(), directory, "CLIP_0~2.MP4")
        Self.write([], directory, "CLIP_0~3.MP4") // an alias with no bytes: removed
        let journal = [
            #"{"t":3.000000,"event":"record-stop","orientation":"normal","clip":2,"duration":2,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
            #"{"t":7.000000,"event":"record-stop","orientation":"normal","clip":3,"duration":2,"reason":"shutter","file":"CLIP_0003.mp4"}"#,
        ]
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: journal, clipExtension: "mp4")
        #expect(result.renamedClipAliases.isEmpty)
        #expect(result.unmatchedClipAliases == ["CLIP_0~2.MP4"])
        #expect(result.removedEmptyFiles == ["CLIP_0~3.MP4"])
        #expect(
            Self.lines(result.records) == [
                #"{"t":0.000000,"event":"file-missing","clip":2,"file":"CLIP_0002.mp4"}"#,
                #"{"t":0.000000,"event":"file-missing","clip":3,"file":"CLIP_0003.mp4"}"#,
            ])
        #expect(POSIXFile.exists(directory.path + "/CLIP_0~2.MP4"))
        #expect(!POSIXFile.exists(directory.path + "/CLIP_0002.mp4"))
    }

    @Test func fscksEmptyRenamedDuplicateIsRemovedAndOneWithBytesLeft() {
        // fsck.fat: "Duplicate directory entry ... Size 0 bytes ... Renamed to FSCK0000.000".
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        Self.write([], directory, "FSCK0000.000")
        Self.write([1, 2, 3], directory, "FSCK0001.000")
        Self.write([], directory, "FSCK0000.REC")
        let result = OutputReconciliation.reconcile(directory: directory.path, journalLines: [], clipExtension: "mp4")
        #expect(result.removedEmptyFiles == ["FSCK0000.000"])
        #expect(result.records.isEmpty)
        #expect(!POSIXFile.exists(directory.path + "/FSCK0000.000"))
        #expect(POSIXFile.exists(directory.path + "/FSCK0001.000"))
        #expect(POSIXFile.exists(directory.path + "/FSCK0000.REC"))
    }
}
