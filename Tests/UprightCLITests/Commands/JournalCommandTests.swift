import Foundation
import Testing
@testable import UprightCLI
import UprightTestSupport

/// `upright journal`: each line read by the firmware's decoder; the files a journal owes.
@Suite struct JournalCommandTests {
    let directory = TemporaryDirectory()

    func run(_ arguments: [String]) -> (status: Int32, out: String, error: String) {
        let recorder = ConsoleRecorder()
        let status = Upright.main(["journal"] + arguments, console: recorder.console)
        return (status, recorder.out, recorder.error)
    }

    func journal(_ name: String, _ text: String) throws -> String {
        let path = directory.path + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    /// Two photos (the second's file gone at a restart), a clip turned left-up and stopped, a
    /// recovered photo whose orientation could not be read, a sensor fault.
    static let lines = """
        {"t":1.000000,"event":"capture","orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg"}
        {"t":2.000000,"event":"capture","orientation":"normal","exif":1,"shot":2,"file":"IMG_0002.jpg"}
        {"t":3.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":1,"file":"CLIP_0001.mp4"}
        {"t":4.000000,"event":"record-stop","orientation":"left-up","clip":1,"duration":1,"reason":"shutter","file":"CLIP_0001.mp4"}
        {"t":5.000000,"event":"fault","kind":"sensor","detail":"no sample for 0.5 s"}
        {"t":6.000000,"event":"file-missing","shot":2,"file":"IMG_0002.jpg"}
        {"t":6.000000,"event":"file-recovered","shot":3,"file":"IMG_0003.jpg"}

        """

    @Test func aJournalIsSummed() throws {
        let path = try journal("journal.ndjson", Self.lines)
        let result = run([path])
        #expect(result.error == "")
        #expect(result.status == 0)
        #expect(result.out == path + ": 7 records: 2 photos, 1 clip, 1 fault; 3 files on the card\n")
    }

    @Test func theFilesOnTheCardAreListedWithTheirOrientation() throws {
        let path = try journal("journal.ndjson", Self.lines)
        let result = run(["--files", path])
        #expect(result.error == "")
        #expect(
            result.out == """
                {"file":"IMG_0001.jpg","shot":1,"exif":6}
                {"file":"IMG_0003.jpg","shot":3}
                {"file":"CLIP_0001.mp4","clip":1,"rotation":90}

                """)
    }

    /// A record missing a key, a torn last line: the file and line named, exit 2, and the other
    /// journals still read.
    @Test func aLineThatIsNotARecordIsNamed() throws {
        let missing = try journal("a.ndjson", #"{"t":1.000000,"event":"capture","exif":6,"shot":1}"# + "\n")
        let torn = try journal("b.ndjson", Self.lines + #"{"t":7.0"#)
        let good = try journal("c.ndjson", Self.lines)
        let result = run([missing, torn, good])
        #expect(result.status == 2)
        #expect(
            result.error == """
                upright journal: \(missing):1: orientation: missing (required)
                upright journal: \(torn):8: no newline at the end: a torn line

                """)
        #expect(result.out.hasPrefix(good + ": 7 records"))
    }

    /// A flipped bit on the card: a time past what an instant holds is the line's error, not a
    /// trap (it died with "arithmetic overflow").
    @Test func aTimeTooLargeIsNamedWithItsLine() throws {
        let path = try journal("flipped.ndjson", Self.lines + #"{"t":1e10,"event":"fault","kind":"sensor"}"# + "\n")
        let result = run([path])
        #expect(result.status == 2)
        #expect(result.error == "upright journal: \(path):8: t: 10000000000 is out of range (0..1000000000)\n")
    }

    @Test func aMissingJournalFails() {
        let result = run([directory.path + "/none.ndjson"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("upright journal: " + directory.path + "/none.ndjson"))
    }

    /// A journal kept in segments is read whole, oldest first, one line at a time: the segments'
    /// checkpoints checked and counted, the files on the card those of every file's records; a
    /// line that is not a record is named with its segment's file and line.
    @Test func aJournalInSegmentsIsReadWholeInOrder() throws {
        let capture = { (shot: Int) in
            #"{"t":1.000000,"event":"capture","orientation":"left-up","exif":6,"shot":"# + String(shot) + #","file":"IMG_000"#
                + String(shot) + #".jpg"}"#
        }
        let checkpoint =
            #"{"t":2.000000,"event":"checkpoint","segment":1,"highest":2,"settled":0,"files":[{"file":"IMG_0001.jpg","shot":1,"exif":6},{"file":"IMG_0002.jpg","shot":2,"exif":6}],"open":[],"owed":[],"crc":3086156908}"#
        let path = try journal("journal.ndjson", checkpoint + "\n" + capture(3) + "\n")
        _ = try journal("journal.ndjson.000001", capture(1) + "\n" + capture(2) + "\n")
        var result = run([path])
        #expect(result.error == "")
        #expect(result.out == path + ": 3 records: 3 photos, 0 clips, 0 faults; 3 files on the card (read from 2 files, 1 checkpoint)\n")
        result = run(["--files", path])
        #expect(
            result.out == """
                {"file":"IMG_0001.jpg","shot":1,"exif":6}
                {"file":"IMG_0002.jpg","shot":2,"exif":6}
                {"file":"IMG_0003.jpg","shot":3,"exif":6}

                """)
        let segment = try journal("journal.ndjson.000001", capture(1) + "\n" + #"{"t":1.000000,"event":"capture"}"# + "\n")
        result = run([path])
        #expect(result.status == 2)
        #expect(result.error == "upright journal: " + segment + ":2: orientation: missing (required)\n")
    }
}
