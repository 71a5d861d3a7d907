import Testing
import UprightCore
@testable import UprightHost

/// The checkpoint line that begins each journal file after the first: written and read as one
/// contract, strict as a record, and the facts it carries the facts of the lines before it.
@Suite struct JournalCheckpointTests {
    static let checkpoint = JournalCheckpoint(
        time: Instant(nanoseconds: 12_000_000_000), segment: 3, highestNumber: 9, settledThrough: 0,
        files: [
            OwedFile(number: .shot(7), file: "IMG_0007.jpg", orientation: .leftUp),
            OwedFile(number: .clip(8), file: "CLIP_0008.mp4", orientation: .normal),
        ],
        openClips: [JournalCheckpoint.OpenClip(clip: 9, orientation: nil)],
        owedRotations: [OwedRotation(clip: 8, file: "CLIP_0008.mp4", rotationDegrees: 0, problem: "Input/output error")])

    static let line =
        #"{"t":12.000000,"event":"checkpoint","segment":3,"highest":9,"settled":0,"files":[{"file":"IMG_0007.jpg","shot":7,"exif":6},{"file":"CLIP_0008.mp4","clip":8,"rotation":0}],"open":[{"clip":9,"orientation":"unknown"}],"owed":[{"clip":8,"file":"CLIP_0008.mp4","rotation":0,"problem":"Input/output error"}],"crc":3688034708}"#

    @Test func itsLineIsTheContractAndReadsBack() throws {
        #expect(Self.checkpoint.jsonLine() == Self.line)
        #expect(try JournalCheckpoint(jsonLine: Self.line) == Self.checkpoint)
        #expect(JournalCheckpoint.isCheckpoint(Self.line))
        #expect(!JournalCheckpoint.isCheckpoint(#"{"t":1.000000,"event":"fault","kind":"checkpoint","detail":"x"}"#))
    }

    @Test(arguments: [
        (
            #"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"settled":6,"files":[],"open":[],"owed":[],"crc":4124341454}"#,
            "settled: 6 is out of range (0..5)"
        ),
        (
            #"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"files":[],"open":[],"owed":[],"crc":1419495706}"#,
            "settled: missing (required)"
        ),
        (
            #"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"settled":0,"files":[{"file":"../x","shot":1}],"open":[],"owed":[],"crc":1120405888}"#,
            #"files[0].file: "../x" is not a plain file name in the output directory"#
        ),
        (
            #"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"settled":0,"files":[],"open":[],"owed":[{"clip":2,"file":"CLIP_0002.mp4","rotation":45,"problem":"p"}],"crc":2073439626}"#,
            "owed[0].rotation: 45 is not 0, 90, 180 or 270"
        ),
        (
            #"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"settled":0,"files":[],"open":[],"owed":[],"crc":3164300273,"extra":1}"#,
            "extra: unknown key"
        ),
        (
            #"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"settled":1,"files":[],"open":[],"owed":[],"crc":3164300273}"#,
            "crc: 3164300273 does not match the line (a damaged checkpoint)"
        ),
        (#"{"t":1.000000,"event":"checkpoint","segment":1,"highest":5,"settled":0,"files":[],"open":[],"owed":[]}"#, "crc: missing (required)"),
        (
            #"{"t":1e10,"event":"checkpoint","segment":1,"highest":5,"settled":0,"files":[],"open":[],"owed":[],"crc":1467257673}"#,
            "t: 10000000000 is out of range (0..1000000000)"
        ),
    ])
    func aBadCheckpointIsAnErrorNamingItsKey(line: String, message: String) {
        #expect(JournalCheckpoint.isCheckpoint(line))
        do {
            _ = try JournalCheckpoint(jsonLine: line)
            Issue.record("read: \(line)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// The facts of a segment's lines, carried by its checkpoint: the photos and clips above the
    /// settled numbers, the clip still recording, the rotation owed; reading the series whole
    /// with the checkpoint in it gives the same files.
    @Test func theCheckpointCarriesWhatStartUpNeeds() throws {
        let lines = [
            #"{"t":1.000000,"event":"capture","orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg"}"#,
            #"{"t":2.000000,"event":"record-start","orientation":"right-up","exif":8,"rotation":270,"clip":2,"file":"CLIP_0002.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"right-up","clip":2,"duration":1,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
            #"{"t":3.100000,"event":"fault","kind":"rotation","detail":"CLIP_0002.mp4: cannot write in place: Input/output error","clip":2,"file":"CLIP_0002.mp4","rotation":270}"#,
            #"{"t":4.000000,"event":"capture","orientation":"normal","exif":1,"shot":3,"file":"IMG_0003.jpg"}"#,
            #"{"t":5.000000,"event":"file-missing","shot":3,"file":"IMG_0003.jpg"}"#,
            #"{"t":6.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":4,"file":"CLIP_0004.mp4"}"#,
        ]
        var facts = JournalFacts()
        for line in lines { try facts.read(line: line) }
        let checkpoint = facts.checkpoint(time: Instant(nanoseconds: 7_000_000_000), segment: 1)
        #expect(
            checkpoint.jsonLine()
                == #"{"t":7.000000,"event":"checkpoint","segment":1,"highest":4,"settled":0,"files":[{"file":"IMG_0001.jpg","shot":1,"exif":6},{"file":"CLIP_0002.mp4","clip":2,"rotation":270}],"open":[{"clip":4,"orientation":"normal"}],"owed":[{"clip":2,"file":"CLIP_0002.mp4","rotation":270,"problem":"CLIP_0002.mp4: cannot write in place: Input/output error"}],"crc":1077656820}"#
        )
        let carried = JournalFacts(checkpoint)
        #expect(carried.owedFiles == facts.owedFiles)
        #expect(carried.owedRotations == facts.owedRotations)
        #expect(carried.highestNumber == 4)
        var whole = JournalFacts()
        for line in lines + [checkpoint.jsonLine()] { try whole.read(line: line) }
        #expect(whole.owedFiles == facts.owedFiles)
    }

    /// Numbers more than the window below the highest are settled: the checkpoint stays bounded.
    @Test func theCheckpointKeepsTheWindowOfNumbersOnly() throws {
        var facts = JournalFacts()
        for shot in 1...300 {
            let file = MediaNaming(clipExtension: "mp4").photoName(shot: UInt32(shot))
            facts.read(EventRecord.fileRecovered(.shot(shot), orientation: .normal, file: file))
        }
        let checkpoint = facts.checkpoint(time: .zero, segment: 1)
        #expect(checkpoint.settledThrough == 44)
        #expect(checkpoint.files.count == 256)
        #expect(checkpoint.files.first?.file == "IMG_0045.jpg")
        #expect(checkpoint.jsonLine().utf8.count < 20_000)
    }
}
